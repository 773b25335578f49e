import { AppError } from '../../src/errors.ts';
import type { IngestJobs, JobEvent, JobView, NewDocument, UploadRequest } from '../../src/service/ingest-jobs.ts';
import { ENDED, emit, followJob, type Watched } from './job-events.ts';
import { filesDir, loadRecords, newRecord, removeJob, saveRecord, viewOf } from './job-record.ts';
import { type RunJobDeps, runJob } from './run-job.ts';
import { deleteDocumentOf, withSourceWrite } from './source-writes.ts';
import { type Spooled, spoolDocuments, spoolMultipart } from './spool.ts';

/**
 * `embedder` fills the sources (the builtin embedder in a worker thread, so jobs do not stall searches);
 * `fileConcurrency`: files loaded at once within a job.
 */
export type JobRunnerOptions = Omit<RunJobDeps, 'now'> & {
  maxConcurrent: number;
  maxQueued: number;
  maxUploadBytes: number;
  maxUploadFiles: number;
  retentionMs: number;
  /** Longest wait for a source's writer lease when deleting from it. */
  leaseWaitMs?: number;
  now?: () => number;
  newId?: () => string;
};

type Entry = Watched & { ctl?: AbortController; ended?: Promise<void> };

const newJobId = () => `job_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

/**
 * Ingestion jobs over HTTP: uploads spooled to disk, then the CLI's pipeline (`runIngest`: idempotent, manifest,
 * bad files reported, bounded memory, the source's writer lease) in the background, so a job outlives the request
 * that made it. Records are kept on disk; a job the process did not finish (a crash, a restart) is failed when the
 * runner opens, and `rerun` runs it again from the files it kept. Jobs of one source run one at a time.
 */
export class JobRunner implements IngestJobs {
  private readonly jobs = new Map<string, Entry>();
  private closing = false;
  private meanMs = 5000;
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly leaseWaitMs: number;

  private constructor(private readonly o: JobRunnerOptions) {
    this.now = o.now ?? Date.now;
    this.newId = o.newId ?? newJobId;
    this.leaseWaitMs = o.leaseWaitMs ?? 30_000;
    this.sweeper = setInterval(() => void this.sweep(), 60_000).unref();
  }

  /** Open the jobs folder: earlier jobs are listed again; those a stopped process left unfinished are failed. */
  static async open(o: JobRunnerOptions): Promise<JobRunner> {
    const runner = new JobRunner(o);
    for (const { record } of await loadRecords(o.dir)) {
      if (!ENDED.has(record.state)) {
        record.state = 'failed';
        record.finished_at = new Date(runner.now()).toISOString();
        record.waiting_for = null;
        record.error = {
          code: 'interrupted',
          message: `the server stopped before this job finished; POST /v1/jobs/${record.id}/rerun runs it again with its files`,
        };
        await saveRecord(o.dir, record);
      }
      runner.jobs.set(record.id, { record, listeners: new Set() });
    }
    await runner.sweep();
    return runner;
  }

  private active(): number {
    let n = 0;
    for (const e of this.jobs.values()) if (!ENDED.has(e.record.state)) n++;
    return n;
  }

  admit(): void {
    if (this.closing) throw new AppError('unavailable', 'the server is shutting down; retry', { retry_after_ms: 1000 });
    const cap = this.o.maxConcurrent + this.o.maxQueued;
    const n = this.active();
    if (n >= cap)
      throw new AppError(
        'overloaded',
        `${n} ingestion jobs are queued or running (the limit is ${cap}); retry when one has finished`,
        {
          retry_after_ms: Math.max(
            1000,
            Math.round((this.meanMs * (n - this.o.maxConcurrent + 1)) / this.o.maxConcurrent),
          ),
        },
      );
  }

  async submitMultipart(
    req: UploadRequest & { contentType: string; body: ReadableStream<Uint8Array> },
  ): Promise<JobView> {
    this.admit();
    const id = this.newId();
    const spooled = await spoolMultipart({
      contentType: req.contentType,
      body: req.body,
      dir: filesDir(this.o.dir, id),
      signal: req.signal,
      maxBytes: this.o.maxUploadBytes,
      maxFiles: this.o.maxUploadFiles,
    });
    return this.enqueue(id, req, spooled);
  }

  async submitDocuments(req: UploadRequest & { documents: NewDocument[] }): Promise<JobView> {
    this.admit();
    const id = this.newId();
    return this.enqueue(id, req, await spoolDocuments(req.documents, filesDir(this.o.dir, id)));
  }

  private async enqueue(id: string, req: UploadRequest, spooled: Spooled): Promise<JobView> {
    const record = newRecord(id, req, spooled, new Date(this.now()).toISOString());
    await saveRecord(this.o.dir, record);
    this.jobs.set(id, { record, listeners: new Set() });
    this.pump();
    return viewOf(record);
  }

  get(id: string): JobView | undefined {
    const e = this.jobs.get(id);
    return e && viewOf(e.record);
  }

  list(sources: ((s: string) => boolean) | undefined, limit: number): JobView[] {
    return [...this.jobs.values()]
      .map((e) => e.record)
      .filter((r) => !sources || sources(r.source))
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
      .slice(0, limit)
      .map(viewOf);
  }

  async *events(id: string, signal: AbortSignal): AsyncIterable<JobEvent> {
    const e = this.jobs.get(id);
    if (e) yield* followJob(e, signal);
  }

  async wait(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobView> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), timeoutMs);
    const onAbort = () => ctl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const ev of this.events(id, ctl.signal)) if (ev.type === 'done') return ev.job;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    return this.get(id)!;
  }

  async rerun(id: string, key: string): Promise<JobView> {
    const e = this.jobs.get(id);
    if (!e) throw new AppError('not_found', `no job ${id}`, { field: 'job_id' });
    const r = e.record;
    if (r.state !== 'failed')
      throw new AppError('conflict', `job ${id} is ${r.state}; only a failed job runs again`, { state: r.state });
    if (r.files_spooled.length === 0 && r.refused.length === 0)
      throw new AppError('conflict', `job ${id} kept no files to run again; upload them again`);
    this.admit();
    Object.assign(r, {
      state: 'queued',
      submitted_by: key,
      started_at: null,
      finished_at: null,
      error: null,
      errors: [],
      files: { done: 0, total: r.files.total },
    });
    await saveRecord(this.o.dir, r);
    emit(e, 'state');
    this.pump();
    return viewOf(r);
  }

  /** Start queued jobs while there is room, oldest first, one per source at a time. */
  private pump(): void {
    if (this.closing) return;
    const running = [...this.jobs.values()].filter((e) => e.ctl);
    const busy = new Set(running.map((e) => e.record.source));
    let free = this.o.maxConcurrent - running.length;
    const queued = [...this.jobs.values()]
      .filter((e) => e.record.state === 'queued')
      .sort((a, b) => (a.record.created_at < b.record.created_at ? -1 : 1));
    for (const e of queued) {
      if (free <= 0) break;
      if (busy.has(e.record.source)) continue;
      busy.add(e.record.source);
      free--;
      e.ctl = new AbortController();
      e.ended = this.run(e, e.ctl.signal).finally(() => {
        e.ctl = undefined;
        this.pump();
      });
    }
  }

  private async run(e: Entry, signal: AbortSignal): Promise<void> {
    await runJob(e, signal, { ...this.o, now: this.now });
    const r = e.record;
    if (r.state === 'done' && r.started_at && r.finished_at)
      this.meanMs = 0.8 * this.meanMs + 0.2 * (Date.parse(r.finished_at) - Date.parse(r.started_at));
  }

  /** Fail the source's queued jobs and stop its running one (e.g. the source is being deleted). */
  private async stopSource(source: string, why: string): Promise<void> {
    const stopping: Promise<void>[] = [];
    for (const e of this.jobs.values()) {
      if (e.record.source !== source || ENDED.has(e.record.state)) continue;
      if (e.ctl) {
        e.ctl.abort(new AppError('conflict', why));
        stopping.push(e.ended!);
      } else {
        Object.assign(e.record, { state: 'failed', error: { code: 'conflict', message: why } });
        e.record.finished_at = new Date(this.now()).toISOString();
        await saveRecord(this.o.dir, e.record);
        emit(e, 'done');
      }
    }
    await Promise.all(stopping);
  }

  async deleteDocument(source: string, docId: string): Promise<{ chunks_deleted: number }> {
    return deleteDocumentOf(this.o.store, source, docId, this.leaseWaitMs);
  }

  async deleteSource(source: string): Promise<void> {
    await this.o.store.source(source); // unknown: 404
    await this.stopSource(source, `source ${source} was deleted`);
    await withSourceWrite(this.o.store, source, `delete source ${source}`, this.leaseWaitMs, () =>
      this.o.store.dropSource(source),
    );
  }

  /** Finished jobs older than the retention go, with their files. */
  private async sweep(): Promise<void> {
    const cutoff = this.now() - this.o.retentionMs;
    for (const [id, e] of this.jobs) {
      const end = e.record.finished_at ? Date.parse(e.record.finished_at) : Number.NaN;
      if (ENDED.has(e.record.state) && end < cutoff) {
        this.jobs.delete(id);
        await removeJob(this.o.dir, id).catch(() => {});
      }
    }
  }

  async close(graceMs: number): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    const running = [...this.jobs.values()].filter((e) => e.ctl);
    const all = Promise.all(running.map((e) => e.ended));
    const timer = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
    await Promise.race([all, timer(graceMs / 2)]);
    for (const e of running)
      e.ctl?.abort(
        new AppError(
          'unavailable',
          `the server shut down during this job; POST /v1/jobs/${e.record.id}/rerun runs it again with its files`,
        ),
      );
    await Promise.race([all, timer(graceMs / 2)]);
  }
}
