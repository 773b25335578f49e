import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobView, UploadRequest } from '../../src/service/ingest-jobs.ts';
import type { Metadata } from '../../src/store/index.ts';
import type { Spooled, SpooledFile } from './spool.ts';

/** A job as kept on disk (`<dir>/<id>/job.json`): what it reports, and the files it ingests. */
export type JobRecord = JobView & {
  files_spooled: SpooledFile[];
  metadata: Metadata;
  /** Files refused before the pipeline (binary content); reported with the pipeline's own failures. */
  refused: { path: string; reason: string }[];
};

export const jobDir = (root: string, id: string): string => join(root, id);
export const filesDir = (root: string, id: string): string => join(root, id, 'files');

/** Write the record atomically (a temp file renamed over it), so a crash never leaves half a record. */
export async function saveRecord(root: string, r: JobRecord): Promise<void> {
  const dir = jobDir(root, r.id);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, 'job.json.tmp');
  await writeFile(tmp, JSON.stringify(r));
  await rename(tmp, join(dir, 'job.json'));
}

/** Every record under `root` (unreadable ones are skipped), with when it was last written. */
export async function loadRecords(root: string): Promise<{ record: JobRecord; mtimeMs: number }[]> {
  await mkdir(root, { recursive: true });
  const out: { record: JobRecord; mtimeMs: number }[] = [];
  for (const id of await readdir(root)) {
    const file = join(root, id, 'job.json');
    try {
      const [text, st] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      out.push({ record: JSON.parse(text) as JobRecord, mtimeMs: st.mtimeMs });
    } catch {
      // not a job (or a record being replaced when the process died): nothing to recover
    }
  }
  return out;
}

export const removeJob = (root: string, id: string) => rm(jobDir(root, id), { recursive: true, force: true });
export const removeFiles = (root: string, id: string) => rm(filesDir(root, id), { recursive: true, force: true });

/** What the API shows of a record (no server paths). */
export function viewOf(r: JobRecord): JobView {
  const { files_spooled: _f, metadata: _m, refused: _r, ...view } = r;
  return { ...view, errors: [...r.refused, ...r.errors], uploads: [...r.uploads] };
}

/** A new job's record: queued, its spooled files kept, binary ones refused up front (reported as file errors). */
export function newRecord(id: string, req: UploadRequest, spooled: Spooled, createdAt: string): JobRecord {
  const binary = spooled.files.filter((f) => f.type === 'binary');
  return {
    id,
    source: req.source,
    state: 'queued',
    submitted_by: req.key,
    created_at: createdAt,
    started_at: null,
    finished_at: null,
    attempts: 0,
    files: { done: 0, total: spooled.files.length },
    uploads: spooled.files.map((f) => ({ name: f.name, bytes: f.bytes, type: f.type })),
    documents: 0,
    skipped_unchanged: 0,
    chunks_written: 0,
    chunks_deleted: 0,
    embedded: 0,
    rate: { chunks_per_s: 0, eta_s: null },
    errors: [],
    error: null,
    waiting_for: null,
    files_spooled: spooled.files.filter((f) => f.type !== 'binary'),
    metadata: spooled.metadata,
    refused: binary.map((f) => ({
      path: f.name,
      reason: f.reason ?? 'binary content: not a PDF, HTML, Markdown, JSONL or text file',
    })),
  };
}
