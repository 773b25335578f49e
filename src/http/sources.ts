import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { chunkWithContext, createSource, listSourceInfos, writable } from '../service/sources.ts';
import { validateSourceName } from '../store/web.ts';
import { callerDeps, requireRole } from './auth.ts';
import { jobsOf } from './jobs.ts';
import { readJson } from './json-body.ts';

export const SourceBody = z
  .object({
    embedder: z
      .object({ id: z.string().min(1).optional(), dimensions: z.number().int().min(1).optional() })
      .strict()
      .optional(),
    links: z
      .enum(['on', 'off', 'auto'])
      .optional()
      .describe('Follow document titles as links (wiki-style multi-hop); auto: measured by the next ingest'),
  })
  .strict();

/**
 * Sources with their sizes and embedders; one chunk with its neighbours; creating (PUT, 201 or 200 when it exists)
 * and deleting a source, for admin keys.
 */
export function sourceRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/sources', async (c) => c.json({ sources: await listSourceInfos(callerDeps(c, deps)) }));
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
  app.put('/v1/sources/:name', async (c) => {
    const name = c.req.param('name');
    requireRole(c, 'admin', 'creating a source');
    validateSourceName(name);
    const body = await readJson(c, SourceBody, deps.config.GROUNDED_MAX_BODY_BYTES, {});
    const r = await createSource(writable(callerDeps(c, deps)), name, body);
    return c.json(r.source, r.created ? 201 : 200);
  });
  app.delete('/v1/sources/:name', async (c) => {
    const name = c.req.param('name');
    await callerDeps(c, deps).store.source(name); // unknown or not readable: 404
    requireRole(c, 'admin', 'deleting a source');
    await jobsOf(deps).deleteSource(name);
    return c.json({ source: name, deleted: true });
  });
  return app;
}
