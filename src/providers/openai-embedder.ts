import { AppError } from '../errors.ts';
import { traceHeaders } from '../trace/request-context.ts';
import type { Embedder } from './embedder.ts';
import { parseEmbeddings } from './openai-response.ts';
import { abortableSleep, backoffMs, isRetryableStatus, retryAfterMs } from './retry.ts';

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
  const doFetch = opts.fetch ?? globalThis.fetch;
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  if (!Number.isInteger(maxBatch) || maxBatch < 1)
    throw new RangeError(`maxBatch must be a positive integer, got ${maxBatch}`);
  let dims = opts.dimensions ?? 0;
  const where = `embedding server ${base} (model ${opts.model})`;
  const redact = (s: string) => (opts.apiKey ? s.split(opts.apiKey).join('[redacted]') : s);

  const request = async (input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...traceHeaders(),
            ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: opts.model, input, encoding_format: 'float' }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        const reason = timeout.aborted ? `no response within ${timeoutMs} ms` : redact((e as Error).message);
        if (attempt >= maxRetries)
          throw new AppError(
            timeout.aborted ? 'timeout' : 'upstream',
            `${where}: ${reason} (after ${attempt + 1} attempts)`,
          );
        await sleep(backoffMs(attempt, random), signal);
        continue;
      }
      if (res.ok) {
        const vectors = parseEmbeddings(await res.json().catch(() => undefined), input.length, where);
        const got = vectors[0]?.length ?? 0;
        if (dims && vectors.some((v) => v.length !== dims))
          throw new AppError('upstream', `${where} returned ${got}-dimensional vectors; ${dims} were expected`);
        dims ||= got;
        return vectors;
      }
      const body = redact((await res.text().catch(() => '')).slice(0, 300));
      if (res.status === 401 || res.status === 403)
        throw new AppError(
          'upstream',
          `${where} refused the request (HTTP ${res.status}): check the API key (GROUNDED_EMBED_API_KEY) and that the model is allowed`,
          { status: res.status, baseUrl: base, model: opts.model },
        );
      if (!isRetryableStatus(res.status) || attempt >= maxRetries)
        throw new AppError('upstream', `${where} failed with HTTP ${res.status}${body ? `: ${body}` : ''}`, {
          status: res.status,
          attempts: attempt + 1,
        });
      await sleep(retryAfterMs(res.headers) ?? backoffMs(attempt, random), signal);
    }
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
