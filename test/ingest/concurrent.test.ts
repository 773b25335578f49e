import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Store } from '../../src/store/index.ts';
import { gatedEmbeddings } from '../helpers/gated-embeddings.ts';
import { type SharedStore, sharedStore } from '../helpers/shared-store.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { type CliResult, collect, lastJson, runCli, spawnCli } from './cli-helpers.ts';

const WORDS = 'lease writer harbor quartz meadow signal vector ledger orbit citation'.split(' ');
const doc = (i: number) =>
  JSON.stringify({
    _id: `doc-${i}`,
    title: `Document ${i}`,
    text: Array.from(
      { length: 6 },
      (_, s) => `Point ${i}.${s}: ${WORDS.map((w, k) => WORDS[(i + s + k) % 10] ?? w).join(' ')}.`,
    ).join(' '),
  });

async function corpus(dir: string, n: number): Promise<string> {
  const file = join(dir, 'corpus.jsonl');
  await writeFile(file, `${Array.from({ length: n }, (_, i) => doc(i)).join('\n')}\n`);
  return file;
}

/** What the store holds for a source: rows, distinct chunk ids, manifest documents, registry rows. */
async function state(shared: SharedStore, db: string, source: string) {
  const store = await Store.open(db, { readConsistencySeconds: 0, ...shared.options });
  try {
    const table = await store.source(source);
    const ids = (await table.scanChunks(['id'])).map((r) => String(r.id));
    const registry = (await store.listSources()).filter((s) => s.name === source).length;
    return { rows: ids.length, distinct: new Set(ids).size, documents: (await table.manifest()).size, registry };
  } finally {
    store.close();
  }
}

/** Resolves on the first stderr line of a child that matches. */
const stderrLine = (child: ReturnType<typeof spawnCli>, re: RegExp) =>
  new Promise<void>((resolve) => {
    child.stderr!.on('data', (d: Buffer) => {
      if (re.test(d.toString())) resolve();
    });
  });

describe('concurrent ingest jobs on one source', { timeout: 120_000 }, () => {
  test('two jobs started at once: one writes, the other is refused naming it; the source equals a clean run', async (t) => {
    const { dir } = await tempDir(t);
    const shared = await sharedStore(t);
    const file = await corpus(dir, 600);
    // The job that gets the lease writes nothing until the other one has given up.
    const gate = await gatedEmbeddings(t);
    const env = { GROUNDED_DB: shared.uri('db'), ...shared.env, ...gate.env };
    const args = [file, '--source', 'dup', '--json'];
    const children = [spawnCli(args, env), spawnCli(args, env)];
    const runs = children.map(collect);
    await Promise.race(runs);
    gate.open();
    const results: CliResult[] = await Promise.all(runs);
    const codes = results.map((r) => r.code);
    assert.deepEqual([...codes].sort(), [0, 75], results.map((r) => r.stderr).join('\n'));
    const winner = codes.indexOf(0);
    const loser = results[1 - winner]!;
    assert.match(
      loser.stderr,
      new RegExp(`source "dup" is being written by another job: "ingest .*" \\(pid ${children[winner]!.pid} on host `),
    );
    const refused = lastJson(loser.stdout) as { error: { code: string; holder: { pid: number; acquired_at: string } } };
    assert.equal(refused.error.code, 'source_busy');
    assert.equal(refused.error.holder.pid, children[winner]!.pid);

    const clean = await runCli(args, { ...env, GROUNDED_DB: shared.uri('clean') });
    assert.equal(clean.code, 0, clean.stderr);
    const [got, want] = [await state(shared, env.GROUNDED_DB, 'dup'), await state(shared, shared.uri('clean'), 'dup')];
    assert.deepEqual(got, want);
    assert.equal(got.rows, got.distinct);
    assert.equal(got.registry, 1);
  });

  test('with --wait the second job reports whom it waits for, then finds everything done', async (t) => {
    const { dir } = await tempDir(t);
    const shared = await sharedStore(t);
    const file = await corpus(dir, 600);
    const gate = await gatedEmbeddings(t);
    const env = { GROUNDED_DB: shared.uri('db'), ...shared.env, ...gate.env };
    const args = [file, '--source', 'dup', '--json'];
    const first = spawnCli(args, env);
    const firstDone = collect(first);
    while (gate.calls() < 1) await new Promise((r) => setTimeout(r, 20));
    const waiter = spawnCli([...args, '--wait'], env);
    const waited = collect(waiter);
    await stderrLine(waiter, /"event":"waiting"/);
    gate.open();
    const second = await waited;
    assert.equal((await firstDone).code, 0);
    assert.equal(second.code, 0, second.stderr);
    const waits = second.stderr
      .split('\n')
      .filter((l) => l.includes('"event":"waiting"'))
      .map((l) => JSON.parse(l) as { holder: { pid: number; job: string } });
    assert.ok(waits.length > 0, second.stderr);
    assert.equal(waits[0]!.holder.pid, first.pid);
    assert.match(waits[0]!.holder.job, /^ingest .*corpus\.jsonl --source dup/);
    const s = lastJson(second.stdout) as { documents: number; skipped_unchanged: number; chunks_written: number };
    assert.deepEqual([s.documents, s.skipped_unchanged, s.chunks_written], [600, 600, 0]);
    const got = await state(shared, env.GROUNDED_DB, 'dup');
    assert.deepEqual([got.rows === got.distinct, got.documents, got.registry], [true, 600, 1]);
  });

  test('a job killed mid-run does not block the next one, which finishes the source', async (t) => {
    const { dir } = await tempDir(t);
    const shared = await sharedStore(t);
    const file = await corpus(dir, 600);
    // One batch is embedded and written, then the job hangs in its next embedding calls until killed.
    const gate = await gatedEmbeddings(t, 1);
    const env = { GROUNDED_DB: shared.uri('db'), ...shared.env, ...gate.env };
    const args = [file, '--source', 'k', '--json', '--batch-rows', '64'];
    const child = spawnCli(args, env);
    const done = collect(child);
    // The writer asks for a third batch's vectors only once the first batch is written.
    while (gate.calls() < 3) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    assert.equal((await done).signal, 'SIGKILL');
    const left = await state(shared, env.GROUNDED_DB, 'k');
    assert.ok(left.rows > 0 && left.documents < 600, JSON.stringify(left));
    // Same host, holder gone: no waiting for its lease to lapse, and no --wait needed.
    gate.open();
    // Without --wait: a lease still taken would refuse this run at once (exit 75).
    const next = await runCli(args, env);
    assert.equal(next.code, 0, next.stderr);
    const got = await state(shared, env.GROUNDED_DB, 'k');
    assert.deepEqual([got.rows === got.distinct, got.documents, got.registry], [true, 600, 1]);
  });
});
