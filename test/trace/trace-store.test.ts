import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileTraceStore } from '../../src/trace/file-trace-store.ts';
import type { TraceRecord } from '../../src/trace/index.ts';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
/** Records of real runs (builtin agent over a real store), reused as the payload of the store tests. */
const runs: TraceRecord[][] = [];
before(async () => {
  server = await startTestServer({ sources: { astronomy: ASTRONOMY } });
  for (const question of [
    // Two parts: the run searches the question and each part, and hits the same chunks more than once.
    'How many moons does Xylo have? How long is a day on Xylo?',
    'Who discovered Tamsin?',
    'What are Vendra rings made of?',
  ]) {
    const { run_id } = await (await postJson(`${server.url}/v1/query`, { question })).json();
    runs.push((await server.deps.traces.get(run_id))!);
  }
});
after(() => server.close());

/** A run's records under another run id, as JSON carries them (what a file or the API gives back). */
const withId = (records: readonly TraceRecord[], runId: string): TraceRecord[] =>
  JSON.parse(JSON.stringify(records.map((r) => ({ ...r, run_id: runId }))));
const dirBytes = async (dir: string) => {
  let total = 0;
  // The writer may delete a file between the listing and its stat.
  for (const name of await readdir(dir)) total += (await stat(join(dir, name)).catch(() => ({ size: 0 }))).size;
  return total;
};

test('a saved run is readable at once, written later as one line, and reads back to the same records', async (t) => {
  const { dir } = await tempDir(t);
  const store = fileTraceStore(dir);
  const records = withId(runs[0]!, 'run_roundtrip1');
  await store.save('run_roundtrip1', records);
  assert.deepEqual(await store.get('run_roundtrip1'), records, 'readable while queued');
  await store.close();
  const text = await readFile(join(dir, 'run_roundtrip1.jsonl'), 'utf8');
  assert.equal(text.trim().split('\n').length, 1);
  const line = JSON.parse(text);
  assert.equal(line.v, 2);
  assert.equal(
    line.question,
    'How many moons does Xylo have? How long is a day on Xylo?',
    'the question stays plain text (grep finds runs)',
  );
  assert.equal(line.status, 'answered');
  const reopened = fileTraceStore(dir);
  assert.deepEqual(await reopened.get('run_roundtrip1'), records, 'read back from the file');
  await reopened.close();
  // Chunk text is stored once however many retrievals hit it: the file is far smaller than the records.
  const hits = records.flatMap((r) => (r.type === 'retrieval' ? (r.data.hits as { text: string }[]) : []));
  const hitText = hits.reduce((n, h) => n + h.text.length, 0);
  assert.ok(hits.length > new Set(hits.map((h) => h.text)).size, 'the run hit some chunk more than once');
  assert.ok(text.length < JSON.stringify(records).length / 2, `${text.length} bytes stored for ${hitText} of hit text`);
});

test('v1 files (one pino line per record, full hit text) are still read', async (t) => {
  const { dir } = await tempDir(t);
  const records = withId(runs[1]!, 'run_oldformat1');
  await writeFile(
    join(dir, 'run_oldformat1.jsonl'),
    records.map((r) => JSON.stringify({ level: 30, ...r })).join('\n') + '\n',
  );
  const store = fileTraceStore(dir);
  assert.deepEqual(await store.get('run_oldformat1'), records);
  await store.close();
});

test('the API serves a trace unchanged: every hit with its text, before and after it is written', async () => {
  const { run_id } = await (
    await postJson(`${server.url}/v1/query`, { question: 'How long is a day on Xylo?' })
  ).json();
  const queued = await (await fetch(`${server.url}/v1/traces/${run_id}`)).json();
  await server.deps.traces.flush();
  const written = await (await fetch(`${server.url}/v1/traces/${run_id}`)).json();
  assert.deepEqual(written, queued);
  assert.equal(written.version, 1);
  const hit = written.records.find((r: TraceRecord) => r.type === 'retrieval').data.hits[0];
  assert.deepEqual(Object.keys(hit), ['chunk_id', 'doc_id', 'source', 'title', 'score', 'text']);
  assert.match(hit.text, /Xylo/);
});

test('over 2,000 runs the directory never holds more than its cap; the newest runs are kept', async (t) => {
  const { dir } = await tempDir(t);
  const cap = 1024 * 1024;
  const store = fileTraceStore(dir, { maxBytes: cap, maxPending: 64 });
  let most = 0;
  for (let i = 0; i < 2000; i++) {
    const id = `run_cap${String(i).padStart(5, '0')}`;
    await store.save(id, withId(runs[i % runs.length]!, id));
    if (i % 100 === 99) {
      most = Math.max(most, await dirBytes(dir));
      await store.flush();
      most = Math.max(most, await dirBytes(dir));
    }
  }
  await store.close();
  const files = await readdir(dir);
  const bytes = await dirBytes(dir);
  assert.ok(most <= cap && bytes <= cap, `directory held ${most} bytes at most, cap ${cap}`);
  assert.ok(bytes > cap * 0.9, `the cap is used, not emptied (${bytes} bytes)`);
  assert.ok(files.length < 2000, `${files.length} files kept`);
  assert.ok(files.includes('run_cap01999.jsonl') && !files.includes('run_cap00000.jsonl'), 'oldest deleted first');
  assert.equal(store.usage?.().bytes, bytes, 'the store counts what is on disk');
});

test('traces older than the retention age are deleted, also ones left by an earlier process', async (t) => {
  const { dir } = await tempDir(t);
  const day = 86_400_000;
  const old = join(dir, 'run_leftover1.jsonl');
  await writeFile(old, '{}\n');
  await utimes(old, new Date(Date.now() - 3 * day), new Date(Date.now() - 3 * day));
  let clock = Date.now();
  const store = fileTraceStore(dir, { retentionMs: 2 * day, sweepMs: 10, now: () => clock });
  await store.save('run_fresh0001', withId(runs[0]!, 'run_fresh0001'));
  await store.flush();
  assert.deepEqual(await readdir(dir), ['run_fresh0001.jsonl'], 'the three-day-old file went with the first write');
  clock += 2 * day + 1;
  await new Promise((r) => setTimeout(r, 50)); // a sweep runs without any new write
  assert.deepEqual(await readdir(dir), []);
  assert.equal(await store.get('run_fresh0001'), undefined);
  await store.close();
});

test('back-pressure: a full queue makes save wait for the writer instead of growing', async (t) => {
  const { dir } = await tempDir(t);
  const store = fileTraceStore(dir, { maxPending: 4 });
  let most = 0;
  await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const id = `run_press${String(i).padStart(3, '0')}`;
      await store.save(id, withId(runs[0]!, id));
      most = Math.max(most, store.usage!().queued);
    }),
  );
  await store.close();
  assert.ok(most <= 4, `${most} runs queued at once`);
  assert.equal((await readdir(dir)).length, 40);
});

test('a process that exits right after saving still writes its queued traces', async (t) => {
  const { dir } = await tempDir(t);
  const script = `
    const { fileTraceStore } = await import(${JSON.stringify(new URL('../../src/trace/file-trace-store.ts', import.meta.url).href)});
    const store = fileTraceStore(${JSON.stringify(dir)});
    const records = ${JSON.stringify(withId(runs[2]!, 'run_exiting01'))};
    await store.save('run_exiting01', records);
    process.exit(0);`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const store = fileTraceStore(dir);
  assert.deepEqual(await store.get('run_exiting01'), withId(runs[2]!, 'run_exiting01'));
  await store.close();
});
