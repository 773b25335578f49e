import { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * The rerank APIs users already run. `cohere`, `jina` and `vllm` share one shape — `POST {base}/rerank` with
 * `{model, query, documents, top_n}` answered by `{results: [{index, relevance_score}]}` (Cohere's base URL ends
 * in `/v2`, Jina's and vLLM's in `/v1`); `tei` is Hugging Face Text Embeddings Inference — `POST {base}/rerank`
 * with `{query, texts}` answered by `[{index, score}]`.
 */
export const RERANK_APIS = ['cohere', 'jina', 'vllm', 'tei'] as const;
export type RerankApi = (typeof RERANK_APIS)[number];

/** The request body for one batch of texts. */
export function rerankBody(
  api: RerankApi,
  model: string | undefined,
  query: string,
  texts: readonly string[],
): unknown {
  switch (api) {
    case 'tei':
      // Texts longer than the model's input are cut rather than refused.
      return { query, texts, truncate: true };
    case 'jina':
      // Jina echoes every document back unless told not to.
      return { model, query, documents: texts, top_n: texts.length, return_documents: false };
    default:
      return { ...(model ? { model } : {}), query, documents: texts, top_n: texts.length };
  }
}

const Scored = z.array(z.object({ index: z.number().int().min(0), score: z.number() }));
const Results = z.object({
  results: z.array(z.object({ index: z.number().int().min(0), relevance_score: z.number() })),
});

/** One score per text, from a reply; a reply that is malformed or leaves a text unscored is an error. */
export function parseRerankReply(api: RerankApi, reply: unknown, n: number, where: string): number[] {
  let pairs: { index: number; score: number }[];
  if (api === 'tei') {
    const r = Scored.safeParse(reply);
    if (!r.success) throw malformed(where, 'an array of {index, score}');
    pairs = r.data;
  } else {
    const r = Results.safeParse(reply);
    if (!r.success) throw malformed(where, '{results: [{index, relevance_score}]}');
    pairs = r.data.results.map((x) => ({ index: x.index, score: x.relevance_score }));
  }
  const scores = new Array<number | undefined>(n).fill(undefined);
  for (const { index, score } of pairs) {
    if (index >= n) throw new AppError('upstream', `${where} answered for document ${index}; ${n} were sent`);
    scores[index] = score;
  }
  const missing = scores.filter((s) => s === undefined).length;
  if (missing > 0) throw new AppError('upstream', `${where} scored ${n - missing} of the ${n} documents sent`);
  return scores as number[];
}

const malformed = (where: string, expected: string) =>
  new AppError('upstream', `${where} answered in an unexpected shape (expected ${expected})`);
