import { packTrace, packTraceSync, unpackTrace } from './pack.ts';
import { RetentionIndex } from './retention.ts';
import type { TraceRecord } from './schema.ts';
import type { TraceBlobs } from './trace-blobs.ts';
import { RUN_ID, type TraceStore } from './trace-store.ts';

export type TraceStoreOptions = {
  /** The store never holds more than this many bytes of traces; the oldest go first. */
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
 * Traces kept in `blobs` (the v2 layout of pack.ts, one blob per run), written off the request path: `save` queues
 * the run and returns; a writer packs and writes queued runs in batches, deleting the oldest first so the store stays
 * under `maxBytes`, and anything older than `retentionMs`. Queued runs are readable at once. A store shared with
 * other nodes is listed again on every sweep, so the cap and the age limit cover what every node wrote.
 */
export function batchedTraceStore(blobs: TraceBlobs, o: TraceStoreOptions = {}): TraceStore {
  const maxBytes = o.maxBytes ?? Number.POSITIVE_INFINITY;
  const retentionMs = o.retentionMs ?? Number.POSITIVE_INFINITY;
  const maxPending = o.maxPending ?? 256;
  const now = o.now ?? Date.now;
  const onError = o.onError ?? ((m, e) => console.error(`traces: ${m}`, e ?? ''));
  let index = new RetentionIndex();
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

  const relist = async () => {
    const fresh = new RetentionIndex();
    fresh.load(await blobs.list());
    index = fresh;
  };
  const ready = relist().catch((e) => onError(`cannot list ${blobs.where}`, e));

  const evict = async (incoming: number) => {
    const old = index.evict(incoming, maxBytes, now() - retentionMs);
    if (old.length) await blobs.remove(old.map((f) => f.name)).catch((e) => onError('cannot delete old traces', e));
  };

  async function writeBatch(batch: string[]): Promise<void> {
    const texts = await Promise.all(batch.map((id) => packTrace(id, pending.get(id) ?? [])));
    const sizes = new Map(texts.map((t, i) => [batch[i]!, new TextEncoder().encode(t).length]));
    const fits = batch.filter((id) => {
      if (sizes.get(id)! <= maxBytes) return true;
      onError(`trace ${id} is ${sizes.get(id)} bytes, over the whole trace cap of ${maxBytes}; not kept`);
      return false;
    });
    await evict(fits.reduce((a, id) => a + sizes.get(id)!, 0));
    const at = now();
    const written = await blobs.write(
      fits.map((runId) => ({ runId, text: texts[batch.indexOf(runId)]! })),
      at,
    );
    for (const id of written) index.add({ name: id, bytes: sizes.get(id)!, mtimeMs: at });
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

  const writeSync = blobs.writeSync;
  const flushSync = () => {
    for (const id of queue) {
      try {
        writeSync?.({ runId: id, text: packTraceSync(id, pending.get(id) ?? []) });
      } catch {
        // the process is exiting; nothing left to report to
      }
    }
    queue.length = 0;
  };
  if (writeSync) open.add(flushSync);
  const sweep = setInterval(
    () =>
      void ready
        .then(() => (blobs.shared ? relist() : undefined))
        .then(() => evict(0))
        .catch((e) => onError(`cannot sweep ${blobs.where}`, e)),
    o.sweepMs ?? 60_000,
  );
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
      const text = await blobs.read(runId);
      return text === undefined ? undefined : unpackTrace(text);
    },
    flush,
    async close() {
      await flush();
      clearInterval(sweep);
      open.delete(flushSync);
      await blobs.close?.();
    },
    usage: () => ({ files: index.size, bytes: index.total, queued: pending.size }),
  };
}
