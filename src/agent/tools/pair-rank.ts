import { type Hit, normaliseScores } from '../../retrieval/index.ts';

export type HopList = { from: Hit; hits: Hit[] };

const MENTION_BONUS = 0.3;

/**
 * Joint scoring of paragraph pairs for two-hop questions: s1(p1) + max(s2(p2 | question + bridges of p1), s1(p2)),
 * plus a bonus when p1 mentions p2's title; paragraphs are then emitted in pair order. Scoring pairs rather than
 * merging rounds is what lifted all-supporting@5 on HotpotQA dev (merging rounds naively hurt @5).
 */
export function rankPairs(first: readonly Hit[], hops: readonly HopList[], mentions: (p: Hit) => Set<string>): Hit[] {
  const s1 = normaliseScores(first);
  const docs = new Map<string, Hit>();
  for (const h of [...first, ...hops.flatMap((x) => x.hits)]) if (!docs.has(h.id)) docs.set(h.id, h);
  const pairs: { a: Hit; b: Hit; score: number }[] = [];
  for (const { from, hits } of hops) {
    const s2 = normaliseScores(hits);
    const named = mentions(from);
    for (const b of docs.values()) {
      if (b.doc_id === from.doc_id) continue;
      const second = Math.max(s2.get(b.id) ?? 0, s1.get(b.id) ?? 0);
      if (second === 0) continue;
      const bonus = named.has(b.title) ? MENTION_BONUS : 0;
      pairs.push({ a: from, b, score: (s1.get(from.id) ?? 0) + second + bonus });
    }
  }
  pairs.sort((x, y) => y.score - x.score);
  const out: Hit[] = [];
  const seen = new Set<string>();
  const push = (h: Hit) => {
    if (!seen.has(h.id)) {
      seen.add(h.id);
      out.push(h);
    }
  };
  for (const p of pairs) {
    push(p.a);
    push(p.b);
  }
  for (const h of first) push(h);
  return out;
}
