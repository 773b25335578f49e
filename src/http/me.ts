import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { scopeOf } from './auth.ts';

/** GET /v1/me — who the key is and what it may do (the console shows or hides upload and delete by it). */
export function meRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/me', (c) => {
    const s = scopeOf(c);
    return c.json({ name: s.key, role: s.role, sources: s.sources, keys_required: !deps.keys.open });
  });
  return app;
}
