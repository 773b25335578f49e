import { errorMessage } from '../errors.ts';
import type { Reranker } from './reranker.ts';
import type { Hit } from './types.ts';

/** A reranker and how it is applied: to the best `topN` fused hits, within `timeoutMs` in all. */
export type RerankStage = { reranker: Reranker; topN: number; timeoutMs: number };

/** What the stage did, for the trace: applied, or fell back to the fused order (and why). */
export type RerankOutcome = {
  reranker: string;
  outcome: 'applied' | 'fallback';
  reason?: string;
  ms: number;
  /** Hits sent to the reranker. */
  candidates: number;
  /** Of those, how many changed position. */
  moved: number;
};

/**
 * Reorders the best `topN` hits by the reranker's scores; the hits below them keep their fused order after them.
 * Each reordered hit carries its reranker score as `rerank`, and the fused scores of the top `topN` are handed out
 * again by the new order, so the list stays sorted by `score` on the scale later merges expect. When the reranker
 * fails or runs past the stage's time limit, the hits come back in their fused order and the outcome says why; a
 * caller's own abort is not a reranker failure and is rethrown.
 */
export async function rerankHits(
  stage: RerankStage,
  query: string,
  hits: readonly Hit[],
  opts: { signal?: AbortSignal; now?: () => number } = {},
): Promise<{ hits: Hit[]; outcome: RerankOutcome }> {
  const now = opts.now ?? Date.now;
  const started = now();
  const head = hits.slice(0, stage.topN);
  const base = { reranker: stage.reranker.id, candidates: head.length, moved: 0 };
  if (head.length < 2)
    return { hits: [...hits], outcome: { ...base, outcome: 'applied', reason: 'nothing to reorder', ms: 0 } };
  const limit = AbortSignal.timeout(stage.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, limit]) : limit;
  let scores: number[];
  try {
    scores = await stage.reranker.rerank(query, head, signal);
    if (scores.length !== head.length || scores.some((s) => !Number.isFinite(s)))
      throw new Error(`returned ${scores.length} scores for ${head.length} documents`);
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const reason = limit.aborted ? `no answer within ${stage.timeoutMs} ms` : errorMessage(e);
    return { hits: [...hits], outcome: { ...base, outcome: 'fallback', reason, ms: now() - started } };
  }
  // Ties keep their fused order.
  const order = head.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const reranked = order.map((from, to) => ({ ...head[from]!, score: head[to]!.score, rerank: scores[from]! }));
  const moved = order.filter((from, to) => from !== to).length;
  return {
    hits: [...reranked, ...hits.slice(head.length)],
    outcome: { ...base, outcome: 'applied', moved, ms: now() - started },
  };
}
