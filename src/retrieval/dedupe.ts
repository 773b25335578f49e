import { fnv1a } from '../providers/hash.ts';
import type { Hit } from './types.ts';

// The same chunks come back search after search: their shingles are kept (bounded, oldest dropped first).
const memo = new Map<string, Set<number>>();
const MEMO_MAX = 20_000;

function shinglesOf(h: Hit): Set<number> {
  let s = memo.get(h.content_hash);
  if (!s) {
    s = shingles(h.text);
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
    memo.set(h.content_hash, s);
  }
  return s;
}

/** Hashed word 3-grams of a text: cheap to compare, and identical texts give identical sets. */
function shingles(text: string): Set<number> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const out = new Set<number>();
  if (words.length < 3) out.add(fnv1a(words.join(' ')));
  for (let i = 0; i + 3 <= words.length; i++) out.add(fnv1a(`${words[i]} ${words[i + 1]} ${words[i + 2]}`));
  return out;
}

function jaccard(a: Set<number>, b: Set<number>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
}

/**
 * Collapse near-duplicate chunks (same content, or ≥ 90% shared word 3-grams), keeping the best-scored one, until
 * `limit` are kept. Jaccard ≥ t needs the smaller set to be ≥ t × the larger, so most pairs are skipped by size.
 */
export function collapseNearDuplicates(hits: readonly Hit[], limit = Number.POSITIVE_INFINITY, threshold = 0.9): Hit[] {
  const kept: { hit: Hit; sh: Set<number> }[] = [];
  const hashes = new Set<string>();
  for (const h of hits) {
    if (kept.length >= limit) break;
    if (hashes.has(h.content_hash)) continue;
    const sh = shinglesOf(h);
    const dup = kept.some((k) => {
      const [small, large] = k.sh.size < sh.size ? [k.sh.size, sh.size] : [sh.size, k.sh.size];
      return small >= threshold * large && jaccard(k.sh, sh) >= threshold;
    });
    if (dup) continue;
    hashes.add(h.content_hash);
    kept.push({ hit: h, sh });
  }
  return kept.map((k) => k.hit);
}
