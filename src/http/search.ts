import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { resolveSources } from '../service/ask.ts';
import { callerDeps } from './auth.ts';
import { FilterSchema } from './filter-schema.ts';
import { readJson } from './json-body.ts';

export const SearchBody = z
  .object({
    query: z.string().trim().min(1, 'query must not be empty').max(4000),
    sources: z.array(z.string()).max(20).optional(),
    top_k: z.number().int().min(1).max(100).default(10),
    mode: z.enum(['hybrid', 'bm25', 'vector']).default('hybrid'),
    filter: FilterSchema.optional(),
  })
  .strict();

/** POST /v1/search: hybrid retrieval without the agent. */
export function searchRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.post('/v1/search', async (c) => {
    const body = await readJson(c, SearchBody, deps.config.GROUNDED_MAX_BODY_BYTES);
    const d = callerDeps(c, deps);
    const sources = await resolveSources(d, body.sources);
    const started = performance.now();
    const hits = await d.retriever.search(
      { query: body.query, sources, topK: body.top_k, mode: body.mode, filter: body.filter },
      c.req.raw.signal,
    );
    return c.json({
      results: hits.map((h) => ({
        chunk_id: h.id,
        source: h.source,
        doc_id: h.doc_id,
        path: h.path,
        title: h.title,
        heading_path: h.heading_path,
        page: h.page,
        start: h.start,
        end: h.end,
        text: h.text,
        metadata: h.metadata ?? {},
        score: h.score,
        scores: { bm25: h.bm25 ?? null, vector: h.vector ?? null, latent: h.latent ?? null },
      })),
      timings: { total_ms: Math.round((performance.now() - started) * 100) / 100 },
    });
  });
  return app;
}
