import { type Connection, connect, Index, type Table } from '@lancedb/lancedb';
import type { StoredFile } from '../trace/retention.ts';
import type { TraceBlob, TraceBlobs } from '../trace/trace-blobs.ts';
import { arrow } from './arrow.ts';
import { withConflictRetry } from './conflict-retry.ts';
import { sqlIn, sqlString } from './sql.ts';

const { Field, Float64, Int32, Schema, Table: ArrowTable, Utf8, vectorFromArray } = arrow;

const TRACES_TABLE = 'traces';
const traceSchema = new Schema([
  new Field('run_id', new Utf8(), false),
  new Field('written_ms', new Float64(), false),
  new Field('bytes', new Int32(), false),
  new Field('body', new Utf8(), false),
]);
/** Fold new rows into the run id index (and small files into large ones) after this many writes. */
const OPTIMIZE_EVERY = 64;

/**
 * Traces as rows of a LanceDB table (`traces`, one row per run holding its packed text) in a database of their
 * own, wherever LanceDB can open one: s3:// (also R2, Ceph, MinIO through an endpoint), gs://, az://. Every node
 * appends; appends never conflict, so nodes share one table. Reads check for other nodes' writes every time.
 */
export async function lanceTraceBlobs(
  uri: string,
  opts: { storageOptions?: Record<string, string>; onError?: (m: string, e?: unknown) => void } = {},
): Promise<TraceBlobs> {
  const db = await connect(uri, { storageOptions: opts.storageOptions, readConsistencyInterval: 0 });
  const table = await openTable(db);
  let writes = 0;
  const optimize = async () => {
    try {
      const indexed = (await table.listIndices()).some((i) => i.columns.includes('run_id'));
      if (!indexed) await table.createIndex('run_id', { config: Index.btree() });
      await table.optimize({ cleanupOlderThan: new Date(Date.now() - 3_600_000) });
    } catch (e) {
      // Another node optimising at the same moment: it will have done the work.
      opts.onError?.('trace table maintenance skipped', e);
    }
  };
  return {
    where: `${uri} (table ${TRACES_TABLE})`,
    shared: true,
    async list() {
      const rows = (await table.query().select(['run_id', 'bytes', 'written_ms']).toArray()) as Record<
        string,
        unknown
      >[];
      return rows.map(
        (r): StoredFile => ({ name: String(r.run_id), bytes: Number(r.bytes), mtimeMs: Number(r.written_ms) }),
      );
    },
    async write(batch: readonly TraceBlob[], now: number) {
      if (batch.length === 0) return [];
      const s = (f: (b: TraceBlob) => string) => vectorFromArray(batch.map(f), new Utf8());
      const rows = new ArrowTable({
        run_id: s((b) => b.runId),
        written_ms: vectorFromArray(
          batch.map(() => now),
          new Float64(),
        ),
        bytes: vectorFromArray(
          batch.map((b) => new TextEncoder().encode(b.text).length),
          new Int32(),
        ),
        body: s((b) => b.text),
      });
      await withConflictRetry(() => table.add(rows));
      writes += 1;
      if (writes % OPTIMIZE_EVERY === 0) void optimize();
      return batch.map((b) => b.runId);
    },
    async read(runId) {
      const rows = (await table
        .query()
        .where(`run_id = ${sqlString(runId)}`)
        .select(['body'])
        .limit(1)
        .toArray()) as { body: string }[];
      return rows[0] ? String(rows[0].body) : undefined;
    },
    async remove(runIds) {
      for (let i = 0; i < runIds.length; i += 500)
        await withConflictRetry(() => table.delete(sqlIn('run_id', runIds.slice(i, i + 500))));
    },
    async close() {
      db.close();
    },
  };
}

async function openTable(db: Connection): Promise<Table> {
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await db.tableNames()).includes(TRACES_TABLE)) return await db.openTable(TRACES_TABLE);
      return await db.createEmptyTable(TRACES_TABLE, traceSchema, { existOk: true });
    } catch (e) {
      // Another node is creating it at this moment.
      if (attempt >= 20) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
