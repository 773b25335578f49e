import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for browser apps on other origins, off unless origins are configured (`GROUNDED_CORS_ORIGINS`: a list, or
 * `*` for any). Preflights are answered before auth, so a browser can learn it may send `Authorization`; the
 * headers a preflight asks for are allowed (the openai SDK sends its own `x-stainless-*` ones). No cookies are
 * used, so credentials are never allowed.
 */
export function corsMiddleware(origins: readonly string[]): MiddlewareHandler | undefined {
  if (origins.length === 0) return undefined;
  return cors({
    origin: origins.includes('*') ? '*' : [...origins],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['X-Request-Id', 'Mcp-Session-Id', 'Mcp-Protocol-Version'],
    maxAge: 600,
  });
}
