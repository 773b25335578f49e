import type { Embedder } from '../src/providers/embedder.ts';
import type { LeaseHolder, LinksMode, RepairReport, SourceCapabilities, Store } from '../src/store/index.ts';
import type { ChunkParams } from './chunk.ts';
import type { GivenFile } from './inputs.ts';
import type { IngestProgress } from './progress.ts';
import type { JsonlFields } from './types.ts';
import type { UnsupportedFiles } from './unsupported.ts';

export type IngestJob = {
  source: string;
  /** How the job describes itself to another job that finds the source busy (default "ingest into <source>"). */
  name?: string;
  /** Files, directories or globs, relative to `baseDir`. */
  inputs: readonly string[];
  /** Instead of `inputs`: files on disk named by the caller (HTTP uploads), ids given, metadata attached. */
  given?: readonly GivenFile[];
  /** Paths and document ids are shown relative to this directory (default: the working directory). */
  baseDir?: string;
  chunkTokens?: number;
  chunkOverlap?: number;
  /** Files loaded (and embedding calls made) at once (default 4). */
  concurrency?: number;
  /** Another embedder than the source's: start the source again. The same one: re-embed every document. */
  reembed?: boolean;
  /** Load and chunk, report what would change, write nothing. */
  dryRun?: boolean;
  jsonlFields?: JsonlFields;
  /**
   * Rows per write (default 1024: larger batches cost LanceDB more memory than they save time) and texts per
   * embedding call (default 256).
   */
  batchRows?: number;
  embedBatch?: number;
  pdfTimeoutMs?: number;
  /** Largest decompressed size of a `.gz` file (default 64 MB); a bigger one fails alone. */
  maxDecompressedBytes?: number;
  /**
   * Link-following for the source: `on`/`off` set it; `auto` measures it; unset keeps the source's earlier choice
   * (measuring again when the source changed).
   */
  links?: LinksMode;
  /** An index build using no CPU this long is reported stuck (default 60 s). */
  indexStallMs?: number;
};

export type IngestDeps = {
  store: Store;
  embedder: Embedder;
  onProgress?: (p: IngestProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
  /** When another job is writing the source: wait for it (true) or fail at once with `source_busy` (default). */
  wait?: boolean;
  /** Called on every check while waiting for another job. */
  onWait?: (holder: LeaseHolder, waitedMs: number) => void;
};

export type FailedFile = { path: string; reason: string };

export type IngestSummary = {
  source: string;
  files: number;
  documents: number;
  skipped_unchanged: number;
  chunks_written: number;
  chunks_deleted: number;
  embedded: number;
  failed: FailedFile[];
  /** Files a folder or glob walk passed over because ingest does not read their type. */
  unsupported: UnsupportedFiles;
  /** What this run found broken by an earlier crash or concurrent run, and fixed before writing. */
  repaired: RepairReport;
  dry_run: boolean;
  elapsed_ms: number;
  /** Time inside each stage; stages overlap when files are processed concurrently. */
  timings_ms: { load: number; chunk: number; embed: number; write: number; index: number };
  /** What the run measured about the source (absent in a dry run). */
  capabilities?: SourceCapabilities;
};

/** A job with its defaults filled in. */
export type Settings = {
  source: string;
  params: ChunkParams;
  concurrency: number;
  batchRows: number;
  embedBatch: number;
  dryRun: boolean;
  /** Re-embed documents even when unchanged (`reembed` with the source's own embedder). */
  force: boolean;
  jsonlFields: JsonlFields;
  pdfTimeoutMs?: number;
  maxDecompressedBytes?: number;
};

export const settingsOf = (job: IngestJob): Settings => ({
  source: job.source,
  params: { maxTokens: job.chunkTokens ?? 256, overlapTokens: job.chunkOverlap ?? 32 },
  concurrency: job.concurrency ?? 4,
  batchRows: job.batchRows ?? 1024,
  embedBatch: job.embedBatch ?? 256,
  dryRun: job.dryRun === true,
  force: job.reembed === true,
  jsonlFields: job.jsonlFields ?? {},
  pdfTimeoutMs: job.pdfTimeoutMs,
  maxDecompressedBytes: job.maxDecompressedBytes,
});
