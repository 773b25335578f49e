import { abortDetail, GuardrailStop } from './guardrails.ts';

export class CallTimeout extends Error {
  constructor(
    readonly call: string,
    readonly ms: number,
  ) {
    super(`${call} timed out after ${ms} ms`);
  }
}

export type CallOptions = {
  name: string;
  timeoutMs: number;
  /** Only idempotent calls are retried: a retried side effect could happen twice. */
  idempotent: boolean;
  retries: number;
  signal?: AbortSignal;
  onRetry?: (attempt: number, error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Run one tool or model call under a timeout that also aborts the call's own signal, retrying idempotent calls
 * with exponential backoff. A call that ignores its signal is still abandoned when the timeout fires.
 */
export async function guardedCall<T>(fn: (signal: AbortSignal) => Promise<T>, o: CallOptions): Promise<T> {
  const attempts = o.idempotent ? o.retries + 1 : 1;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (o.signal?.aborted) throw new GuardrailStop('aborted', abortDetail(o.signal));
    const ctl = new AbortController();
    const onAbort = () => ctl.abort(o.signal?.reason);
    o.signal?.addEventListener('abort', onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const e = new CallTimeout(o.name, o.timeoutMs);
        ctl.abort(e);
        reject(e);
      }, o.timeoutMs);
    });
    try {
      return await Promise.race([fn(ctl.signal), timeout]);
    } catch (e) {
      last = e;
      if (o.signal?.aborted) throw new GuardrailStop('aborted', abortDetail(o.signal));
      if (e instanceof GuardrailStop || attempt === attempts) break;
      o.onRetry?.(attempt, e);
      await (o.sleep ?? defaultSleep)(Math.min(2000, 100 * 2 ** (attempt - 1)));
    } finally {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
    }
  }
  throw last;
}
