import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { chunkWithContext, listDocuments, listSourceInfos } from '../service/sources.ts';
import { callerDeps } from './auth.ts';

/** Sources with their sizes and embedders; documents of a source; one chunk with its neighbours. */
export function sourceRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/sources', async (c) => c.json({ sources: await listSourceInfos(callerDeps(c, deps)) }));
  app.get('/v1/sources/:name/documents', async (c) =>
    c.json(await listDocuments(callerDeps(c, deps), c.req.param('name'))),
  );
  app.get('/v1/sources/:name/chunks/:id', async (c) =>
    c.json(
      await chunkWithContext(
        callerDeps(c, deps),
        c.req.param('name'),
        c.req.param('id'),
        Number(c.req.query('context') ?? 1),
      ),
    ),
  );
  return app;
}
