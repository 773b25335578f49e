import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AppError } from '../../src/errors.ts';
import { watchIndexBuild } from '../../src/store/index-watchdog.ts';

const after = <T>(ms: number, v: T) => new Promise<T>((r) => setTimeout(() => r(v), ms));
/** CPU time as a process would report it: `share` of one core since the start. */
const cpu = (share: number) => {
  const t0 = Date.now();
  return () => ({ user: (Date.now() - t0) * 1000 * share, system: 0 });
};
const what = { index: 'full-text (fts_text)', source: 'docs' };

describe('index build watchdog', () => {
  test('a slow build that keeps a core busy runs to its end', async () => {
    const v = await watchIndexBuild(what, () => after(600, 'built'), {
      stallMs: 200,
      sampleMs: 20,
      cpuUsage: cpu(0.5),
    });
    assert.equal(v, 'built');
  });

  test('a build that uses no CPU is reported stuck, naming the index, the source and the fix', async () => {
    const started = Date.now();
    const never = new Promise<never>(() => {});
    await assert.rejects(
      watchIndexBuild(what, () => never, { stallMs: 200, sampleMs: 20, cpuUsage: cpu(0) }),
      (e: unknown) => {
        assert.ok(AppError.is(e, 'index_stuck'));
        assert.match(e.message, /building the full-text \(fts_text\) index of source "docs" made no progress/);
        assert.match(e.message, /LANCE_CPU_THREADS=4 or more/);
        return true;
      },
    );
    assert.ok(Date.now() - started < 2000);
  });

  test('a build that fails passes its error on', async () => {
    await assert.rejects(
      watchIndexBuild(what, () => Promise.reject(new Error('disk full')), { stallMs: 200, cpuUsage: cpu(0) }),
      /disk full/,
    );
  });
});
