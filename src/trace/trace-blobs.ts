import type { StoredFile } from './retention.ts';

/** One stored run: its id and its packed text (pack.ts). */
export type TraceBlob = { runId: string; text: string };

/**
 * Where a batched trace store keeps its runs: a directory (one file per run) or a table in a LanceDB database on
 * object storage. `name` in listings is the run id; `mtimeMs` is when it was written.
 */
export interface TraceBlobs {
  /** Where the traces are, for messages. */
  readonly where: string;
  /** Written by other processes too (other nodes): listings are re-read on every sweep, not only at start. */
  readonly shared: boolean;
  list(): Promise<StoredFile[]>;
  /** Write a batch; each run is readable whole or not at all. Resolves with the ids written (failures reported). */
  write(blobs: readonly TraceBlob[], now: number): Promise<string[]>;
  read(runId: string): Promise<string | undefined>;
  remove(runIds: readonly string[]): Promise<void>;
  /** For a process that is exiting with runs still queued (file backends only). */
  writeSync?(blob: TraceBlob): void;
  close?(): Promise<void>;
}
