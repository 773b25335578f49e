import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { sqlString } from '../store/index.ts';

/** Sources with their sizes and embedders; documents of a source; one chunk with its neighbours. */
export function sourceRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/v1/sources', async (c) => {
    const metas = await deps.store.listSources();
    const sources = await Promise.all(
      metas.map(async (m) => {
        const src = await deps.store.source(m.name);
        const [rows, manifest] = await Promise.all([src.count(), src.manifest()]);
        return {
          name: m.name,
          rows,
          documents: manifest.size,
          embedder: { id: m.embedder_id, dimensions: m.dimensions },
          created_at: m.created_at,
          last_ingest: m.last_ingest || null,
        };
      }),
    );
    return c.json({ sources });
  });

  app.get('/v1/sources/:name/documents', async (c) => {
    const src = await deps.store.source(c.req.param('name'));
    const docs = [...(await src.manifest()).values()]
      .map((d) => ({
        doc_id: d.doc_id,
        title: d.title,
        path: d.path,
        chunks: d.chunk_ids.length,
        ingested_at: d.ingested_at,
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
    return c.json({ source: src.name, documents: docs });
  });

  app.get('/v1/sources/:name/chunks/:id', async (c) => {
    const src = await deps.store.source(c.req.param('name'));
    const [chunk] = await src.getChunks([c.req.param('id')]);
    if (!chunk) throw new AppError('not_found', `no chunk ${c.req.param('id')} in source ${src.name}`);
    const around = Math.min(3, Math.max(0, Number(c.req.query('context') ?? 1) || 0));
    const neighbours = around
      ? (
          await src.scanChunks(
            undefined,
            `doc_id = ${sqlString(chunk.doc_id)} AND chunk_index >= ${chunk.chunk_index - around} AND chunk_index <= ${chunk.chunk_index + around}`,
          )
        )
          .map((r) => ({
            id: String(r.id),
            chunk_index: Number(r.chunk_index),
            start: Number(r.start),
            end: Number(r.end),
            text: String(r.text),
          }))
          .sort((a, b) => a.chunk_index - b.chunk_index)
      : [];
    return c.json({ chunk, context: neighbours });
  });
  return app;
}
