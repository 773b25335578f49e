import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError, errorMessage } from '../errors.ts';
import { ask, askOnce, LimitsInput, resolveSources } from '../service/ask.ts';
import { callerDeps } from './auth.ts';
import { FilterSchema } from './filter-schema.ts';
import { readJson } from './json-body.ts';

const SourceName = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/, 'source names are 1-64 letters, digits, - or _');

export const queryBody = (maxChars: number) =>
  z
    .object({
      question: z
        .string()
        .trim()
        .min(1, 'question must not be empty')
        .max(maxChars, `question must be at most ${maxChars} characters`),
      sources: z.array(SourceName).max(20).optional(),
      mode: z.enum(['agent', 'single-shot']).optional(),
      limits: LimitsInput.optional(),
      filter: FilterSchema.optional(),
    })
    .strict();

/** POST /v1/query and its streaming twin. Both run the same agent; the stream's `done` equals the JSON reply. */
export function queryRoutes(deps: Deps): Hono {
  const app = new Hono();
  const schema = queryBody(deps.config.GROUNDED_MAX_QUESTION_CHARS);
  const max = deps.config.GROUNDED_MAX_BODY_BYTES;

  app.post('/v1/query', async (c) => {
    const body = await readJson(c, schema, max);
    return c.json(await askOnce(callerDeps(c, deps), body, c.req.raw.signal));
  });

  app.post('/v1/query/stream', async (c) => {
    const body = await readJson(c, schema, max);
    const d = callerDeps(c, deps);
    await resolveSources(d, body.sources); // fail with a plain 4xx before the stream starts
    const ctl = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => ctl.abort(), { once: true });
    return streamSSE(c, async (s) => {
      s.onAbort(() => ctl.abort());
      try {
        // After a disconnect the run stops itself at its next step (its signal is aborted); draining it rather than
        // breaking off lets it record that stop in its trace.
        for await (const ev of ask(d, body, ctl.signal)) {
          if (ctl.signal.aborted) continue;
          const data = ev.type === 'done' ? ev.response : ev;
          await s.writeSSE({ event: ev.type, data: JSON.stringify(data) });
        }
      } catch (e) {
        // A run stopped by the shutdown ends with a 503-class error naming its run (the trace is saved).
        const error =
          e instanceof AppError
            ? { code: e.code, message: e.message, ...e.details }
            : { code: 'internal', message: errorMessage(e) };
        if (!ctl.signal.aborted) await s.writeSSE({ event: 'error', data: JSON.stringify({ error }) });
      }
    });
  });
  return app;
}
