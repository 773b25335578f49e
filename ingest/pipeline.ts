import { resolve } from 'node:path';
import pLimit from 'p-limit';
import { AppError, errorMessage } from '../src/errors.ts';
import { type Embedder, embedderFor } from '../src/providers/embedder.ts';
import {
  emptyRepair,
  type LinksMode,
  type RepairReport,
  type SourceCapabilities,
  type SourceTable,
  type Store,
  validateSourceName,
} from '../src/store/index.ts';
import { FatalIngestError, ingestDocument } from './document-step.ts';
import { givenInputs, type InputFile, keepKnownIds, resolveInputs } from './inputs.ts';
import { type IngestDeps, type IngestJob, type IngestSummary, type Settings, settingsOf } from './job.ts';
import { detectCapabilities } from './link-detection.ts';
import { createPdfPool, loadFile, type PdfPool } from './loaders/index.ts';
import { type PriorState, readPriorState } from './prior-state.ts';
import { ProgressTracker } from './progress.ts';
import { RunState } from './run-state.ts';
import { withSourceLease } from './source-lease.ts';
import { LoadError } from './types.ts';
import { summarizeUnsupported } from './unsupported.ts';
import { ChunkWriter } from './writer.ts';

export type { FailedFile, IngestDeps, IngestJob, IngestSummary } from './job.ts';
export type { IngestProgress } from './progress.ts';

/**
 * load → chunk → embed → write for every file of the job, holding the source's writer lease. A file that fails is
 * reported and the job carries on; unchanged documents are skipped without embedding; documents gone from the inputs
 * are deleted (unless their file failed this run); what an earlier crash or concurrent run left broken is repaired
 * first.
 */
export async function runIngest(job: IngestJob, deps: IngestDeps): Promise<IngestSummary> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  validateSourceName(job.source);
  const inputs = job.given
    ? givenInputs(job.given)
    : await resolveInputs(job.inputs, resolve(job.baseDir ?? process.cwd()));
  if (inputs.missing.length > 0)
    throw new AppError(
      'bad_request',
      `nothing to ingest at ${inputs.missing.join(', ')} (no such path, or no supported file matches)`,
      { missing: inputs.missing },
    );
  return withSourceLease(job, deps, (signal) => ingestInputs(job, { ...deps, signal }, inputs, started));
}

async function ingestInputs(
  job: IngestJob,
  deps: IngestDeps,
  inputs: Awaited<ReturnType<typeof resolveInputs>>,
  started: number,
): Promise<IngestSummary> {
  const now = deps.now ?? (() => performance.now());
  const settings = settingsOf(job);
  const repaired = emptyRepair();
  if (!settings.dryRun) repaired.duplicate_registry_rows = await deps.store.repairRegistry(job.source);
  const table = await openSource(deps.store, deps.embedder, job);
  if (table && !settings.dryRun) {
    Object.assign(repaired, await table.repair());
    // A source ingested before versions were published: readers keep what it holds now while this run rewrites it.
    if (!(await table.isPublished()) && (await table.count()) > 0) await deps.store.publish(table);
  }
  // A source keeps the size it was made at when the embedder can resize (the builtin one).
  const embedder = table ? embedderFor(deps.embedder, table) : deps.embedder;
  const prior = await readPriorState(table);
  keepKnownIds(inputs.files, prior.manifest);
  const bytes = inputs.files.reduce((n, f) => n + f.size, 0);
  const state = new RunState(new ProgressTracker(inputs.files.length, bytes, deps.onProgress, now), now);
  const stop = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, stop.signal]) : stop.signal;
  const writer =
    table && !settings.dryRun
      ? new ChunkWriter(table, embedder, { ...settings, signal }, (stats) => {
          state.progress.counts.chunks_written = stats.written;
          state.progress.counts.embedded = stats.embedded;
          state.progress.tick();
        })
      : undefined;
  let deleted = 0;

  const pdf = createPdfPool({ size: settings.concurrency, timeoutMs: settings.pdfTimeoutMs });
  try {
    const limit = pLimit(settings.concurrency);
    const run = { settings, state, prior, writer, pdf, signal };
    const results = await Promise.allSettled(
      inputs.files.map((f) =>
        limit(() => ingestFile(f, run)).catch((e: unknown) => {
          // One fatal error stops the other files at their next document.
          stop.abort(e);
          throw e;
        }),
      ),
    );
    const firstError = results.find((r) => r.status === 'rejected');
    if (firstError) throw firstError.reason;
    await writer?.finish();
  } catch (e) {
    await writer?.settle();
    throw e instanceof FatalIngestError ? e.cause : e;
  } finally {
    await pdf.close();
  }

  const removed = [...prior.manifest.values()].filter(
    (e) => inputs.covers(e.origin) && !state.produced.has(e.doc_id) && !state.failedOrigins.has(e.origin),
  );
  let capabilities: SourceCapabilities | undefined;
  if (writer) {
    deleted += await table!.deleteDocuments(removed.map((e) => e.doc_id));
    await state.time('index', () => table!.refreshIndexes({ stallMs: job.indexStallMs }));
    const changed = writer.stats.written + deleted + repairedRows(repaired) > 0;
    if (changed) await deps.store.markIngested(job.source);
    capabilities = await refreshCapabilities(deps.store, table!, job.links, changed);
    // Readers move to this version now that its indexes cover every row.
    await deps.store.publish(table!);
  }
  const counts = state.progress.counts;
  counts.chunks_written = writer?.stats.written ?? state.dry.written;
  counts.embedded = writer?.stats.embedded ?? state.dry.embedded;
  state.progress.tick(true);
  const t = state.timings;
  return {
    source: job.source,
    files: inputs.files.length,
    documents: counts.documents,
    skipped_unchanged: counts.skipped_unchanged,
    chunks_written: counts.chunks_written,
    chunks_deleted: writer ? deleted + writer.stats.deleted : removed.reduce((n, e) => n + e.chunk_ids.length, 0),
    embedded: counts.embedded,
    failed: state.failed,
    unsupported: summarizeUnsupported(inputs.unsupported),
    repaired,
    dry_run: settings.dryRun,
    elapsed_ms: Math.round(now() - started),
    timings_ms: {
      load: Math.round(t.load),
      chunk: Math.round(t.chunk),
      embed: Math.round(writer?.stats.embedMs ?? 0),
      write: Math.round(writer?.stats.writeMs ?? 0),
      index: Math.round(t.index),
    },
    ...(capabilities ? { capabilities } : {}),
  };
}

