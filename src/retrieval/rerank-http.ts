import { type PostJsonOptions, postJson } from '../providers/post-json.ts';
import { parseRerankReply, type RerankApi, rerankBody } from './rerank-api.ts';
import { type Reranker, rerankText } from './reranker.ts';

export type HttpRerankerOptions = {
  api: RerankApi;
  /** Base URL up to the API version: `https://api.cohere.com/v2`, `http://localhost:8000/v1` (vLLM), `http://localhost:8080` (TEI). */
  baseUrl: string;
  model?: string;
  apiKey?: string;
  /** Documents per request (default 32, TEI's default client batch limit). */
  batchSize?: number;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error (default 2). */
  maxRetries?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

/**
 * A reranker served over HTTP. Candidates are sent in batches of `batchSize` (at once), each scored in full; rate
 * limits and server errors are retried with backoff, a refused key is a clear error naming GROUNDED_RERANK_API_KEY.
 */
export function createHttpReranker(opts: HttpRerankerOptions): Reranker {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const url = `${base}/rerank`;
  const batchSize = opts.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const where = `rerank server ${base} (${opts.api}${opts.model ? `, model ${opts.model}` : ''})`;
  const post: PostJsonOptions = {
    where,
    keySetting: 'GROUNDED_RERANK_API_KEY',
    apiKey: opts.apiKey,
    maxRetries: opts.maxRetries ?? 2,
    timeoutMs: opts.timeoutMs ?? 10_000,
    fetch: opts.fetch,
    sleep: opts.sleep,
    random: opts.random,
  };
  const score = async (query: string, texts: string[], signal?: AbortSignal) =>
    parseRerankReply(
      opts.api,
      await postJson(url, rerankBody(opts.api, opts.model, query, texts), post, signal),
      texts.length,
      where,
    );

  return {
    id: `${opts.api}:${opts.model ?? 'default'}`,
    async rerank(query, docs, signal) {
      const texts = docs.map(rerankText);
      const batches: string[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) batches.push(texts.slice(i, i + batchSize));
      // One failed batch fails the call: the others are stopped rather than left running.
      const stop = new AbortController();
      const batchSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
      const scored = batches.map((b) =>
        score(query, b, batchSignal).catch((e: unknown) => {
          stop.abort(e);
          throw e;
        }),
      );
      return (await Promise.all(scored)).flat();
    },
  };
}
