import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readsAll } from '../store/web.ts';
import { TRACE_VERSION, type TraceRecord } from '../trace/index.ts';
import { scopeOf } from './auth.ts';

/** Every source a run could read (its `start` record) or read from (its retrievals). */
export function runSources(records: readonly TraceRecord[]): string[] {
  const out = new Set<string>();
  for (const r of records) {
    if (r.type === 'start' && Array.isArray(r.data.sources)) for (const s of r.data.sources) out.add(String(s));
    if (typeof r.data.source === 'string') out.add(r.data.source);
  }
  return [...out];
}

/**
 * GET /v1/traces/:run_id — the run's full trace, in the shared versioned schema. A key sees a trace only when it
 * may read every source the run used (a 403 that does not name them).
 */
export function traceRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/traces/:run_id', async (c) => {
    const runId = c.req.param('run_id');
    const records = await deps.traces.get(runId);
    if (!records) throw new AppError('not_found', `no trace for run ${runId}`, { field: 'run_id' });
    const scope = scopeOf(c);
    if (!readsAll(scope, runSources(records)))
      throw new AppError('forbidden', `run ${runId} used sources this key (${scope.key}) may not read`, {
        field: 'run_id',
      });
    return c.json({ run_id: runId, version: TRACE_VERSION, records });
  });
  return app;
}
