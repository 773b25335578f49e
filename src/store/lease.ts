import { AppError } from '../errors.ts';

/** Who holds a lease, as recorded in the store. Times are ISO strings from the holder's clock. */
export type LeaseHolder = {
  /** The leased resource (a source name). */
  name: string;
  host: string;
  pid: number;
  /** What the holder is doing, as it described itself (e.g. the ingest command line). */
  job: string;
  acquired_at: string;
  renewed_at: string;
  /** Epoch milliseconds after which the lease is free unless renewed. */
  expires_ms: number;
};

/** A lease this process holds; renewed in the background until released. */
export interface Lease {
  readonly holder: LeaseHolder;
  /** Aborted (with an AppError `source_busy`) when the lease was lost: another job took it after it expired. */
  readonly signal: AbortSignal;
  release(): Promise<void>;
}

export type AcquireOptions = {
  /** Describes the job to anyone who finds the resource busy. */
  job: string;
  /** Wait for the holder to finish (or its lease to expire) instead of failing at once. */
  wait?: boolean;
  /** Called on every check while waiting, with the current holder and how long this job has waited. */
  onWait?: (holder: LeaseHolder, waitedMs: number) => void;
  signal?: AbortSignal;
};

/**
 * One writer per resource at a time, across processes and machines sharing a store. The lease is recorded in the
 * store itself (so it needs no shared file system), renewed while held, and free once its holder stops renewing it.
 */
export interface LeaseStore {
  acquire(name: string, opts: AcquireOptions): Promise<Lease>;
  /** The current holder, if the resource is held (an expired lease is not held). */
  holder(name: string): Promise<LeaseHolder | undefined>;
}

/** The error a job gets when another job holds the resource: it names the holder and since when. */
export function busyError(h: LeaseHolder, now: number): AppError {
  const left = Math.max(0, Math.round((h.expires_ms - now) / 1000));
  return new AppError(
    'source_busy',
    `source ${JSON.stringify(h.name)} is being written by another job: ${describeHolder(h)} ` +
      `(should it have died, its lease lapses within ${left} s). Run with --wait to wait for it, or try again later`,
    { source: h.name, holder: h },
  );
}

/** `"ingest docs --source x" (pid 123 on host h) since 2026-…` */
export const describeHolder = (h: LeaseHolder): string =>
  `${JSON.stringify(h.job)} (pid ${h.pid} on host ${h.host}) since ${h.acquired_at}`;
