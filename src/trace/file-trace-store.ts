import { batchedTraceStore, type TraceStoreOptions } from './batched-trace-store.ts';
import { fileBlobs } from './file-blobs.ts';
import type { TraceStore } from './trace-store.ts';

export type FileTraceStoreOptions = TraceStoreOptions & {
  /** Other nodes write to the same directory (a shared file system): re-list it on every sweep. */
  shared?: boolean;
};

/** One file per run under `dir` (`<run_id>.jsonl`), written in batches off the request path (batched-trace-store.ts). */
export function fileTraceStore(dir: string, o: FileTraceStoreOptions = {}): TraceStore {
  const onError = o.onError ?? ((m, e) => console.error(`traces: ${m}`, e ?? ''));
  return batchedTraceStore(fileBlobs(dir, { shared: o.shared, onError }), { ...o, onError });
}
