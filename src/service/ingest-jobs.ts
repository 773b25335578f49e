import type { Metadata } from '../store/index.ts';

/**
 * Ingestion jobs, as the HTTP routes see them. The implementation (ingest/jobs/) runs the CLI's pipeline and is
 * wired in by the entry point (src/main.ts), so `src/` never imports `ingest/`. Without it (tests of other routes,
 * the Workers entry) the routes answer 503.
 */
export type JobState = 'queued' | 'waiting' | 'running' | 'done' | 'failed';

export type JobView = {
  id: string;
  source: string;
  state: JobState;
  /** The key (its name) that submitted the job. */
  submitted_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  attempts: number;
  files: { done: number; total: number };
  /** The files of the upload: name (= document id), size, detected type. */
  uploads: { name: string; bytes: number; type: string }[];
  documents: number;
  skipped_unchanged: number;
  chunks_written: number;
  chunks_deleted: number;
  embedded: number;
  /** Chunks written per second so far, and seconds left (by bytes read), while running. */
  rate: { chunks_per_s: number; eta_s: number | null };
  /** Files that could not be ingested, each with its reason; the others were. */
  errors: { path: string; reason: string }[];
  /** Why the whole job failed (the store, the embedder, a restart), if it did. */
  error: { code: string; message: string } | null;
  /** While `waiting`: the job that holds the source (another upload or a CLI ingest). */
  waiting_for: string | null;
};

/** What a job's event stream sends: every change of state or progress (the job as it is), and its end. */
export type JobEvent = { type: 'state' | 'progress' | 'done'; job: JobView };

export type NewDocument = { id: string; title?: string; text: string; metadata?: Metadata };

export type UploadRequest = {
  source: string;
  /** The caller's key name (recorded on the job). */
  key: string;
  signal?: AbortSignal;
};

export interface IngestJobs {
  /** Refuse at once (429 with Retry-After) when as many jobs as allowed are queued or running. */
  admit(): void;
  /**
   * A `multipart/form-data` body: its files are streamed to disk (counted against the upload limits), then a job is
   * queued for them. A `metadata` field (JSON object) applies to the files of the request.
   */
  submitMultipart(req: UploadRequest & { contentType: string; body: ReadableStream<Uint8Array> }): Promise<JobView>;
  /** Documents given as text, each with its id and optional title and metadata. */
  submitDocuments(req: UploadRequest & { documents: NewDocument[] }): Promise<JobView>;
  get(id: string): JobView | undefined;
  /** Jobs, newest first, of the given sources (all when undefined). */
  list(sources: ((source: string) => boolean) | undefined, limit: number): JobView[];
  /** The job's events from now on (its current state first) until it ends or the signal fires. */
  events(id: string, signal: AbortSignal): AsyncIterable<JobEvent>;
  /** Resolves when the job has ended or `timeoutMs` passed, with the job as it is then. */
  wait(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobView>;
  /** Run a failed job again with the files it kept. */
  rerun(id: string, key: string): Promise<JobView>;
  /** Remove one document (its chunks and manifest entry), holding the source's writer lease. */
  deleteDocument(source: string, docId: string): Promise<{ chunks_deleted: number }>;
  /** Remove a source and everything in it; its queued and running jobs fail first. */
  deleteSource(source: string): Promise<void>;
  /** Stop taking jobs; running ones are stopped at their next write and marked failed (re-runnable). */
  close(graceMs: number): Promise<void>;
}
