import type { Table } from '@lancedb/lancedb';
import { rowToChunk } from './arrow-rows.ts';
import type { StoredChunk } from './schema.ts';

/**
 * Where a search found a chunk: its id and document hash (which together fix every stored field: the id hashes the
 * source, document and text, the document hash its title, structure, path and chunking) and its row id in the
 * table version that answered (valid until the table is compacted).
 */
export type ChunkRef = { id: string; doc_hash: string; rowid: bigint };

export const CHUNK_COLUMNS = [
  'id',
  'source',
  'doc_id',
  'path',
  'title',
  'heading_path',
  'page',
  'start',
  'end',
  'chunk_index',
  'text',
  'content_hash',
  'doc_hash',
];

/**
 * Chunks read recently, by source, id and document hash (so an entry can never be stale: a changed chunk has another
 * key), least recently used dropped first past `maxBytes`. Searches return the same chunks again and again, and
 * reading a row's columns costs more than finding it (~0.1 ms a row plus ~1.3 ms a read here).
 */
export class ChunkCache {
  private readonly entries = new Map<string, { chunk: StoredChunk; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  static key = (source: string, ref: Pick<ChunkRef, 'id' | 'doc_hash'>) => `${source}\0${ref.id}\0${ref.doc_hash}`;

  get(key: string): StoredChunk | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.chunk;
  }

  set(key: string, chunk: StoredChunk): void {
    if (this.maxBytes <= 0 || this.entries.has(key)) return;
    const bytes = ChunkCache.bytesOf(chunk);
    this.entries.set(key, { chunk, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  /**
   * Cache every chunk of a source version (read whole for its vectors) when they take at most half the cache, so one
   * source cannot push every other one out; returns whether they were cached.
   */
  seed(source: string, chunks: readonly StoredChunk[]): boolean {
    let bytes = 0;
    for (const c of chunks) bytes += ChunkCache.bytesOf(c);
    if (bytes > this.maxBytes / 2) return false;
    for (const c of chunks) this.set(ChunkCache.key(source, c), c);
    return true;
  }

  // UTF-16 strings: two bytes a character, plus the object and its other fields.
  private static bytesOf = (c: StoredChunk) => 2 * (c.text.length + c.title.length + c.path.length) + 400;

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The chunks behind `refs`: from the cache, else in one read of their rows by row id. A row that no longer holds the
 * expected chunk (the table was compacted since the search) is read again by id.
 */
export async function readChunks(
  table: Table,
  source: string,
  refs: readonly ChunkRef[],
  cache: ChunkCache,
  /** The chunk columns this table has; `source` is not read (it is this table's). */
  columns: readonly string[],
  byIds: (ids: readonly string[]) => Promise<StoredChunk[]>,
): Promise<Map<string, StoredChunk>> {
  const out = new Map<string, StoredChunk>();
  const missing: ChunkRef[] = [];
  for (const r of refs) {
    const hit = cache.get(ChunkCache.key(source, r));
    if (hit) out.set(r.id, hit);
    else if (!out.has(r.id)) missing.push(r);
  }
  if (missing.length === 0) return out;
  // A row id gone with a compaction fails the whole read; then every chunk is read by id.
  // Every column read costs about as much as the text (~0.45 ms for 30 rows here): the source is this table's.
  const rows = (await table
    .takeRowIds(missing.map((r) => r.rowid))
    .select(columns.filter((c) => c !== 'source'))
    .toArray()
    .catch(() => [])) as Record<string, unknown>[];
  const want = new Map(missing.map((r) => [r.id, r.doc_hash]));
  for (const row of rows) {
    // The row must still hold the chunk the search found (the same id and document version).
    if (want.get(String(row.id)) !== String(row.doc_hash)) continue;
    const c = rowToChunk({ ...row, source });
    out.set(c.id, c);
    cache.set(ChunkCache.key(source, c), c);
  }
  const moved = missing.filter((r) => !out.has(r.id)).map((r) => r.id);
  if (moved.length > 0) for (const c of await byIds(moved)) out.set(c.id, c);
  return out;
}
