import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { type Connection, connect } from '@lancedb/lancedb';
import { AppError } from '../../src/errors.ts';
import { LanceLeases, type LeaseTiming, type ProcessIdentity } from '../../src/store/index.ts';
import { LEASES_TABLE } from '../../src/store/lance-leases.ts';
import { tempDir } from '../helpers/temp-db.ts';

/** A process as the leases see it: its host, pid, and which pids of its host still run. */
const proc = (host: string, pid: number, running: Set<number>): ProcessIdentity => ({
  host,
  hostKey: host,
  pid,
  isAlive: (p) => running.has(p),
});

async function leasesOn(t: { after(fn: () => unknown): void }) {
  const { dir } = await tempDir(t);
  const conns: Connection[] = [];
  t.after(() => {
    for (const c of conns) c.close();
  });
  /** A separate connection per "process", as separate processes would have. */
  return async (self: ProcessIdentity, timing: Partial<LeaseTiming> = {}) => {
    const db = await connect(join(dir, 'db'), { readConsistencyInterval: 0 });
    conns.push(db);
    return new LanceLeases(db, { settleMs: 0, pollMs: 20, ...timing }, { self });
  };
}

describe('writer leases', () => {
  test('a second job is refused with the holder named, and gets the lease once it is released', async (t) => {
    const open = await leasesOn(t);
    const running = new Set([11, 22]);
    const a = await open(proc('alpha', 11, running));
    const b = await open(proc('beta', 22, running));
    const held = await a.acquire('docs', { job: 'ingest ./docs --source docs' });
    assert.equal((await b.holder('docs'))?.pid, 11);
    await assert.rejects(b.acquire('docs', { job: 'second' }), (e: unknown) => {
      assert.ok(AppError.is(e, 'source_busy'));
      assert.match(e.message, /"ingest \.\/docs --source docs" \(pid 11 on host alpha\) since \d{4}-\d\d-\d\dT/);
      assert.match(e.message, /--wait/);
      return true;
    });
    await held.release();
    assert.equal(await b.holder('docs'), undefined);
    const next = await b.acquire('docs', { job: 'second' });
    assert.equal(next.holder.host, 'beta');
    await next.release();
  });

  test("another process's late creation of the lease table, raced by a claim, loses the claim, not the job", async (t) => {
    // Creating a table is not atomic in LanceDB: a process that found none creates it, and may replace (Overwrite)
    // the one another process created a moment before. A claim written through the replaced table's handle then
    // fails as an incompatible transaction; it changed nothing, so it is read and tried again.
    const { dir } = await tempDir(t);
    const conn = async (consistency?: number) => {
      const db = await connect(join(dir, 'db'), { readConsistencyInterval: consistency });
      t.after(() => db.close());
      return db;
    };
    const running = new Set([11, 22]);
    const leases = async (self: ProcessIdentity, consistency?: number) =>
      new LanceLeases(await conn(consistency), { settleMs: 0, pollMs: 20 }, { self });
    // Alpha's handle is not re-read before its claim (no read consistency): the replacement below lands while the
    // claim is in flight, as it does when two processes race.
    const a = await leases(proc('alpha', 11, running));
    assert.equal(await a.holder('docs'), undefined); // alpha created the lease table and keeps its handle
    const b = await leases(proc('beta', 22, running), 0);
    const late = await conn(0);
    const schema = await (await late.openTable(LEASES_TABLE)).schema();
    await late.createEmptyTable(LEASES_TABLE, schema, { mode: 'overwrite' });
    const held = await a.acquire('docs', { job: 'ingest', wait: false });
    assert.equal(held.holder.pid, 11);
    assert.equal((await b.holder('docs'))?.pid, 11);
    await held.release();
  });

  test('a waiting job reports whom it waits for and takes the lease when the holder releases it', async (t) => {
    const open = await leasesOn(t);
    const running = new Set([11, 22]);
    const a = await open(proc('alpha', 11, running));
    const b = await open(proc('beta', 22, running));
    const held = await a.acquire('docs', { job: 'first' });
    const seen: string[] = [];
    const waiting = b.acquire('docs', { job: 'second', wait: true, onWait: (h) => seen.push(h.job) });
    await new Promise((r) => setTimeout(r, 150));
    assert.ok(seen.length >= 2 && seen.every((j) => j === 'first'), JSON.stringify(seen));
    await held.release();
    const next = await waiting;
    assert.equal(next.holder.job, 'second');
    await next.release();
  });

  test('a holder that stops renewing (its machine died) blocks others only until its lease expires', async (t) => {
    const open = await leasesOn(t);
    // No renewal within the test: the holder is as good as gone once its 300 ms lapse.
    const dead = await open(proc('gone', 11, new Set([11])), { ttlMs: 300, renewMs: 3_600_000 });
    const other = await open(proc('beta', 22, new Set([22])));
    const stale = await dead.acquire('docs', { job: 'crashed' });
    const started = Date.now();
    const next = await other.acquire('docs', { job: 'after', wait: true });
    assert.ok(Date.now() - started < 5000);
    assert.equal(next.holder.job, 'after');
    // The old holder's late release must not free the new holder's lease.
    await stale.release();
    assert.equal((await other.holder('docs'))?.job, 'after');
    await next.release();
  });

  test('a job of this host that no longer runs frees its lease at once', async (t) => {
    const open = await leasesOn(t);
    const running = new Set([11, 22]);
    const crashed = await open(proc('alpha', 11, running), { renewMs: 3_600_000 });
    const next = await open(proc('alpha', 22, running));
    await crashed.acquire('docs', { job: 'killed' });
    await assert.rejects(next.acquire('docs', { job: 'next' }), /pid 11 on host alpha/);
    running.delete(11);
    const lease = await next.acquire('docs', { job: 'next' });
    assert.equal(lease.holder.pid, 22);
    await lease.release();
  });

  test('a holder whose lease lapsed and was taken is told so through its signal', async (t) => {
    const open = await leasesOn(t);
    const slow = await open(proc('alpha', 11, new Set([11])), { ttlMs: 200, renewMs: 600 });
    const other = await open(proc('beta', 22, new Set([22])));
    const first = await slow.acquire('docs', { job: 'slow' });
    const second = await other.acquire('docs', { job: 'taker', wait: true });
    // The renewal timer does not keep a process alive by itself (a job's own work does): this stands in for it.
    const busy = setInterval(() => {}, 50);
    const reason = await new Promise<unknown>((resolve) =>
      first.signal.addEventListener('abort', () => resolve(first.signal.reason), { once: true }),
    );
    clearInterval(busy);
    assert.ok(AppError.is(reason, 'source_busy'));
    assert.match(reason.message, /lost the write lease on source "docs"/);
    await first.release();
    assert.equal((await other.holder('docs'))?.job, 'taker');
    await second.release();
  });
});
