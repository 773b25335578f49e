import { Hono, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Metrics } from '../metrics/metrics.ts';
import { requireRole } from './auth.ts';

/**
 * Counts every request by the route pattern it matched (`/v1/sources/:name/documents`, never the raw path, so
 * labels stay few) and its status; requests no route took are `unmatched`.
 */
export const requestMetrics = (metrics: Metrics): MiddlewareHandler =>
  async function requestMetrics(c, next) {
    const started = performance.now();
    await next();
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'unmatched';
    metrics.request(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
  };

/**
 * GET /metrics in Prometheus text format (behind the API key when keys are configured). It names every source, so
 * only admin keys read it.
 */
export function metricsRoutes(metrics: Metrics): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    requireRole(c, 'admin', 'reading metrics');
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
  return app;
}
