import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { callerDeps } from './auth.ts';
import { findModel, listModels, type ModelEntry } from './chat/model-id.ts';

/** OpenAI's model object; `created` is when the source (the earliest one, for `grounded`) was first ingested. */
const modelObject = (m: ModelEntry, now: number) => {
  const t = m.created_at ? Date.parse(m.created_at) : Number.NaN;
  return {
    id: m.id,
    object: 'model' as const,
    created: Math.floor((Number.isNaN(t) ? now : t) / 1000),
    owned_by: 'grounded',
  };
};

/** GET /v1/models and GET /v1/models/:id — what a chat frontend offers in its model picker. */
export function modelRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/models', async (c) => {
    const now = deps.now();
    return c.json({ object: 'list', data: (await listModels(callerDeps(c, deps))).map((m) => modelObject(m, now)) });
  });
  // Model ids contain a slash (`grounded/<source>`), so the id takes the rest of the path.
  app.get('/v1/models/:id{.+}', async (c) =>
    c.json(modelObject(await findModel(callerDeps(c, deps), c.req.param('id')), deps.now())),
  );
  return app;
}
