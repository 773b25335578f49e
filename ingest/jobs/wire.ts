import { dirname, join } from 'node:path';
import type { Deps, NodeDeps } from '../../src/deps.ts';
import { type ClosableEmbedder, createWorkerEmbedder } from '../worker-embedder.ts';
import { JobRunner } from './runner.ts';

/** Where jobs keep their records and uploads: GROUNDED_JOBS_DIR, else `jobs/` beside a local store. */
export function jobsDir(config: Deps['config']): string {
  if (config.GROUNDED_JOBS_DIR) return config.GROUNDED_JOBS_DIR;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(config.GROUNDED_DB)
    ? join('data', 'jobs')
    : join(dirname(config.GROUNDED_DB), 'jobs');
}

/**
 * The ingestion-jobs runner for a server's deps (called by the entry point): the CLI's pipeline, with the builtin
 * embedder in a worker thread (the same vectors as the server's, off its event loop) unless `inProcess`.
 */
export async function wireJobs(
  deps: NodeDeps,
  opts: { inProcess?: boolean } = {},
): Promise<JobRunner & { closeAll(graceMs: number): Promise<void> }> {
  const c = deps.config;
  const worker: ClosableEmbedder | undefined =
    !opts.inProcess && c.GROUNDED_EMBEDDER === 'builtin' && deps.embedder.id.startsWith('builtin')
      ? createWorkerEmbedder(deps.embedder.dimensions)
      : undefined;
  const runner = await JobRunner.open({
    dir: jobsDir(c),
    store: deps.store,
    embedder: worker ?? deps.embedder,
    logger: deps.logger,
    chunkTokens: c.GROUNDED_CHUNK_TOKENS,
    chunkOverlap: c.GROUNDED_CHUNK_OVERLAP,
    fileConcurrency: c.GROUNDED_INGEST_CONCURRENCY,
    maxDecompressedBytes: c.GROUNDED_INGEST_MAX_DECOMPRESSED_MB * 1024 * 1024,
    maxConcurrent: c.GROUNDED_MAX_CONCURRENT_JOBS,
    maxQueued: c.GROUNDED_MAX_QUEUED_JOBS,
    maxUploadBytes: c.GROUNDED_MAX_UPLOAD_BYTES,
    maxUploadFiles: c.GROUNDED_MAX_UPLOAD_FILES,
    retentionMs: c.GROUNDED_JOB_RETENTION_HOURS * 3_600_000,
  });
  return Object.assign(runner, {
    async closeAll(graceMs: number) {
      await runner.close(graceMs);
      await worker?.close();
    },
  });
}
