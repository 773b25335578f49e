import type { Logger } from 'pino';
import { AppError, errorMessage } from '../../src/errors.ts';
import type { Embedder } from '../../src/providers/embedder.ts';
import { describeHolder, type Store } from '../../src/store/index.ts';
import { type IngestProgress, runIngest } from '../pipeline.ts';
import { emit, type Watched } from './job-events.ts';
import { removeFiles, saveRecord } from './job-record.ts';

export type RunJobDeps = {
  dir: string;
  store: Store;
  embedder: Embedder;
  logger: Logger;
  chunkTokens: number;
  chunkOverlap: number;
  fileConcurrency: number;
  /** Largest decompressed size of an uploaded `.gz` file (default 64 MB). */
  maxDecompressedBytes?: number;
  now: () => number;
};

/**
 * Run one job's files through the CLI's pipeline (waiting for the source's writer lease), keeping its record on disk
 * and its followers told: `running`, progress (saved at most once a second), then `done` or `failed`. Never throws;
 * a stop through `signal` fails the job with the signal's reason. A done job's files are removed, a failed one keeps
 * them for a re-run.
 */
export async function runJob(e: Watched, signal: AbortSignal, d: RunJobDeps): Promise<void> {
  const r = e.record;
  const started = d.now();
  Object.assign(r, { state: 'running', started_at: new Date(started).toISOString(), attempts: r.attempts + 1 });
  await saveRecord(d.dir, r);
  emit(e, 'state');
  let lastSave = started;
  const onProgress = (p: IngestProgress) => {
    Object.assign(r, {
      state: 'running',
      waiting_for: null,
      files: { done: p.files_done, total: r.files.total },
      documents: p.documents,
      skipped_unchanged: p.skipped_unchanged,
      chunks_written: p.chunks_written,
      embedded: p.embedded,
      rate: { chunks_per_s: p.chunks_per_s, eta_s: p.eta_s },
    });
    emit(e, 'progress');
    if (d.now() - lastSave > 1000) {
      lastSave = d.now();
      void saveRecord(d.dir, r).catch(() => {});
    }
  };
  try {
    if (r.files_spooled.length === 0) throw new AppError('bad_request', 'no file of this upload can be ingested');
    const summary = await runIngest(
      {
        source: r.source,
        name: `upload job ${r.id} (key ${r.submitted_by})`,
        inputs: [],
        given: r.files_spooled.map((f) => ({ file: f.file, id: f.name, size: f.bytes, metadata: r.metadata })),
        chunkTokens: d.chunkTokens,
        chunkOverlap: d.chunkOverlap,
        concurrency: d.fileConcurrency,
        maxDecompressedBytes: d.maxDecompressedBytes,
      },
      {
        store: d.store,
        embedder: d.embedder,
        signal,
        wait: true,
        onWait: (holder) => {
          if (r.state === 'waiting') return;
          Object.assign(r, { state: 'waiting', waiting_for: describeHolder(holder) });
          emit(e, 'state');
        },
        onProgress,
      },
    );
    Object.assign(r, {
      state: 'done',
      files: { done: r.files.total, total: r.files.total },
      documents: summary.documents,
      skipped_unchanged: summary.skipped_unchanged,
      chunks_written: summary.chunks_written,
      chunks_deleted: summary.chunks_deleted,
      embedded: summary.embedded,
      errors: summary.failed,
      waiting_for: null,
    });
  } catch (err) {
    const reason = signal.aborted ? signal.reason : err;
    Object.assign(r, {
      state: 'failed',
      waiting_for: null,
      error: {
        code: AppError.is(reason) ? reason.code : 'internal',
        message: AppError.is(reason) ? reason.message : `ingestion failed: ${errorMessage(reason)}`,
      },
    });
    if (!AppError.is(reason)) d.logger.error({ job: r.id, err: errorMessage(reason) }, 'ingestion job failed');
  }
  r.finished_at = new Date(d.now()).toISOString();
  r.rate = { chunks_per_s: r.rate.chunks_per_s, eta_s: null };
  if (r.state === 'done') {
    r.files_spooled = [];
    await removeFiles(d.dir, r.id);
  }
  await saveRecord(d.dir, r);
  d.logger.info(
    { job: r.id, source: r.source, state: r.state, chunks_written: r.chunks_written, errors: r.errors.length },
    'ingestion job ended',
  );
  emit(e, 'done');
}
