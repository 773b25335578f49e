import { resolve } from 'node:path';
import pLimit from 'p-limit';
import { AppError, errorMessage } from '../src/errors.ts';
import type { Embedder } from '../src/providers/embedder.ts';
import { type ManifestEntry, type SourceTable, type Store, validateSourceName } from '../src/store/index.ts';
import { type ChunkParams, chunkDocument } from './chunk.ts';
import { docHash, extractedHash } from './doc-hash.ts';
import { type InputFile, resolveInputs } from './inputs.ts';
import { createPdfPool, loadFile } from './loaders/index.ts';
import { slices, streamedParts } from './parts.ts';
import { readPriorState } from './prior-state.ts';
import { type IngestProgress, ProgressTracker } from './progress.ts';
import { type AnyDoc, type JsonlFields, type LoadContext, LoadError } from './types.ts';
import { ChunkWriter } from './writer.ts';

export type { IngestProgress } from './progress.ts';

export type IngestJob = {
  source: string;
  /** Files, directories or globs, relative to `baseDir`. */
  inputs: readonly string[];
  /** Paths and document ids are shown relative to this directory (default: the working directory). */
  baseDir?: string;
  chunkTokens?: number;
  chunkOverlap?: number;
  /** Files loaded (and embedding calls made) at once. */
  concurrency?: number;
  /** Another embedder than the source's: start the source again. The same one: re-embed every document. */
  reembed?: boolean;
  /** Load and chunk, report what would change, write nothing. */
  dryRun?: boolean;
  jsonlFields?: JsonlFields;
  /** Rows per write (default 2048) and texts per embedding call (default 256). */
  batchRows?: number;
  embedBatch?: number;
  pdfTimeoutMs?: number;
};

