import { AppError } from '../errors.ts';
import type { Embedder } from './embedder.ts';
import { parseEmbeddings } from './openai-response.ts';
import { type PostJsonOptions, postJson } from './post-json.ts';

export type OpenAIEmbedderOptions = {
  /** Base URL including the API version, as the OpenAI SDK takes it: `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Expected vector size; detected from the first response when absent. */
  dimensions?: number;
  /** Texts per request (default 64). */
  maxBatch?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error (default 5). */
  maxRetries?: number;
  /** Per request (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

/**
 * Embeddings from any server speaking OpenAI's `POST /embeddings`: OpenAI, Ollama, vLLM, llama.cpp, TEI.
 * Requests carry at most `maxBatch` texts; rate limits and server errors are retried with exponential backoff,
 * honouring Retry-After. The API key is sent as a bearer token and never appears in an error.
 */
export function createOpenAIEmbedder(opts: OpenAIEmbedderOptions): Embedder {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const url = `${base}/embeddings`;
  const maxBatch = opts.maxBatch ?? 64;
  const maxRetries = opts.maxRetries ?? 5;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  if (!Number.isInteger(maxBatch) || maxBatch < 1)
    throw new RangeError(`maxBatch must be a positive integer, got ${maxBatch}`);
  let dims = opts.dimensions ?? 0;
  const where = `embedding server ${base} (model ${opts.model})`;
  const post: PostJsonOptions = {
    where,
    keySetting: 'GROUNDED_EMBED_API_KEY',
    apiKey: opts.apiKey,
    maxRetries,
    timeoutMs,
    fetch: opts.fetch,
    sleep: opts.sleep,
    random: opts.random,
  };

  const request = async (input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    const reply = await postJson(url, { model: opts.model, input, encoding_format: 'float' }, post, signal);
    const vectors = parseEmbeddings(reply, input.length, where);
    const got = vectors[0]?.length ?? 0;
    if (dims && vectors.some((v) => v.length !== dims))
      throw new AppError('upstream', `${where} returned ${got}-dimensional vectors; ${dims} were expected`);
    dims ||= got;
    return vectors;
  };

  return {
    id: `openai-compatible:${opts.model}`,
    get dimensions() {
      if (!dims)
        throw new AppError(
          'config',
          `${where}: vector size unknown until the first request; embed once or configure it`,
        );
      return dims;
    },
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += maxBatch)
        out.push(...(await request(texts.slice(i, i + maxBatch), signal)));
      return out;
    },
  };
}