const repairedRows = (r: RepairReport): number => Object.values(r).reduce((n, v) => n + v, 0);

/**
 * Measure the source again when it changed, when the job sets a links mode, or when nothing was measured yet; an
 * unset mode keeps the source's earlier `on`/`off`.
 */
async function refreshCapabilities(
  store: Store,
  table: SourceTable,
  asked: LinksMode | undefined,
  changed: boolean,
): Promise<SourceCapabilities> {
  const current = (await store.sourceMeta(table.name))?.capabilities ?? {};
  if (!changed && !asked && current.link_stats) return current;
  const mode = asked ?? current.links_mode ?? 'auto';
  const caps = await detectCapabilities(table, mode);
  await store.setCapabilities(table.name, caps);
  return caps;
}

type FileRun = {
  settings: Settings;
  state: RunState;
  prior: PriorState;
  writer?: ChunkWriter;
  pdf: PdfPool;
  signal: AbortSignal;
};

/** Every document of one file; a file that cannot be read is recorded as failed and the job goes on. */
async function ingestFile(f: InputFile, run: FileRun): Promise<void> {
  const { state, signal } = run;
  const docs = loadFile(
    {
      file: f.file,
      path: f.path,
      docId: f.docId,
      metadata: f.metadata,
      jsonlFields: run.settings.jsonlFields,
      maxDecompressedBytes: run.settings.maxDecompressedBytes,
      pdf: run.pdf,
      signal,
      onIssue: (reason) => state.fail(f, reason),
      onBytes: (n) => state.progress.fileBytes(f.file, n),
    },
    f.size,
  );
  try {
    for (;;) {
      signal.throwIfAborted();
      const next = await state.time('load', () => docs.next());
      if (next.done) break;
      await ingestDocument(next.value, f, run);
    }
  } catch (e) {
    if (e instanceof FatalIngestError || signal.aborted) throw e;
    state.fail(f, e instanceof LoadError ? e.message : `cannot read: ${errorMessage(e)}`);
  } finally {
    state.progress.fileDone(f.file, f.size);
  }
}

/** The source to write to; in a dry run only an existing one is opened (and nothing is created). */
async function openSource(store: Store, embedder: Embedder, job: IngestJob): Promise<SourceTable | undefined> {
  if (!job.dryRun) return store.sourceForWrite(job.source, embedder, { reembed: job.reembed });
  validateSourceName(job.source);
  if (!(await store.sourceMeta(job.source))) return undefined;
  const table = await store.latest(job.source);
  if (!job.reembed) store.assertEmbedder(table, embedder);
  return table;
}
