import type { Table } from '@lancedb/lancedb';
import { withConflictRetry } from './conflict-retry.ts';
import { sqlIn } from './sql.ts';

/** What a repair found and fixed, in rows. All zero on a healthy source. */
export type RepairReport = {
  /** Extra copies of a chunk id (two writers, or a write retried after it had committed). */
  duplicate_chunk_rows: number;
  /** Extra manifest rows for one document. */
  duplicate_manifest_rows: number;
  /** Manifest rows whose document has none of its chunks stored: dropped, so the document counts as new. */
  manifest_rows_without_chunks: number;
  /** Chunks of documents the manifest does not know (a crash between the chunk and the manifest write). */
  orphan_chunk_rows: number;
  /** Extra rows for the source in the `_sources` registry. */
  duplicate_registry_rows: number;
};

export const emptyRepair = (): RepairReport => ({
  duplicate_chunk_rows: 0,
  duplicate_manifest_rows: 0,
  manifest_rows_without_chunks: 0,
  orphan_chunk_rows: 0,
  duplicate_registry_rows: 0,
});

const BATCH = 1000;

/**
 * Make a source's chunk and manifest tables consistent again: one row per chunk id, one manifest row per document,
 * no manifest row without chunks, no chunks without a manifest row. Of a duplicate manifest row the latest ingest is
 * kept; copies of a chunk id hold the same text (ids derive from it), so any one will do. Duplicates are deleted by
 * row id, a batch per commit, so nothing else is touched.
 */
export async function repairSourceTables(
  chunks: Table,
  manifest: Table,
): Promise<Omit<RepairReport, 'duplicate_registry_rows'>> {
  const chunkRows = await keyedRows(chunks, 'id', ['doc_id']);
  const duplicate_chunk_rows = await deleteRowIds(chunks, extraCopies(chunkRows));
  const manifestRows = await keyedRows(manifest, 'doc_id', ['chunk_ids', 'ingested_at']);
  const duplicate_manifest_rows = await deleteRowIds(
    manifest,
    extraCopies(manifestRows.map((r) => ({ ...r, rank: String(r.ingested_at) }))),
  );

  const stored = new Set(chunkRows.map((r) => String(r.doc_id)));
  const documents = new Map(manifestRows.map((r) => [r.key, String(r.chunk_ids)]));
  // A document with no body has an empty chunk list and rightly no chunks.
  const hollow = [...documents].filter(([doc, ids]) => ids !== '[]' && !stored.has(doc)).map(([doc]) => doc);
  const orphans = [...stored].filter((doc) => !documents.has(doc));
  const manifest_rows_without_chunks = await deleteWhere(manifest, 'doc_id', hollow);
  const orphan_chunk_rows = await deleteWhere(chunks, 'doc_id', orphans);
  return { duplicate_chunk_rows, duplicate_manifest_rows, manifest_rows_without_chunks, orphan_chunk_rows };
}

/** Extra registry rows for one source (the copy with the latest ingest is kept). */
export async function repairRegistryRows(registry: Table, name: string): Promise<number> {
  const rows = (await keyedRows(registry, 'name', ['last_ingest'])).filter((r) => r.key === name);
  return deleteRowIds(registry, extraCopies(rows.map((r) => ({ ...r, rank: String(r.last_ingest) }))));
}

type KeyedRow = { key: string; rowId: bigint } & Record<string, unknown>;

async function keyedRows(table: Table, key: string, extra: string[]): Promise<KeyedRow[]> {
  const rows = (await table
    .query()
    .select([key, ...extra])
    .withRowId()
    .toArray()) as Record<string, unknown>[];
  return rows.map((r) => ({ ...r, key: String(r[key]), rowId: BigInt(r._rowid as bigint) }));
}

/** Row ids of every copy of a key but one: the highest `rank`, then the highest row id (a newer fragment). */
function extraCopies(rows: readonly { key: string; rowId: bigint; rank?: string }[]): bigint[] {
  const keep = new Map<string, { rowId: bigint; rank: string }>();
  for (const r of rows) {
    const prev = keep.get(r.key);
    const rank = r.rank ?? '';
    if (!prev || rank > prev.rank || (rank === prev.rank && r.rowId > prev.rowId))
      keep.set(r.key, { rowId: r.rowId, rank });
  }
  return rows.filter((r) => keep.get(r.key)!.rowId !== r.rowId).map((r) => r.rowId);
}

async function deleteRowIds(table: Table, rowIds: readonly bigint[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rowIds.length; i += BATCH) {
    const batch = rowIds.slice(i, i + BATCH);
    const r = await withConflictRetry(() => table.delete(`_rowid IN (${batch.join(', ')})`));
    n += r.numDeletedRows;
  }
  return n;
}

async function deleteWhere(table: Table, column: string, values: readonly string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < values.length; i += BATCH) {
    const where = sqlIn(column, values.slice(i, i + BATCH));
    const r = await withConflictRetry(() => table.delete(where));
    n += r.numDeletedRows;
  }
  return n;
}
