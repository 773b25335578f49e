// A child process for lease-race.test.ts: races another copy of itself for leases on a shared store, in lock-step
// with the test. argv: <db uri> <name prefix> <barrier dir>. Prints `{"ready":true}` once connected; then on each
// stdin line `go <round>` tries to take `<prefix><round>` and prints one JSON line; on `release` gives back every
// lease won and exits.
//
// The race is made certain: a racer that has read the lease as free (and so is about to write its claim) waits
// until the other racer has read it too, so both claims are written against the same state every round.
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { connect } from '@lancedb/lancedb';
import { AppError } from '../../src/errors.ts';
import { LanceLeases, type Lease } from '../../src/store/index.ts';

const [uri, prefix, barrier] = process.argv.slice(2);
const pause = new Int32Array(new SharedArrayBuffer(4));
let round = -1;

/** Synchronous (it runs inside `acquire`, between its read and its write): mark this racer, wait for the other. */
function bothHaveRead(): void {
  writeFileSync(join(barrier!, `${round}-${process.pid}`), '');
  const deadline = Date.now() + 60_000;
  while (readdirSync(barrier!).filter((f) => f.startsWith(`${round}-`)).length < 2) {
    if (Date.now() > deadline) throw new Error(`round ${round}: the other racer never read the lease as free`);
    Atomics.wait(pause, 0, 0, 2);
  }
}

// STORAGE_OPTIONS: LanceDB storage options as JSON (an S3-compatible endpoint and its keys), or none.
const db = await connect(uri!, {
  readConsistencyInterval: 0,
  storageOptions: JSON.parse(process.env.STORAGE_OPTIONS || '{}'),
});
const leases = new LanceLeases(
  db,
  { ttlMs: 3_600_000 },
  {
    newToken: () => {
      bothHaveRead();
      return randomUUID();
    },
  },
);
const held: Lease[] = [];
console.log(JSON.stringify({ ready: true }));
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, arg] = line.split(' ');
  if (cmd === 'release') break;
  round = Number(arg);
  try {
    held.push(await leases.acquire(`${prefix}${round}`, { job: `racer ${process.pid}` }));
    console.log(JSON.stringify({ round, won: true }));
  } catch (e) {
    if (!AppError.is(e, 'source_busy')) throw e;
    console.log(JSON.stringify({ round, won: false, holder: e.details.holder }));
  }
}
for (const l of held) await l.release();
db.close();
