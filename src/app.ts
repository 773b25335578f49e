import { Hono } from 'hono';
import type { Deps } from './deps.ts';
import { AppError } from './errors.ts';
import { admission } from './http/admission.ts';
import { requireApiKey } from './http/auth.ts';
import { chatCompletionRoutes } from './http/chat-completions.ts';
import { corsMiddleware } from './http/cors.ts';
import { documentRoutes } from './http/documents.ts';
import { errorResponse } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { jobRoutes } from './http/jobs.ts';
import { mcpRoutes } from './http/mcp.ts';
import { meRoutes } from './http/me.ts';
import { metricsRoutes, requestMetrics } from './http/metrics.ts';
import { modelRoutes } from './http/models.ts';
import { nodeRoutes } from './http/node.ts';
import { notFoundHandler } from './http/not-found.ts';
import { openApiRoutes } from './http/openapi.ts';
import { queryRoutes } from './http/query.ts';
import { requestContext } from './http/request-id.ts';
import { responsesRoutes } from './http/responses.ts';
import { searchRoutes } from './http/search.ts';
import { sourceRoutes } from './http/sources.ts';
import { traceRoutes } from './http/traces.ts';
import { uiRoutes } from './http/ui.ts';
import { currentRequest } from './trace/index.ts';

/** The Hono app: middleware, routes, and one place that turns errors into responses. */
export function createApp(deps: Deps): Hono {
  const app = new Hono();
  app.use('*', requestContext());
  if (deps.metrics) app.use('*', requestMetrics(deps.metrics));
  app.use('*', async function requestLog(c, next) {
    const started = performance.now();
    await next();
    deps.logger.info(
      {
        request_id: currentRequest()?.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  const cors = corsMiddleware(deps.config.GROUNDED_CORS_ORIGINS);
  if (cors) app.use('*', cors);
  const auth = requireApiKey(deps);
  for (const path of [
    '/v1/query',
    '/v1/query/*',
    '/v1/search',
    '/v1/chat/*',
    '/v1/responses',
    '/v1/responses/*',
    '/v1/models',
    '/v1/models/*',
    '/v1/sources',
    '/v1/sources/*',
    '/v1/traces/*',
    '/v1/jobs',
    '/v1/jobs/*',
    '/v1/me',
    '/mcp',
    '/metrics',
  ])
    app.use(path, auth);
  // Admission after auth (a rate limit counts a caller's key), before any body is read.
  const runs = admission(deps, 'run');
  for (const path of ['/v1/query', '/v1/query/stream', '/v1/chat/completions', '/v1/responses']) app.post(path, runs);
  app.post('/v1/search', admission(deps, 'search'));
  app.route('/', healthRoutes(deps));
  app.route('/', queryRoutes(deps));
  app.route('/', searchRoutes(deps));
  app.route('/', sourceRoutes(deps));
  app.route('/', documentRoutes(deps));
  app.route('/', jobRoutes(deps));
  app.route('/', meRoutes(deps));
  app.route('/', traceRoutes(deps));
  app.route('/', chatCompletionRoutes(deps));
  app.route('/', responsesRoutes(deps));
  app.route('/', mcpRoutes(deps));
  app.route('/', nodeRoutes(deps));
  if (deps.metrics) app.route('/', metricsRoutes(deps.metrics));
  app.route('/', modelRoutes(deps));
  app.route('/', openApiRoutes(deps));
  app.route('/', uiRoutes(deps.assets));
  app.notFound(notFoundHandler(app));
  app.onError((e, c) => {
    if (!(e instanceof AppError))
      deps.logger.error(
        { err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e), path: c.req.path },
        'unhandled error',
      );
    return errorResponse(c, e);
  });
  return app;
}
