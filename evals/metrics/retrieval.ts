/** Graded judgements for one query: document id → relevance (> 0 is relevant), as in BEIR qrels. */
export type Qrels = Readonly<Record<string, number>>;

/** First occurrence of each id: a chunked document retrieved twice counts once, at its best rank. */
export const dedupe = (ranked: readonly string[]): string[] => [...new Set(ranked)];

const relevantIds = (rel: Qrels | readonly string[]): string[] =>
  Array.isArray(rel)
    ? [...new Set(rel as readonly string[])]
    : Object.keys(rel).filter((id) => (rel as Qrels)[id]! > 0);

/**
 * nDCG@k with linear gain (trec_eval / pytrec_eval, which BEIR reports): DCG = Σ rel_i / log2(i + 1) over
 * ranks i = 1..k, divided by the DCG of the ideal ordering. Undefined when the query has no relevant document.
 */
export function ndcgAtK(ranked: readonly string[], qrels: Qrels, k: number): number | undefined {
  const ideal = Object.values(qrels)
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  if (!ideal.length) return undefined;
  const dcg = (gains: readonly number[]) => gains.reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  const got = dedupe(ranked)
    .slice(0, k)
    .map((id) => Math.max(0, qrels[id] ?? 0));
  return dcg(got) / dcg(ideal);
}

/** Share of the relevant documents found in the top k; undefined without relevant documents. */
export function recallAtK(
  ranked: readonly string[],
  relevant: Qrels | readonly string[],
  k: number,
): number | undefined {
  const want = relevantIds(relevant);
  if (!want.length) return undefined;
  const top = new Set(dedupe(ranked).slice(0, k));
  return want.filter((id) => top.has(id)).length / want.length;
}

/** Reciprocal rank of the first relevant document (within k when given), 0 when none is retrieved. */
export function reciprocalRank(
  ranked: readonly string[],
  relevant: Qrels | readonly string[],
  k = Number.POSITIVE_INFINITY,
): number | undefined {
  const want = new Set(relevantIds(relevant));
  if (!want.size) return undefined;
  const at = dedupe(ranked)
    .slice(0, k)
    .findIndex((id) => want.has(id));
  return at < 0 ? 0 : 1 / (at + 1);
}

/** Multi-hop: 1 when every supporting document is in the top k, else 0 (HotpotQA needs both paragraphs). */
export function allSupportingAtK(
  ranked: readonly string[],
  supporting: readonly string[],
  k: number,
): number | undefined {
  if (!supporting.length) return undefined;
  const top = new Set(dedupe(ranked).slice(0, k));
  return supporting.every((id) => top.has(id)) ? 1 : 0;
}
