import type { Lease } from '../src/store/index.ts';
import type { IngestDeps, IngestJob } from './job.ts';

/**
 * Run a job holding its source's writer lease: one writer per source at a time, across processes and machines
 * sharing the store. Another job holding it makes this one wait (`deps.wait`) or fail at once with `source_busy`
 * naming the holder. `fn` gets a signal that also fires if the lease is lost; a dry run writes nothing and needs
 * no lease.
 */
export async function withSourceLease<T>(
  job: IngestJob,
  deps: IngestDeps,
  fn: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (job.dryRun) return fn(deps.signal);
  const leases = await deps.store.leases();
  const lease: Lease = await leases.acquire(job.source, {
    job: job.name ?? `ingest into ${job.source}`,
    wait: deps.wait,
    onWait: deps.onWait,
    signal: deps.signal,
  });
  try {
    return await fn(deps.signal ? AbortSignal.any([deps.signal, lease.signal]) : lease.signal);
  } finally {
    // Released before the job's result or error goes out, but not waited on forever: after a stuck index build
    // LanceDB's native pool may answer nothing more, and the lease then lapses on its own.
    await Promise.race([lease.release(), new Promise((r) => setTimeout(r, RELEASE_WAIT_MS).unref())]);
  }
}

const RELEASE_WAIT_MS = 5_000;
