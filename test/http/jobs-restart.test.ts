import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import type { JobView } from '../../src/service/ingest-jobs.ts';
import { Store } from '../../src/store/index.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-db.ts';

process.env.LANCEDB_LOG ??= 'error';

const WORDS = 'kettle filter spout lid handle base element scale steam whistle copper steel glass valve'.split(' ');
/** A corpus large enough that its job is still writing when the server is killed (several 1,024-row batches). */
const corpus = () =>
  Array.from({ length: 6000 }, (_, i) => {
    const text = Array.from({ length: 60 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join(' ');
    return JSON.stringify({ _id: `d${i}`, title: `Note ${i}`, text: `${text} number ${i}.`, shelf: i % 7 });
  }).join('\n');
const NOTE = '# Care\n\nDescale the kettle every four weeks.';

/** Every row and manifest entry of a source, in a comparable order. */
async function contents(uri: string, source: string) {
  const store = await Store.open(uri, { readConsistencySeconds: 0 });
  try {
    const t = await store.source(source);
    const rows = (await t.scanChunks(['id', 'doc_id', 'text', 'doc_hash', 'metadata'])).map((r) => JSON.stringify(r));
    const manifest = [...(await t.manifest()).values()].map((e) => JSON.stringify([e.doc_id, e.doc_hash, e.chunk_ids]));
    return { rows: rows.sort(), manifest: manifest.sort() };
  } finally {
    store.close();
  }
}

test('a server killed during an upload job: on restart the job is failed as interrupted, a re-run completes it, and the source equals a clean run', {
  timeout: 240_000,
}, async (t) => {
  const { dir } = await tempDir(t);
  const env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_TRACES: join(dir, 'traces'), GROUNDED_DEMO: 'false' };
  const body = corpus();
  const upload = () => {
    const f = new FormData();
    f.append('files', new Blob([body]), 'notes.jsonl');
    f.append('files', new Blob([NOTE]), 'care.md');
    return f;
  };

  let server = await startServerProcess(env);
  t.after(() => server.kill());
  assert.equal((await fetch(`${server.url}/v1/sources/shop`, { method: 'PUT' })).status, 201);
  const res = await fetch(`${server.url}/v1/sources/shop/documents`, { method: 'POST', body: upload() });
  assert.equal(res.status, 202);
  const { job_id } = (await res.json()) as { job_id: string };
  let seen: JobView | undefined;
  for (let i = 0; i < 600; i++) {
    seen = (await (await fetch(`${server.url}/v1/jobs/${job_id}`)).json()) as JobView;
    if (seen.chunks_written > 0 || seen.state === 'done') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.equal(seen?.state, 'running', 'killed while the job writes');
  server.child.kill('SIGKILL');
  await server.exited;

  server = await startServerProcess(env);
  const after = (await (await fetch(`${server.url}/v1/jobs/${job_id}`)).json()) as JobView;
  assert.equal(after.state, 'failed');
  assert.equal(after.error?.code, 'interrupted');
  assert.match(after.error?.message ?? '', /rerun/);
  const rerun = await fetch(`${server.url}/v1/jobs/${job_id}/rerun`, { method: 'POST' });
  assert.equal(rerun.status, 202);
  let end: JobView | undefined;
  for (let i = 0; i < 1200 && end?.state !== 'done' && end?.state !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    end = (await (await fetch(`${server.url}/v1/jobs/${job_id}`)).json()) as JobView;
  }
  assert.equal(end?.state, 'done', JSON.stringify(end));
  assert.equal(end?.attempts, 2);
  assert.deepEqual(end?.errors, []);
  server.child.kill('SIGTERM');
  await server.exited;

  // The same files through the same pipeline into a fresh store, uninterrupted.
  await writeFile(join(dir, 'notes.jsonl'), body);
  await writeFile(join(dir, 'care.md'), NOTE);
  const clean = await Store.open(join(dir, 'clean'));
  const s = await runIngest(
    {
      source: 'shop',
      inputs: [],
      given: [
        { file: join(dir, 'notes.jsonl'), id: 'notes.jsonl', size: Buffer.byteLength(body) },
        { file: join(dir, 'care.md'), id: 'care.md', size: NOTE.length },
      ],
    },
    { store: clean, embedder: createBuiltinEmbedder(1024) },
  );
  clean.close();
  assert.equal(s.documents, 6001);
  const [got, want] = await Promise.all([contents(env.GROUNDED_DB, 'shop'), contents(join(dir, 'clean'), 'shop')]);
  assert.equal(got.rows.length, want.rows.length);
  assert.deepEqual(got.manifest, want.manifest);
  assert.deepEqual(got.rows, want.rows);
});
