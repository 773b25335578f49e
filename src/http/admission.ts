import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
import type { Ticket, WorkKind } from '../service/run-control.ts';

/**
 * Whose allowance a request spends: its API key when keys are configured (auth has checked it by now); without
 * keys every caller shares one allowance, so made-up keys cannot get around the limit.
 */
function callerKey(c: Context, deps: Deps): string {
  if (deps.config.GROUNDED_API_KEYS.length === 0) return 'anonymous';
  return /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? 'anonymous';
}

/** The same stream, calling `end` once when it is read to its end, fails or is cancelled (the client left). */
function onEnd(body: ReadableStream<Uint8Array>, end: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream({
    async pull(ctl) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          ctl.close();
        } else ctl.enqueue(value);
      } catch (e) {
        end();
        ctl.error(e);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}

/**
 * Admission for a route: a slot is taken before the request body is read (a refusal costs little: 429 with
 * Retry-After, or 503 while shutting down) and given back when the response is done — for a stream, when it ends.
 */
export const admission = (deps: Deps, kind: WorkKind): MiddlewareHandler =>
  async function admission(c, next) {
    const ticket: Ticket = await deps.runs.admit(kind, { key: callerKey(c, deps), signal: c.req.raw.signal });
    try {
      await next();
    } catch (e) {
      ticket.done();
      throw e;
    }
    const body = c.res.body;
    if (body && c.res.headers.get('content-type')?.startsWith('text/event-stream'))
      c.res = new Response(onEnd(body, ticket.done), c.res);
    else ticket.done();
  };
