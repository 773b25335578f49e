import type { Table } from '@lancedb/lancedb';
import { AppError, errorMessage } from '../errors.ts';
import { withConflictRetry } from './conflict-retry.ts';
import type { Lease, LeaseHolder } from './lease.ts';
import type { ProcessIdentity } from './process-identity.ts';
import { sqlString as q } from './sql.ts';

/** A lease row as stored: the holder, plus its secret token and the host key used to judge its liveness. */
export type Row = LeaseHolder & { token: string; host_key: string };

export type LeaseTiming = {
  /** A lease not renewed for this long is free. */
  ttlMs: number;
  renewMs: number;
  /** Pause between checks while waiting. */
  pollMs: number;
  /** On a store whose lease table is brand new, how long to wait before trusting a lease (see `settle`). */
  settleMs: number;
};
export type LeaseDeps = {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  newToken: () => string;
  self: ProcessIdentity;
};

export const iso = (ms: number) => new Date(ms).toISOString();

/** A lease this process holds: renewed every `renewMs`; its signal fires if another job took it meanwhile. */
export class HeldLease implements Lease {
  private readonly lost = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private renewing: Promise<void> = Promise.resolve();

  constructor(
    private readonly table: Table,
    private readonly row: Row,
    private readonly timing: LeaseTiming,
    private readonly deps: LeaseDeps,
  ) {
    this.timer = setInterval(() => {
      this.renewing = this.renewing.then(() => this.renew());
    }, timing.renewMs);
    this.timer.unref();
  }

  get holder(): LeaseHolder {
    return publicHolder(this.row);
  }

  get signal(): AbortSignal {
    return this.lost.signal;
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
    if (this.lost.signal.aborted) return;
    await withConflictRetry(() => this.table.delete(this.mine()));
    // Every renewal leaves a small file; fold them now and then (best effort: another job may be committing).
    if ((await this.table.version()) % 64 === 0)
      await this.table.optimize({ cleanupOlderThan: new Date(this.deps.now() - 3_600_000) }).catch(() => {});
  }

  private mine(): string {
    return `name = ${q(this.row.name)} AND token = ${q(this.row.token)}`;
  }

  private async renew(): Promise<void> {
    if (this.lost.signal.aborted) return;
    const now = this.deps.now();
    try {
      const r = await withConflictRetry(() =>
        this.table.update({
          where: this.mine(),
          values: { renewed_at: iso(now), expires_ms: now + this.timing.ttlMs },
        }),
      );
      if (r.rowsUpdated === 1) {
        this.row.renewed_at = iso(now);
        this.row.expires_ms = now + this.timing.ttlMs;
      } else this.lose('another job took it after it expired');
    } catch (e) {
      if (now >= this.row.expires_ms) this.lose(`it could not be renewed before it expired (${errorMessage(e)})`);
    }
  }

  private lose(why: string): void {
    clearInterval(this.timer);
    this.lost.abort(
      new AppError(
        'source_busy',
        `lost the write lease on source ${JSON.stringify(this.row.name)}: ${why}; this job stopped, run it again to finish`,
        { source: this.row.name },
      ),
    );
  }
}

export const publicHolder = (r: Row): LeaseHolder => ({
  name: r.name,
  host: r.host,
  pid: r.pid,
  job: r.job,
  acquired_at: r.acquired_at,
  renewed_at: r.renewed_at,
  expires_ms: r.expires_ms,
});
