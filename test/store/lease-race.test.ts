import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { LanceLeases } from '../../src/store/index.ts';
import { type SharedStore, sharedStore } from '../helpers/shared-store.ts';
import { collect, ROOT } from '../ingest/cli-helpers.ts';

type RoundResult = { round: number; won: boolean; holder?: { pid: number } };

/** Two real processes race for the same names at the same instants; returns each one's results by round. */
async function race(shared: SharedStore, uri: string, rounds: number, prefix: string): Promise<RoundResult[][]> {
  const start = Date.now() + 3000; // both processes loaded and connected by then
  const children = [0, 1].map(() =>
    collect(
      spawn(
        process.execPath,
        ['--import', 'tsx', 'test/store/lease-racer.ts', uri, String(start), String(rounds), '150', prefix],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            LANCEDB_LOG: 'error',
            STORAGE_OPTIONS: JSON.stringify(shared.options.storageOptions ?? {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    ),
  );
  const outs = await Promise.all(children);
  for (const o of outs) assert.equal(o.code, 0, o.stderr);
  return outs.map((o) =>
    o.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RoundResult),
  );
}

describe('writer leases: two processes racing', { concurrency: 2 }, () => {
  test('exactly one of two processes gets each lease, from the first use of a fresh store on', async (t) => {
    const shared = await sharedStore(t);
    const rounds = 16;
    const [a, b] = await race(shared, shared.uri('db'), rounds, 'fresh-');
    for (let r = 0; r < rounds; r++) {
      assert.equal(Number(a![r]!.won) + Number(b![r]!.won), 1, `round ${r}: ${JSON.stringify([a![r], b![r]])}`);
      // The loser was told who holds it.
      assert.ok((a![r]!.won ? b![r] : a![r])!.holder!.pid > 0);
    }
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
    const [a, b] = await race(shared, uri, rounds, 'stale-');
    for (let r = 0; r < rounds; r++)
      assert.equal(Number(a![r]!.won) + Number(b![r]!.won), 1, `round ${r}: ${JSON.stringify([a![r], b![r]])}`);
  });
});
