import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { openApiDocument } from './openapi/document.ts';

/** GET /openapi.json — the OpenAPI 3.1 document, with this server's URL as its server. The /docs page reads it. */
export function openApiRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/openapi.json', (c) => c.json(openApiDocument(deps.config, new URL(c.req.url).origin)));
  return app;
}
