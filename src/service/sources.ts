import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { sqlString } from '../store/index.ts';

/**
 * What the API and the MCP server tell about sources: each source with its size and embedder, a source's
 * documents, and one chunk with its neighbours in the document.
 */
export async function listSourceInfos(deps: Pick<Deps, 'store'>) {
  const metas = await deps.store.listSources();
  return Promise.all(
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
}

export async function listDocuments(deps: Pick<Deps, 'store'>, source: string) {
  const src = await deps.store.source(source);
  const documents = [...(await src.manifest()).values()]
    .map((d) => ({
      doc_id: d.doc_id,
      title: d.title,
      path: d.path,
      chunks: d.chunk_ids.length,
      ingested_at: d.ingested_at,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return { source: src.name, documents };
}

/** A chunk and up to `around` (0-3) chunks either side of it in its document, in order. */
export async function chunkWithContext(deps: Pick<Deps, 'store'>, source: string, chunkId: string, around: number) {
  const src = await deps.store.source(source);
  const [chunk] = await src.getChunks([chunkId]);
  if (!chunk) throw new AppError('not_found', `no chunk ${chunkId} in source ${src.name}`);
  const n = Math.min(3, Math.max(0, Math.floor(around) || 0));
  const context = n
    ? (
        await src.scanChunks(
          undefined,
          `doc_id = ${sqlString(chunk.doc_id)} AND chunk_index >= ${chunk.chunk_index - n} AND chunk_index <= ${chunk.chunk_index + n}`,
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
  return { chunk, context };
}
