import { normaliseScores } from './normalise.ts';

export type Scored = { id: string; score: number };

/** Chunk ids in code-unit order: the tie-break of `byScore`. */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Best first; equal scores by chunk id. Without the id, ties kept the order LanceDB returned rows in, which is the
 * order they were written in: two stores ingested from the same corpus in another order ranked NFCorpus's duplicate
 * abstracts (same text, same scores) the other way round, and collapsing near-duplicates kept the other one (25 of
 * its 323 queries had another top 10; BM25 alone read 0.311 or 0.314 nDCG@10 on its test half by store).
 */
export const byScore = (a: Scored, b: Scored): number => b.score - a.score || byId(a.id, b.id);
export type Fused = { id: string; score: number; bm25?: number; vector?: number };

/**
 * Min-max score fusion, weighted towards BM25. On the dev sets plain RRF with equal weights lost ~0.05 nDCG@10
 * against this: the hashed vector is the weaker list, so it only breaks ties and adds morphology matches.
 */
export function fuseMinMax(bm25: readonly Scored[], vec: readonly Scored[], weightBm25 = 0.7): Fused[] {
  const nb = normaliseScores(bm25, 'min-max');
  const nv = normaliseScores(vec, 'min-max');
  const byId = new Map<string, Fused>();
  for (const h of bm25) if (!byId.has(h.id)) byId.set(h.id, { id: h.id, score: 0, bm25: h.score });
  for (const h of vec) {
    const f = byId.get(h.id) ?? { id: h.id, score: 0 };
    f.vector ??= h.score;
    byId.set(h.id, f);
  }
  for (const f of byId.values()) f.score = weightBm25 * (nb.get(f.id) ?? 0) + (1 - weightBm25) * (nv.get(f.id) ?? 0);
  return [...byId.values()].sort(byScore);
}
