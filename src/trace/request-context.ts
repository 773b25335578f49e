import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one incoming request carries through everything it causes: its request id (for logs and the run's trace)
 * and its W3C trace context (for the model and embedding calls it makes). Held in AsyncLocalStorage, so the agent
 * and the providers need no extra parameter to see it.
 */
export type RequestContext = {
  requestId: string;
  /** W3C trace id (32 hex): the caller's, from its `traceparent`, or a new one. */
  traceId: string;
  /** Our span for this request (16 hex): the parent of every outgoing call. */
  spanId: string;
  /** Trace flags (2 hex), the caller's or `01`. */
  flags: string;
  /** The caller's `tracestate`, passed on unchanged. */
  traceState?: string;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequest = (): RequestContext | undefined => storage.getStore();

export const withRequestContext = <T>(ctx: RequestContext, fn: () => T): T => storage.run(ctx, fn);

const hex = (bytes: number): string =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
/** Request ids we accept from a caller: printable, no spaces, at most 128 characters. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * The context of a new request from its headers. A malformed `traceparent` (or version ff, or an all-zero id) is
 * ignored as the W3C spec says, and a new trace starts; a malformed `X-Request-Id` is replaced by a new one.
 */
export function contextFromHeaders(
  header: (name: string) => string | undefined,
  newRequestId: () => string = () => `req_${hex(12)}`,
): RequestContext {
  const given = header('x-request-id')?.trim();
  const requestId = given && REQUEST_ID.test(given) ? given : newRequestId();
  const m = TRACEPARENT.exec(header('traceparent')?.trim().toLowerCase() ?? '');
  const valid = m && m[1] !== 'ff' && !/^0+$/.test(m[2]!) && !/^0+$/.test(m[3]!) && (m[1] !== '00' || !m[0]!.slice(55));
  const traceState = header('tracestate')?.trim();
  return {
    requestId,
    traceId: valid ? m[2]! : hex(16),
    spanId: hex(8),
    flags: valid ? m[4]! : '01',
    ...(valid && traceState ? { traceState } : {}),
  };
}

/** Headers for a call made on behalf of the current request (none outside a request). */
export function traceHeaders(): Record<string, string> {
  const ctx = currentRequest();
  if (!ctx) return {};
  return {
    traceparent: `00-${ctx.traceId}-${ctx.spanId}-${ctx.flags}`,
    ...(ctx.traceState ? { tracestate: ctx.traceState } : {}),
  };
}

/** A fetch that adds the current request's trace headers unless the call sets its own. */
export function tracingFetch(base: typeof fetch = globalThis.fetch): typeof fetch {
  return (input, init) => {
    const extra = traceHeaders();
    if (!extra.traceparent) return base(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [k, v] of Object.entries(extra)) if (!headers.has(k)) headers.set(k, v);
    return base(input, { ...init, headers });
  };
}
