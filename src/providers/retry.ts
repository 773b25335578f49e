const MAX_WAIT_MS = 60_000;

/** Rate limits, timeouts and server-side failures are worth another try; other client errors are not. */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;

/** Exponential backoff with jitter: about 0.5 s, 1 s, 2 s, … capped at a minute. */
export const backoffMs = (attempt: number, random: () => number = Math.random): number =>
  Math.min(MAX_WAIT_MS, 500 * 2 ** attempt) * (0.5 + random() / 2);

/** The wait a server asked for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_WAIT_MS);
  const h = headers.get('retry-after');
  if (h === null) return undefined;
  const secs = Number(h);
  if (h.trim() !== '' && Number.isFinite(secs)) return Math.min(Math.max(0, secs * 1000), MAX_WAIT_MS);
  const date = Date.parse(h);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_WAIT_MS);
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
