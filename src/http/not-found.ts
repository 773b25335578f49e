import type { Hono, NotFoundHandler } from 'hono';
import { AppError } from '../errors.ts';
import { escapeRegExp } from '../text/index.ts';
import { errorResponse } from './errors.ts';

type RouteEntry = { re: RegExp; methods: Set<string> };

/** A Hono route path (`/v1/sources/:name/chunks/:id`, `/v1/models/:id{.+}`, `/assets/*`) as an anchored RegExp. */
export function routePattern(path: string): RegExp {
  let out = '';
  for (const part of path.split(/(:[A-Za-z0-9_]+(?:\{[^}]+\})?|\*)/)) {
    if (part === '*') out += '.*';
    else if (part.startsWith(':')) out += part.includes('{') ? `(?:${part.slice(part.indexOf('{') + 1, -1)})` : '[^/]+';
    else out += escapeRegExp(part);
  }
  return new RegExp(`^${out}/?$`);
}

function routeTable(app: Hono): RouteEntry[] {
  const byPath = new Map<string, Set<string>>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue; // middleware
    const methods = byPath.get(r.path) ?? new Set<string>();
    methods.add(r.method);
    if (r.method === 'GET') methods.add('HEAD');
    byPath.set(r.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ re: routePattern(path), methods }));
}

/**
 * Requests no route takes: a path that exists under other methods is a 405 with `Allow`; anything else a 404.
 * Under `/v1/` both come in OpenAI's error shape, which every OpenAI client can read.
 */
export function notFoundHandler(app: Hono): NotFoundHandler {
  let table: RouteEntry[] | undefined;
  return (c) => {
    table ??= routeTable(app);
    const { method, path } = c.req;
    const shape = path.startsWith('/v1/') ? 'openai' : 'native';
    const allowed = [...new Set(table.filter((r) => r.re.test(path)).flatMap((r) => [...r.methods]))].sort();
    if (allowed.length) {
      c.header('Allow', allowed.join(', '));
      return errorResponse(
        c,
        new AppError('method_not_allowed', `Method ${method} is not allowed for ${path}; use ${allowed.join(' or ')}`),
        shape,
      );
    }
    return errorResponse(
      c,
      new AppError('not_found', `Invalid URL (${method} ${path}): no such route; /openapi.json lists them all`),
      shape,
    );
  };
}
