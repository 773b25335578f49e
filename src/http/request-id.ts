import type { MiddlewareHandler } from 'hono';
import { contextFromHeaders, withRequestContext } from '../trace/index.ts';

/**
 * Every request gets an id — the caller's `X-Request-Id` when it is a sane token, else a new one — echoed in the
 * response, and a W3C trace context from its `traceparent`. Both are held for everything the request causes: the
 * log lines, the run's trace, and the headers of outgoing model and embedding calls.
 */
export const requestContext = (): MiddlewareHandler =>
  async function requestContext(c, next) {
    const ctx = contextFromHeaders((name) => c.req.header(name));
    await withRequestContext(ctx, next);
    c.header('X-Request-Id', ctx.requestId);
  };
