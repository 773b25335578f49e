import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { errorMessage } from '../errors.ts';

/** /health: the process answers. /ready: the store answers too, and the server is not shutting down. */
export function healthRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    if (deps.runs.draining) return c.json({ status: 'draining', runs: deps.runs.stats() }, 503);
    try {
      await deps.store.ping();
      return c.json({ status: 'ready' });
    } catch (e) {
      return c.json({ status: 'unavailable', error: errorMessage(e) }, 503);
    }
  });
  return app;
}
