import { AppError } from '../errors.ts';
import { traceHeaders } from '../trace/request-context.ts';
import { abortableSleep, backoffMs, isRetryableStatus, retryAfterMs } from './retry.ts';

export type PostJsonOptions = {
  /** Names the server in errors: `embedding server http://… (model m)`. */
  where: string;
  /** The setting that holds the key, named when the server refuses it. */
  keySetting: string;
  apiKey?: string;
  /** Retries after a 429, a 5xx, a timeout or a network error. */
  maxRetries: number;
  /** Per request. */
  timeoutMs: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

/**
 * POST a JSON body to a model server and read its JSON reply (undefined when the reply is not JSON). Rate limits,
 * server errors, timeouts and network errors are retried with exponential backoff, honouring Retry-After; a refused
 * key (401/403) is a clear error naming the setting to check and is not retried; other client errors are reported
 * with the start of the server's reply. The key is sent as a bearer token and redacted from every message.
 */
export async function postJson(
  url: string,
  body: unknown,
  opts: PostJsonOptions,
  signal?: AbortSignal,
): Promise<unknown> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const { where, maxRetries, timeoutMs } = opts;
  const redact = (s: string) => (opts.apiKey ? s.split(opts.apiKey).join('[redacted]') : s);
  const payload = JSON.stringify(body);
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
        body: payload,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      const reason = timeout.aborted ? `no response within ${timeoutMs} ms` : redact((e as Error).message);
      if (attempt >= maxRetries)
        throw new AppError(
          timeout.aborted ? 'timeout' : 'upstream',
          `${where}: ${reason} (after ${attempt + 1} attempts)`,
          {
            attempts: attempt + 1,
          },
        );
      await sleep(backoffMs(attempt, random), signal);
      continue;
    }
    if (res.ok) return res.json().catch(() => undefined);
    const text = redact((await res.text().catch(() => '')).slice(0, 300));
    if (res.status === 401 || res.status === 403)
      throw new AppError(
        'upstream',
        `${where} refused the request (HTTP ${res.status}): check the API key (${opts.keySetting}) and that the model is allowed`,
        { status: res.status, auth: true },
      );
    if (!isRetryableStatus(res.status) || attempt >= maxRetries)
      throw new AppError('upstream', `${where} failed with HTTP ${res.status}${text ? `: ${text}` : ''}`, {
        status: res.status,
        attempts: attempt + 1,
      });
    await sleep(retryAfterMs(res.headers) ?? backoffMs(attempt, random), signal);
  }
}