export type IngestDeps = {
  store: Store;
  embedder: Embedder;
  onProgress?: (p: IngestProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
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
  dry_run: boolean;
  elapsed_ms: number;
  /** Time inside each stage; stages overlap when files are processed concurrently. */
  timings_ms: { load: number; chunk: number; embed: number; write: number; index: number };
};

/** Errors that stop the whole job (store, embedder, abort), as opposed to a file that cannot be read. */
class Fatal extends Error {}

/**
 * load → chunk → embed → write for every file of the job. A file that fails is reported and the job carries on;
 * unchanged documents are skipped without embedding; documents gone from the inputs are deleted (unless their file
 * failed this run); chunks a crashed run left without a manifest entry are removed first.
 */
export async function runIngest(job: IngestJob, deps: IngestDeps): Promise<IngestSummary> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const params: ChunkParams = { maxTokens: job.chunkTokens ?? 256, overlapTokens: job.chunkOverlap ?? 32 };
  const concurrency = job.concurrency ?? 4;
  const batchRows = job.batchRows ?? 2048;
  const dryRun = job.dryRun === true;
  const inputs = await resolveInputs(job.inputs, resolve(job.baseDir ?? process.cwd()));
  if (inputs.missing.length > 0)
    throw new AppError(
      'bad_request',
      `nothing to ingest at ${inputs.missing.join(', ')} (no such path, or no supported file matches)`,
      {
        missing: inputs.missing,
      },
    );
  const table = await openSource(deps.store, deps.embedder, job);
  const prior = await readPriorState(table);
  const force = job.reembed === true;
  const failed: FailedFile[] = [];
  const failedOrigins = new Set<string>();
  const produced = new Map<string, string>();
  const timings = { load: 0, chunk: 0, embed: 0, write: 0, index: 0 };
  const dry = { written: 0, embedded: 0 };
  let deleted = 0;
  const bytes = inputs.files.reduce((n, f) => n + f.size, 0);
  const progress = new ProgressTracker(inputs.files.length, bytes, deps.onProgress, now);
  const stop = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, stop.signal]) : stop.signal;
  const pdf = createPdfPool({ size: concurrency, timeoutMs: job.pdfTimeoutMs });
  const writer =
    table && !dryRun
      ? new ChunkWriter(
          table,
          deps.embedder,
          { batchRows, embedBatch: job.embedBatch ?? 256, concurrency, signal },
          () => {
            progress.counts.chunks_written = writer!.stats.written;
            progress.counts.embedded = writer!.stats.embedded;
            progress.tick();
          },
        )
      : undefined;

  if (table && !dryRun && prior.orphans.length > 0) deleted += await table.deleteDocuments(prior.orphans);

  const fail = (f: InputFile, reason: string) => {
    failed.push({ path: f.path, reason });
    failedOrigins.add(f.file);
    progress.counts.failed++;
  };
  const fatal = async <T>(p: Promise<T>): Promise<T> =>
    p.catch((e: unknown) => Promise.reject(new Fatal('', { cause: e })));

  const handleDoc = async (doc: AnyDoc, f: InputFile) => {
    const seen = produced.get(doc.doc_id);
    if (seen !== undefined)
      return fail(f, `duplicate document id ${JSON.stringify(doc.doc_id)} (first read from ${seen})`);
    const hash = docHash(doc.kind === 'memory' ? extractedHash(doc) : doc.contentHash, doc.path, params);
    const prev = prior.manifest.get(doc.doc_id);
    if (!force && prev?.doc_hash === hash && !prior.damaged.has(doc.doc_id)) {
      produced.set(doc.doc_id, f.path);
      progress.counts.documents++;
      progress.counts.skipped_unchanged++;
      return;
    }
    let t = now();
    const loaded = doc.kind === 'deferred' ? await doc.load() : doc.kind === 'memory' ? doc : undefined;
    timings.load += now() - t;
    produced.set(doc.doc_id, f.path);
    progress.counts.documents++;
    const stored = { reuse: new Set(force ? [] : (prev?.chunk_ids ?? [])), fresh: prev === undefined };
    const entry: ManifestEntry = {
      doc_id: doc.doc_id,
      path: doc.path,
      origin: f.file,
      doc_hash: hash,
      chunk_ids: [],
      title: loaded?.title ?? (doc.kind === 'stream' ? doc.title : ''),
      ingested_at: new Date().toISOString(),
    };
    t = now();
    const drafts = loaded ? chunkDocument(loaded, job.source, params) : undefined;
    timings.chunk += now() - t;
    const parts = drafts
      ? slices(drafts, batchRows)
      : streamedParts(doc as Extract<AnyDoc, { kind: 'stream' }>, job.source, params, batchRows, (ms) => {
          timings.chunk += ms;
        });
    if (!writer) {
      for await (const part of parts) {
        dry.written += part.length;
        dry.embedded += part.filter((d) => !stored.reuse.has(d.id)).length;
      }
    } else if (drafts && drafts.length <= batchRows) await fatal(writer.add(drafts, entry, stored));
    else await fatal(writer.addLarge(parts, entry, stored));
  };

  const processFile = async (f: InputFile) => {
    const ctx: LoadContext = {
      file: f.file,
      path: f.path,
      docId: f.docId,
      jsonlFields: job.jsonlFields ?? {},
      pdf,
      signal,
      onIssue: (reason) => fail(f, reason),
      onBytes: (n) => progress.fileBytes(f.file, n),
    };
    try {
      const docs = loadFile(ctx, f.size);
      for (;;) {
        signal.throwIfAborted();
        const t = now();
        const next = await docs.next();
        timings.load += now() - t;
        if (next.done) break;
        await handleDoc(next.value, f);
      }
    } catch (e) {
      if (e instanceof Fatal || signal.aborted) throw e;
      fail(f, e instanceof LoadError ? e.message : `cannot read: ${errorMessage(e)}`);
    } finally {
      progress.fileDone(f.file, f.size);
    }
  };

  try {
    const limit = pLimit(concurrency);
    const runs = inputs.files.map((f) => limit(() => processFile(f)));
    const results = await Promise.allSettled(
      runs.map((r) =>
        r.catch((e: unknown) => {
          // One fatal error stops the other files at their next document.
          stop.abort(e);
          throw e;
        }),
      ),
    );
    const firstError = results.find((r) => r.status === 'rejected');
    if (firstError) throw firstError.reason;
    if (writer) await writer.finish();
  } catch (e) {
    throw e instanceof Fatal ? e.cause : e;
  } finally {
    await pdf.close();
  }

  const removed = [...prior.manifest.values()].filter(
    (e) => inputs.covers(e.origin) && !produced.has(e.doc_id) && !failedOrigins.has(e.origin),
  );
  if (table && !dryRun) {
    deleted += await table.deleteDocuments(removed.map((e) => e.doc_id));
    const t = now();
    await table.refreshIndexes();
    timings.index = now() - t;
    if ((writer?.stats.written ?? 0) + deleted > 0) await deps.store.markIngested(job.source);
  }
  const stats = writer?.stats;
  progress.counts.chunks_written = stats?.written ?? dry.written;
  progress.counts.embedded = stats?.embedded ?? dry.embedded;
  progress.tick(true);
  return {
    source: job.source,
    files: inputs.files.length,
    documents: progress.counts.documents,
    skipped_unchanged: progress.counts.skipped_unchanged,
    chunks_written: stats?.written ?? dry.written,
    chunks_deleted: dryRun ? removed.reduce((n, e) => n + e.chunk_ids.length, 0) : deleted + (stats?.deleted ?? 0),
    embedded: stats?.embedded ?? dry.embedded,
    failed,
    dry_run: dryRun,
    elapsed_ms: Math.round(now() - started),
    timings_ms: {
      load: Math.round(timings.load),
      chunk: Math.round(timings.chunk),
      embed: Math.round(stats?.embedMs ?? 0),
      write: Math.round(stats?.writeMs ?? 0),
      index: Math.round(timings.index),
    },
  };
}

/** The source to write to; in a dry run only an existing one is opened (and nothing is created). */
async function openSource(store: Store, embedder: Embedder, job: IngestJob): Promise<SourceTable | undefined> {
  if (!job.dryRun) return store.sourceForWrite(job.source, embedder, { reembed: job.reembed });
  validateSourceName(job.source);
  if (!(await store.sourceMeta(job.source))) return undefined;
  const table = await store.source(job.source);
  if (!job.reembed) store.assertEmbedder(table, embedder);
  return table;
}
