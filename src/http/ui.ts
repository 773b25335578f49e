import { type Context, Hono } from 'hono';
import { AppError } from '../errors.ts';
import { type AssetReader, readAssetFile } from './ui/assets.ts';

/**
 * No inline script or style anywhere, so a document whose text slipped into the DOM as markup still could not run.
 * `base-uri`/`form-action`/`frame-ancestors` are not covered by default-src; closing them costs nothing.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};
/** Flat names only: no slashes or dots beyond the extension, so nothing outside the asset folder is reachable. */
const ASSET_NAME = /^[a-z0-9][a-z0-9-]*\.(js|css|svg)$/;

async function serve(c: Context, read: AssetReader, name: string): Promise<Response> {
  const body = await read(name);
  if (body === null) throw new AppError('not_found', `no asset ${name}`);
  const etag = `"${await hash(body)}"`;
  const headers = {
    'content-type': TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    'content-security-policy': CONSOLE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // Revalidate every time: the ETag makes that a 304, and a restarted server never serves stale scripts.
    'cache-control': 'no-cache',
    etag,
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(body, 200, headers);
}

async function hash(s: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
  return [...d.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The web console: three static pages, the API reference page (/docs) and their assets. The pages need no API key; their scripts send the key the
 * user saved in the browser when they call /v1/*.
 */
export function uiRoutes(read: AssetReader = readAssetFile): Hono {
  const app = new Hono();
  app.get('/', (c) => serve(c, read, 'index.html'));
  app.get('/runs/:run_id', (c) => serve(c, read, 'run.html'));
  app.get('/sources', (c) => serve(c, read, 'sources.html'));
  app.get('/docs', (c) => serve(c, read, 'docs.html'));
  app.get('/assets/:name', (c) => {
    const name = c.req.param('name');
    if (!ASSET_NAME.test(name)) throw new AppError('not_found', `no asset ${name}`);
    return serve(c, read, name);
  });
  return app;
}
