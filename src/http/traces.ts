import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { TRACE_VERSION } from '../trace/index.ts';

/** GET /v1/traces/:run_id — the run's full trace, in the shared versioned schema. */
export function traceRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/traces/:run_id', async (c) => {
    const runId = c.req.param('run_id');
    const records = await deps.traces.get(runId);
    if (!records) throw new AppError('not_found', `no trace for run ${runId}`, { field: 'run_id' });
    return c.json({ run_id: runId, version: TRACE_VERSION, records });
  });
  return app;
}
