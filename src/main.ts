import './native-env.ts';
import { serve } from '@hono/node-server';
import { wireJobs } from '../ingest/jobs/wire.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { AppError } from './errors.ts';

/**
 * Node entry: config → deps (+ the ingestion jobs runner) → HTTP server. Exits with the reason when the configuration
 * is invalid.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const deps = await createDeps(config);
  // The one place ingest/ is wired into the server: uploads run the CLI's pipeline as background jobs.
  const jobs = await wireJobs(deps);
  deps.jobs = jobs;
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    deps.logger.info(
      {
        url: `http://${config.HOST}:${info.port}`,
        db: config.GROUNDED_DB,
        embedder: deps.embedder.id,
        reasoner: deps.reasoner.id,
      },
      'grounded is listening',
    );
  });

  // First signal: stop accepting connections, refuse new work (503, /ready too), give in-flight runs the grace
  // period, stop what is left (its stream ends with an `error` event, its trace is saved), then exit. Second: now.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      deps.logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const grace = config.GROUNDED_SHUTDOWN_GRACE_MS;
    deps.logger.info({ signal, grace_ms: grace, runs: deps.runs.stats() }, 'shutting down');
    server.close();
    // Running ingestion jobs stop at their next write (failed, re-runnable) while runs drain.
    const [{ finished, stopped }] = await Promise.all([deps.runs.drain(grace), jobs.closeAll(grace)]);
    await deps.traces.close();
    deps.logger.info({ finished, stopped }, 'shut down');
    if ('closeAllConnections' in server) server.closeAllConnections();
    deps.store.close();
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
}

main().catch((e) => {
  console.error(e instanceof AppError ? `grounded: ${e.message}` : e);
  process.exit(1);
});
