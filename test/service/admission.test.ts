import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../../src/errors.ts';
import { Admission } from '../../src/service/admission.ts';

const pool = (o: Partial<ConstructorParameters<typeof Admission>[0]> = {}) => {
  let clock = 0;
  const a = new Admission({ maxConcurrent: 2, maxQueued: 2, maxWaitMs: 10_000, what: 'runs', now: () => clock, ...o });
  return { a, tick: (ms: number) => (clock += ms) };
};
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  assert.ok(AppError.is(e, 'overloaded'), `expected a 429, got ${String(e)}`);
  return e as AppError;
};

test('slots go first come first served; a released slot admits the oldest waiter', async () => {
  const { a } = pool();
  const r1 = await a.acquire();
  const r2 = await a.acquire();
  const order: number[] = [];
  const admitted = (n: number) => (r: () => void) => {
    order.push(n);
    return r;
  };
  const w3 = a.acquire().then(admitted(3));
  const w4 = a.acquire().then(admitted(4));
  await refusal(a.acquire()); // queue of 2 is full
  r2();
  (await w3)();
  r1();
  (await w4)();
  assert.deepEqual(order, [3, 4]);
  assert.deepEqual(a.stats(), { running: 0, queued: 0, admitted: 4, rejected: 1 });
});

test('a request that would wait longer than the limit is refused at once, with Retry-After from the hold time', async () => {
  const { a, tick } = pool({ maxConcurrent: 1, maxQueued: 10, maxWaitMs: 1400 });
  for (let i = 0; i < 20; i++) {
    const r = await a.acquire();
    tick(800); // slots are held ~800 ms
    r();
  }
  const held = await a.acquire();
  const queued = a.acquire(); // expected wait ~800 ms: queued
  const e = await refusal(a.acquire()); // ~1,600 ms: over the 1,400 ms limit
  assert.match(e.message, /would take ~\d+ ms \(limit 1400 ms\)/);
  assert.ok((e.details.retry_after_ms as number) >= 1400);
  held();
  (await queued)();
});

test('a waiter whose client leaves gives up its place', async () => {
  const { a } = pool({ maxConcurrent: 1, maxQueued: 1 });
  const r = await a.acquire();
  const ctl = new AbortController();
  const gone = a.acquire(ctl.signal);
  ctl.abort();
  await assert.rejects(gone);
  const next = a.acquire(); // the place is free again
  r();
  (await next)();
  assert.equal(a.stats().queued, 0);
});

test('the queue wait is capped by a timer too', async () => {
  const a = new Admission({ maxConcurrent: 1, maxQueued: 5, maxWaitMs: 150, what: 'searches' });
  const r = await a.acquire();
  const e = await refusal(a.acquire()); // expected ~100 ms (no hold measured yet), but the slot is never freed
  assert.match(e.message, /waited 150 ms in the queue for one of 1 searches/);
  r();
});
