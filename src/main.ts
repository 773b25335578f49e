import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { AppError } from './errors.ts';

process.env.LANCEDB_LOG ??= 'error';

/** Node entry: config → deps → HTTP server. Exits with the reason when the configuration is invalid. */
async function main(): Promise<void> {
  const config = loadConfig();
  const deps = await createDeps(config);
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
  const stop = () => {
    server.close();
    deps.store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e instanceof AppError ? `grounded: ${e.message}` : e);
  process.exit(1);
});
