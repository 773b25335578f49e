import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { LanceLeases } from '../../src/store/index.ts';
import { type SharedStore, sharedStore } from '../helpers/shared-store.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { collect, ROOT } from '../ingest/cli-helpers.ts';

type RoundResult = { round: number; won: boolean; holder?: { pid: number } };

/** A racer process, its stdout read line by line as JSON. */
function racer(shared: SharedStore, uri: string, prefix: string, barrier: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/store/lease-racer.ts', uri, prefix, barrier], {
    cwd: ROOT,
    env: {
      ...process.env,
      LANCEDB_LOG: 'error',
      STORAGE_OPTIONS: JSON.stringify(shared.options.storageOptions ?? {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const done = collect(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const r = await lines.next();
    if (r.done) {
      const { code, stderr } = await done;
      throw new Error(`racer exited (${code}) before answering: ${stderr}`);
    }
    return JSON.parse(r.value) as Record<string, unknown>;
  };
  return { child, done, next };
}

/**
 * Two real processes race for the same names, in lock-step with the test: each round starts when both have answered
 * the round before, and in each both have read the lease as free before either writes its claim (`lease-racer.ts`);
 * every lease won is held until the last round is over. No clock decides anything, so a loaded machine only makes
 * it slower. Returns each process's results by round.
 */
async function race(
  t: { after(fn: () => unknown): void },
  shared: SharedStore,
  uri: string,
  rounds: number,
  prefix: string,
): Promise<RoundResult[][]> {
  // The racers meet in a local directory, wherever the store is (a directory or a bucket).
  const { dir: barrier } = await tempDir(t, 'grounded-race-');
  const racers = [racer(shared, uri, prefix, barrier), racer(shared, uri, prefix, barrier)];
  const results: RoundResult[][] = [[], []];
  try {
    for (const r of racers) assert.deepEqual(await r.next(), { ready: true });
    for (let round = 0; round < rounds; round++) {
      for (const r of racers) r.child.stdin!.write(`go ${round}\n`);
      const answers = await Promise.all(racers.map((r) => r.next()));
      for (const [i, a] of answers.entries()) results[i]!.push(a as RoundResult);
    }
    for (const r of racers) r.child.stdin!.end('release\n');
    for (const r of racers) {
      const { code, stderr } = await r.done;
      assert.equal(code, 0, stderr);
    }
  } finally {
    for (const r of racers) if (r.child.exitCode === null) r.child.kill();
  }
  return results;
}

describe('writer leases: two processes racing', { concurrency: 2 }, () => {
  test('exactly one of two processes gets each lease, from the first use of a fresh store on', async (t) => {
    const shared = await sharedStore(t);
    const rounds = 16;
    const [a, b] = await race(t, shared, shared.uri('db'), rounds, 'fresh-');
    for (let r = 0; r < rounds; r++) {
      assert.equal(Number(a![r]!.won) + Number(b![r]!.won), 1, `round ${r}: ${JSON.stringify([a![r], b![r]])}`);
      // The loser was told who holds it.
      assert.ok((a![r]!.won ? b![r] : a![r])!.holder!.pid > 0);
    }
  });

  test('exactly one of two processes gets each new name on a store in use (the primary key decides)', async (t) => {
    const shared = await sharedStore(t);
    const uri = shared.uri('db');
    // A lease table with some history, so no claim waits for a late table creation to show (`settle`).
    const db = await connect(uri, { readConsistencyInterval: 0, storageOptions: shared.options.storageOptions });
    const earlier = new LanceLeases(db, { ttlMs: 60_000 });
    for (let r = 0; r < 3; r++) await (await earlier.acquire(`earlier-${r}`, { job: 'earlier job' })).release();
    db.close();
    const rounds = 12;
    const [a, b] = await race(t, shared, uri, rounds, 'new-');
    for (let r = 0; r < rounds; r++)
      assert.equal(Number(a![r]!.won) + Number(b![r]!.won), 1, `round ${r}: ${JSON.stringify([a![r], b![r]])}`);
  });

  test('exactly one of two processes takes over each expired lease', async (t) => {
    const shared = await sharedStore(t);
    const uri = shared.uri('db');
    const rounds = 12;
    // Leases held by a job of another host that stopped renewing them: they lapse at once.
    const db = await connect(uri, { readConsistencyInterval: 0, storageOptions: shared.options.storageOptions });
    const gone = new LanceLeases(
      db,
      { ttlMs: 1, renewMs: 3_600_000, settleMs: 0 },
      { self: { host: 'elsewhere', hostKey: 'elsewhere', pid: 1, isAlive: () => true } },
    );
    for (let r = 0; r < rounds; r++) await gone.acquire(`stale-${r}`, { job: 'crashed job' });
    db.close();
    const [a, b] = await race(t, shared, uri, rounds, 'stale-');
    for (let r = 0; r < rounds; r++)
      assert.equal(Number(a![r]!.won) + Number(b![r]!.won), 1, `round ${r}: ${JSON.stringify([a![r], b![r]])}`);
  });
});
