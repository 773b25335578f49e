import type { Hit } from './types.ts';

const shingles = (text: string): Set<string> => {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const out = new Set<string>();
  if (words.length < 3) out.add(words.join(' '));
  for (let i = 0; i + 3 <= words.length; i++) out.add(words.slice(i, i + 3).join(' '));
  return out;
};

const jaccard = (a: Set<string>, b: Set<string>): number => {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
};

/** Collapse near-duplicate chunks (same content, or ≥ 90% shared word 3-grams), keeping the best-scored one. */
export function collapseNearDuplicates(hits: readonly Hit[], threshold = 0.9): Hit[] {
  const kept: { hit: Hit; sh: Set<string> }[] = [];
  const hashes = new Set<string>();
  for (const h of hits) {
    if (hashes.has(h.content_hash)) continue;
    const sh = shingles(h.text);
    if (kept.some((k) => jaccard(k.sh, sh) >= threshold)) continue;
    hashes.add(h.content_hash);
    kept.push({ hit: h, sh });
  }
  return kept.map((k) => k.hit);
}
