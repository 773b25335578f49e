import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packTrace, packTraceSync, unpackTrace } from './pack.ts';
import { RetentionIndex } from './retention.ts';
import type { TraceRecord } from './schema.ts';
import { RUN_ID, type TraceStore } from './trace-store.ts';

export type FileTraceStoreOptions = {
  /** The directory never holds more than this many bytes of traces; the oldest go first. */
  maxBytes?: number;
  /** Traces older than this are deleted (checked with every write and every `sweepMs`). */
  retentionMs?: number;
  /** Runs waiting to be written; past this, `save` waits for the writer (back-pressure instead of memory growth). */
  maxPending?: number;
  sweepMs?: number;
  now?: () => number;
  onError?: (message: string, err?: unknown) => void;
};

const BATCH = 32;
const open = new Set<() => void>();
// A process that exits with runs still queued (an eval CLI's process.exit) writes them synchronously first.
process.on('exit', () => {
  for (const flushSync of open) flushSync();
});

/**
 * One file per run under `dir` (`<run_id>.jsonl`, the v2 layout of pack.ts), written off the request path: `save`
 * queues the run and returns; a writer packs and writes queued runs in batches, deleting the oldest files first so
 * the directory stays under `maxBytes`, and anything older than `retentionMs`. Queued runs are readable at once.
 */
export function fileTraceStore(dir: string, o: FileTraceStoreOptions = {}): TraceStore {
  const maxBytes = o.maxBytes ?? Number.POSITIVE_INFINITY;
  const retentionMs = o.retentionMs ?? Number.POSITIVE_INFINITY;
  const maxPending = o.maxPending ?? 256;
  const now = o.now ?? Date.now;
  const onError = o.onError ?? ((m, e) => console.error(`traces: ${m}`, e ?? ''));
  mkdirSync(dir, { recursive: true });
  const index = new RetentionIndex();
  const pending = new Map<string, readonly TraceRecord[]>();
  const queue: string[] = [];
  let writing: Promise<void> | undefined;
  let room: { promise: Promise<void>; resolve: () => void } | undefined;
  const waitForRoom = () => {
    if (!room) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      room = { promise, resolve };
    }
    return room.promise;
  };
  const path = (runId: string) => join(dir, `${runId}.jsonl`);

  const ready = (async () => {
    for (const name of await readdir(dir)) {
      if (name.endsWith('.tmp')) await unlink(join(dir, name)).catch(() => {}); // a write cut off by a crash
      if (!name.endsWith('.jsonl')) continue;
      const s = await stat(join(dir, name)).catch(() => undefined);
      if (s) index.add({ name, bytes: s.size, mtimeMs: s.mtimeMs });
    }
  })().catch((e) => onError(`cannot list ${dir}`, e));

  const evict = async (incoming: number) => {
    for (const f of index.evict(incoming, maxBytes, now() - retentionMs))
      await unlink(join(dir, f.name)).catch((e) => {
        if (e.code !== 'ENOENT') onError(`cannot delete ${f.name}`, e);
      });
  };

  async function writeBatch(batch: string[]): Promise<void> {
    const texts = await Promise.all(batch.map((id) => packTrace(id, pending.get(id) ?? [])));
    const sizes = texts.map((t) => Buffer.byteLength(t));
    const fits = batch.map((id, i) => {
      if (sizes[i]! <= maxBytes) return true;
      onError(`trace ${id} is ${sizes[i]} bytes, over the whole trace cap of ${maxBytes}; not kept`);
      return false;
    });
    await evict(sizes.reduce((a, b, i) => a + (fits[i] ? b : 0), 0));
    await Promise.all(
      batch.map(async (id, i) => {
        if (!fits[i]) return;
        try {
          await writeFile(`${path(id)}.tmp`, texts[i]!);
          await rename(`${path(id)}.tmp`, path(id)); // readers never see half a file
          index.add({ name: `${id}.jsonl`, bytes: sizes[i]!, mtimeMs: now() });
        } catch (e) {
          onError(`cannot write the trace of ${id}`, e);
        }
      }),
    );
  }

  async function pump(): Promise<void> {
    await ready;
    while (queue.length) {
      const batch = queue.slice(0, BATCH);
      await writeBatch(batch).catch((e) => onError(`cannot write ${batch.length} traces`, e));
      queue.splice(0, batch.length);
      for (const id of batch) pending.delete(id);
      if (room && pending.size < maxPending) {
        room.resolve();
        room = undefined;
      }
    }
    writing = undefined;
  }

  const flushSync = () => {
    for (const id of queue) {
      try {
        writeFileSync(`${path(id)}.tmp`, packTraceSync(id, pending.get(id) ?? []));
        renameSync(`${path(id)}.tmp`, path(id));
      } catch {
        // the process is exiting; nothing left to report to
      }
    }
    queue.length = 0;
  };
  open.add(flushSync);
  const sweep = setInterval(() => void ready.then(() => evict(0)), o.sweepMs ?? 60_000);
  sweep.unref();

  const flush = async () => {
    while (writing) await writing;
  };
  return {
    async save(runId, records) {
      if (!RUN_ID.test(runId)) throw new Error(`invalid run id ${runId}`);
      while (pending.size >= maxPending) await waitForRoom();
      pending.set(runId, records);
      queue.push(runId);
      writing ??= pump();
    },
    async get(runId) {
      if (!RUN_ID.test(runId)) return undefined;
      const queued = pending.get(runId);
      if (queued) return [...queued];
      try {
        return unpackTrace(await readFile(path(runId), 'utf8'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    flush,
    async close() {
      await flush();
      clearInterval(sweep);
      open.delete(flushSync);
    },
    usage: () => ({ files: index.size, bytes: index.total, queued: pending.size }),
  };
}
