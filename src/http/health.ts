import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { errorMessage } from '../errors.ts';

/** /health: the process answers. /ready: the store answers too. */
export function healthRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    try {
      await deps.store.ping();
      return c.json({ status: 'ready' });
    } catch (e) {
      return c.json({ status: 'unavailable', error: errorMessage(e) }, 503);
    }
  });
  return app;
}
