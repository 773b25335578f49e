// A child process for lease-race.test.ts: races another copy of itself for leases on a shared store.
// argv: <db uri> <start epoch ms> <rounds> <round ms> <name prefix>. Prints one JSON line per round.
import { connect } from '@lancedb/lancedb';
import { AppError } from '../../src/errors.ts';
import { LanceLeases, type Lease } from '../../src/store/index.ts';

const [uri, startAt, rounds, roundMs, prefix] = process.argv.slice(2);
// STORAGE_OPTIONS: LanceDB storage options as JSON (an S3-compatible endpoint and its keys), or none.
const db = await connect(uri!, {
  readConsistencyInterval: 0,
  storageOptions: JSON.parse(process.env.STORAGE_OPTIONS || '{}'),
});
const leases = new LanceLeases(db, { ttlMs: 60_000 });
const held: Lease[] = [];
for (let r = 0; r < Number(rounds); r++) {
  const at = Number(startAt) + r * Number(roundMs);
  while (Date.now() < at) await new Promise((res) => setTimeout(res, Math.min(5, at - Date.now())));
  try {
    held.push(await leases.acquire(`${prefix}${r}`, { job: `racer ${process.pid}` }));
    console.log(JSON.stringify({ round: r, won: true }));
  } catch (e) {
    if (!AppError.is(e, 'source_busy')) throw e;
    console.log(JSON.stringify({ round: r, won: false, holder: e.details.holder }));
  }
}
// Hold every lease won until the other racer has surely finished its last round.
const end = Number(startAt) + (Number(rounds) + 10) * Number(roundMs);
await new Promise((res) => setTimeout(res, Math.max(0, end - Date.now())));
for (const l of held) await l.release();
db.close();
