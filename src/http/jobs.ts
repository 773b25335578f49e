import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { IngestJobs, JobView } from '../service/ingest-jobs.ts';
import { canRead } from '../store/web.ts';
import { requireRole, scopeOf } from './auth.ts';

/** The jobs interface, or 503 when this process runs no ingestion (it is wired in by src/main.ts). */
export function jobsOf(deps: Deps): IngestJobs {
  if (!deps.jobs)
    throw new AppError('unavailable', 'this server process does not ingest over HTTP (no jobs runner is wired in)');
  return deps.jobs;
}

/** A job the caller may see (one of its sources), else 404 as if there were none. */
export function visibleJob(c: Context, deps: Deps, id: string): JobView {
  const job = jobsOf(deps).get(id);
  if (!job || !canRead(scopeOf(c), job.source)) throw new AppError('not_found', `no job ${id}`, { field: 'job_id' });
  return job;
}

/** How a job is reported: the job and where to follow it. */
export const jobBody = (job: JobView) => ({
  job_id: job.id,
  state: job.state,
  status_url: `/v1/jobs/${job.id}`,
  events_url: `/v1/jobs/${job.id}/events`,
  job,
});

/**
 * GET /v1/jobs (the caller's sources' jobs, newest first), GET /v1/jobs/:id (state, files done/total, chunks, rate,
 * errors per file), GET /v1/jobs/:id/events (Server-Sent Events: `state` and `progress` with the job, then `done`),
 * POST /v1/jobs/:id/rerun (a failed job again, with the files it kept).
 */
export function jobRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/jobs', (c) => {
    const scope = scopeOf(c);
    const source = c.req.query('source');
    const limit = Math.min(500, Math.max(1, Number(c.req.query('limit') ?? 50) || 50));
    const jobs = jobsOf(deps).list((s) => canRead(scope, s) && (!source || s === source), limit);
    return c.json({ jobs });
  });
  app.get('/v1/jobs/:id', (c) => c.json(visibleJob(c, deps, c.req.param('id'))));
  app.get('/v1/jobs/:id/events', (c) => {
    const job = visibleJob(c, deps, c.req.param('id'));
    const ctl = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => ctl.abort(), { once: true });
    return streamSSE(c, async (s) => {
      s.onAbort(() => ctl.abort());
      // The job runs on whether or not anyone follows it: leaving only ends this stream.
      for await (const ev of jobsOf(deps).events(job.id, ctl.signal))
        await s.writeSSE({ event: ev.type, data: JSON.stringify(ev.job) });
    });
  });
  app.post('/v1/jobs/:id/rerun', async (c) => {
    const job = visibleJob(c, deps, c.req.param('id'));
    const scope = requireRole(c, 'writer', 'running a job again');
    return c.json(jobBody(await jobsOf(deps).rerun(job.id, scope.key)), 202);
  });
  return app;
}
