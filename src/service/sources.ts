import type { Deps, NodeDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { LinksMode } from '../store/index.ts';

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
        capabilities: { links: m.capabilities.links ?? null, links_mode: m.capabilities.links_mode ?? null },
      };
    }),
  );
}

export type DocumentPage = { limit?: number; cursor?: string };

const encodeCursor = (d: { path: string; doc_id: string }) =>
  Buffer.from(JSON.stringify([d.path, d.doc_id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) return v as [string, string];
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'cursor: not a cursor this server gave (use next_cursor as it came)', {
    field: 'cursor',
  });
}
const byPath = (a: { path: string; doc_id: string }, b: { path: string; doc_id: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0;

/**
 * A source's documents in path order with their metadata, a page at a time (`limit`, default all; `cursor`: the
 * previous page's `next_cursor`, which stays right when documents are added or removed in between).
 */
export async function listDocuments(deps: Pick<Deps, 'store'>, source: string, page: DocumentPage = {}) {
  const src = await deps.store.source(source);
  const all = [...(await src.manifest()).values()]
    .map((d) => ({
      doc_id: d.doc_id,
      title: d.title,
      path: d.path,
      chunks: d.chunk_ids.length,
      ingested_at: d.ingested_at,
      first_chunk: d.chunk_ids[0],
    }))
    .sort(byPath);
  let from = 0;
  if (page.cursor) {
    const [path, doc_id] = decodeCursor(page.cursor);
    from = all.findIndex((d) => byPath(d, { path, doc_id }) > 0);
    if (from < 0) from = all.length;
  }
  const limit = page.limit ?? all.length;
  const listed = all.slice(from, from + limit);
  const more = from + limit < all.length;
  // Every chunk of a document carries its metadata: the page's first chunks, read in one query, tell it.
  const firsts = listed.flatMap((d) => (d.first_chunk ? [d.first_chunk] : []));
  const metadataOf = new Map((await src.getChunks(firsts)).map((c) => [c.id, c.metadata ?? {}]));
  const documents = listed.map(({ first_chunk, ...d }) => ({
    ...d,
    metadata: (first_chunk && metadataOf.get(first_chunk)) || {},
  }));
  return {
    source: src.name,
    total: all.length,
    documents,
    next_cursor: more && documents.length ? encodeCursor(documents.at(-1)!) : null,
  };
}

/**
 * What a source may be given: the embedder it expects (checked against the server's), and whether the agent follows
 * document titles as links (`on`, `off`, or `auto`: measured by the next ingest).
 */
export type SourceSettings = { embedder?: { id?: string; dimensions?: number }; links?: LinksMode };

/**
 * The deps of a process that holds the store, for what writes to it; a Workers front reads through a retrieval node
 * and refuses writes with 503, as it refuses ingestion.
 */
export function writable(deps: Pick<Deps, 'store' | 'embedder'>): Pick<NodeDeps, 'store' | 'embedder'> {
  if ('sourceForWrite' in deps.store && deps.embedder) return deps as Pick<NodeDeps, 'store' | 'embedder'>;
  throw new AppError(
    'unavailable',
    'this server reads its sources through a retrieval node (a Workers front); create sources and ingest on a node',
  );
}

/**
 * Create a source (empty, ready for uploads) with the server's embedder; an existing one is left as it is.
 * Asking for another embedder than the server's is refused: the source could not be searched here.
 */
export async function createSource(deps: Pick<NodeDeps, 'store' | 'embedder'>, name: string, settings: SourceSettings) {
  const want = settings.embedder;
  const have = deps.embedder;
  if (want && ((want.id && want.id !== have.id) || (want.dimensions && want.dimensions !== have.dimensions)))
    throw new AppError(
      'unsupported_value',
      `this server embeds with ${have.id} (${have.dimensions} dims); a source for ${want.id ?? have.id} (${want.dimensions ?? have.dimensions} dims) could not be searched here. Leave embedder out, or configure GROUNDED_EMBEDDER`,
      { field: 'embedder', server: { id: have.id, dimensions: have.dimensions } },
    );
  const existed = (await deps.store.sourceMeta(name)) !== undefined;
  await deps.store.sourceForWrite(name, have);
  if (settings.links) {
    const current = (await deps.store.sourceMeta(name))?.capabilities ?? {};
    if (current.links_mode !== settings.links) {
      // A new mode drops what was measured, so the next ingest measures again (auto) or keeps the choice (on/off).
      const links = settings.links === 'auto' ? current.links : settings.links === 'on';
      await deps.store.setCapabilities(name, { links, links_mode: settings.links });
    }
  }
  const info = (await listSourceInfos(deps)).find((s) => s.name === name)!;
  return { created: !existed, source: info };
}

/** A chunk and up to `around` (0-3) chunks either side of it in its document, in order. */
export async function chunkWithContext(deps: Pick<Deps, 'store'>, source: string, chunkId: string, around: number) {
  const src = await deps.store.source(source);
  const [chunk] = await src.getChunks([chunkId]);
  if (!chunk) throw new AppError('not_found', `no chunk ${chunkId} in source ${src.name}`);
  const n = Math.min(3, Math.max(0, Math.floor(around) || 0));
  const context = n
    ? (await src.neighbours(chunk.doc_id, chunk.chunk_index - n, chunk.chunk_index + n)).map((r) => ({
        id: r.id,
        chunk_index: r.chunk_index,
        start: r.start,
        end: r.end,
        text: r.text,
      }))
    : [];
  return { chunk, context };
}
