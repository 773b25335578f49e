import { randomUUID } from 'node:crypto';
import type { Connection, Table } from '@lancedb/lancedb';
import { arrow } from './arrow.ts';
import { withConflictRetry } from './conflict-retry.ts';
import { HeldLease, iso, type LeaseDeps, type LeaseTiming, publicHolder, type Row } from './held-lease.ts';
import { type AcquireOptions, busyError, type Lease, type LeaseHolder, type LeaseStore } from './lease.ts';
import { currentProcess } from './process-identity.ts';
import { sqlString as q } from './sql.ts';

const { Field, Float64, Int32, Schema, Table: ArrowTable, Utf8, vectorFromArray } = arrow;

export const LEASES_TABLE = '_leases';
/** LanceDB's error for a write that raced the table's replacement. */
const REPLACED = /incompatible with concurrent transaction Overwrite/i;

/**
 * One row per leased name. `name` is Lance's unenforced primary key: merge-inserts that race to insert the same
 * name conflict at commit, so exactly one commits and the others retry against it (without the key both would
 * commit and the name would be held twice). Updates of one row conflict the same way.
 */
const leaseSchema = new Schema([
  new Field('name', new Utf8(), false, new Map([['lance-schema:unenforced-primary-key', 'true']])),
  new Field('token', new Utf8(), false),
  new Field('host', new Utf8(), false),
  new Field('host_key', new Utf8(), false),
  new Field('pid', new Int32(), false),
  new Field('job', new Utf8(), false),
  new Field('acquired_at', new Utf8(), false),
  new Field('renewed_at', new Utf8(), false),
  new Field('expires_ms', new Float64(), false),
]);

const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Leases kept in a LanceDB table of the store itself, so they work wherever the store lives (directory, bucket). */
export class LanceLeases implements LeaseStore {
  private readonly timing: LeaseTiming;
  private readonly deps: LeaseDeps;
  private opened?: Promise<{ table: Table; created: boolean }>;

  /** `db` must read with strong consistency (read-consistency interval 0): a stale read would show a stale holder. */
  constructor(
    private readonly db: Connection,
    timing: Partial<LeaseTiming> = {},
    deps: Partial<LeaseDeps> = {},
  ) {
    const ttlMs = timing.ttlMs ?? 30_000;
    this.timing = {
      ttlMs,
      renewMs: timing.renewMs ?? ttlMs / 3,
      pollMs: timing.pollMs ?? 1000,
      settleMs: timing.settleMs ?? 300,
    };
    this.deps = {
      now: Date.now,
      sleep: abortableSleep,
      newToken: randomUUID,
      self: currentProcess(),
      ...deps,
    };
  }

  async acquire(name: string, opts: AcquireOptions): Promise<Lease> {
    const { now, sleep, self } = this.deps;
    const started = now();
    for (;;) {
      opts.signal?.throwIfAborted();
      const { table, created } = await this.table();
      const seen = await this.read(table, name);
      const t = now();
      if (!seen || this.isFree(seen, t)) {
        const token = this.deps.newToken();
        const row: Row = {
          name,
          token,
          host: self.host,
          host_key: self.hostKey,
          pid: self.pid,
          job: opts.job,
          acquired_at: iso(t),
          renewed_at: iso(t),
          expires_ms: t + this.timing.ttlMs,
        };
        if ((await this.take(table, row, seen)) && (await this.settle(table, row, created)))
          return new HeldLease(table, row, this.timing, this.deps);
        continue;
      }
      if (!opts.wait) throw busyError(seen, t);
      opts.onWait?.(seen, t - started);
      await sleep(this.timing.pollMs, opts.signal);
    }
  }

  async holder(name: string): Promise<LeaseHolder | undefined> {
    const { table } = await this.table();
    const row = await this.read(table, name);
    return row && !this.isFree(row, this.deps.now()) ? publicHolder(row) : undefined;
  }

  /** Expired, or held by a process of this host that no longer runs (a crashed job frees its lease at once). */
  private isFree(row: Row, now: number): boolean {
    return row.expires_ms < now || (row.host_key === this.deps.self.hostKey && !this.deps.self.isAlive(row.pid));
  }

  /**
   * Compare-and-swap: insert the row when the name has none, or replace exactly the holder this process saw (same
   * token and renewal), so a holder that renewed meanwhile, or another job that took the lease first, wins.
   */
  private async take(table: Table, row: Row, seen: Row | undefined): Promise<boolean> {
    const where = seen ? `target.token = ${q(seen.token)} AND target.renewed_at = ${q(seen.renewed_at)}` : 'false';
    try {
      const r = await withConflictRetry(() =>
        table.mergeInsert('name').whenMatchedUpdateAll({ where }).whenNotMatchedInsertAll().execute(toArrow(row)),
      );
      return r.numInsertedRows + r.numUpdatedRows === 1;
    } catch (e) {
      // Another process's late creation replaced the table (an Overwrite) while this claim was written: the claim
      // changed nothing. Open the table again and read who holds the name now.
      if (!REPLACED.test((e as Error).message ?? '')) throw e;
      this.opened = undefined;
      return false;
    }
  }

  /**
   * Table creation is not atomic in LanceDB: a process that found no lease table creates one, and a late creation
   * replaces the table another process had just created and written its lease to. Only a brand-new table is at
   * risk, so there the lease is trusted only if it is still there a moment later (long after such a late creation
   * would have landed).
   */
  private async settle(table: Table, row: Row, created: boolean): Promise<boolean> {
    if (!created && (await table.version()) > 3) return true;
    await this.deps.sleep(this.timing.settleMs);
    return (await this.read(table, row.name))?.token === row.token;
  }

  private async read(table: Table, name: string): Promise<Row | undefined> {
    const rows = (await table
      .query()
      .where(`name = ${q(name)}`)
      .toArray()) as Record<string, unknown>[];
    const r = rows[0];
    if (!r) return undefined;
    return {
      name: String(r.name),
      token: String(r.token),
      host: String(r.host),
      host_key: String(r.host_key),
      pid: Number(r.pid),
      job: String(r.job),
      acquired_at: String(r.acquired_at),
      renewed_at: String(r.renewed_at),
      expires_ms: Number(r.expires_ms),
    };
  }

  private table(): Promise<{ table: Table; created: boolean }> {
    if (!this.opened) {
      this.opened = this.openTable();
      this.opened.catch(() => {
        this.opened = undefined;
      });
    }
    return this.opened;
  }

  private async openTable(): Promise<{ table: Table; created: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        if ((await this.db.tableNames()).includes(LEASES_TABLE))
          return { table: await this.db.openTable(LEASES_TABLE), created: false };
        return { table: await this.db.createEmptyTable(LEASES_TABLE, leaseSchema, { existOk: true }), created: true };
      } catch (e) {
        // Another process is creating it: its directory exists before its first commit does.
        if (attempt >= 20) throw e;
        await this.deps.sleep(50);
      }
    }
  }
}

function toArrow(r: Row) {
  const s = (v: string) => vectorFromArray([v], new Utf8());
  return new ArrowTable({
    name: s(r.name),
    token: s(r.token),
    host: s(r.host),
    host_key: s(r.host_key),
    pid: vectorFromArray([r.pid], new Int32()),
    job: s(r.job),
    acquired_at: s(r.acquired_at),
    renewed_at: s(r.renewed_at),
    expires_ms: vectorFromArray([r.expires_ms], new Float64()),
  });
}
