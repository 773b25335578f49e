import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runIngest } from '../../ingest/pipeline.ts';
import { createWorkerEmbedder } from '../../ingest/worker-embedder.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { tempDb } from '../helpers/temp-db.ts';
import { writeTree } from '../ingest/helpers.ts';

const docs = (from: number, to: number) =>
  Object.fromEntries(
    Array.from({ length: to - from }, (_, i) => [
      `d${from + i}.txt`,
      `Report ${from + i}: the glacier number ${from + i} retreated ${from + i} metres in the survey of its basin.`,
    ]),
  );

test('a source keeps the size its builtin embedder had when new sources get another', async (t) => {
  const db = await tempDb(t);
  const root = join(db.dir, 'docs');
  await writeTree(root, docs(0, 20));
  const job = { source: 'old', inputs: [root], baseDir: root };
  // Filled at 64 dimensions (as sources made before the default changed were filled at 1,024).
  await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });

  // The server now makes 32-dimension vectors: the old source is still searched, by vector too, at its size.
  const now = createBuiltinEmbedder(32);
  const hits = await new Retriever(db.store, now).search({ query: 'glacier 7 retreated', sources: ['old'], topK: 3 });
  assert.equal(hits[0]!.doc_id, 'd7.txt');
  assert.ok(hits.every((h) => typeof h.vector === 'number' && h.vector > 0));
  const vectorOnly = await new Retriever(db.store, now).search({
    query: 'glacier 7 retreated',
    sources: ['old'],
    topK: 3,
    mode: 'vector',
  });
  assert.equal(vectorOnly.length, 3);

  // New documents written into it are embedded at 64 too (through the worker thread, as the CLI does).
  await writeTree(root, docs(20, 25));
  const worker = createWorkerEmbedder(32);
  t.after(() => worker.close());
  await runIngest(job, { store: db.store, embedder: worker });
  assert.equal((await db.store.sourceMeta('old'))!.dimensions, 64);
  const fresh = await new Retriever(db.store, now).search({
    query: 'glacier 23 retreated 23 metres',
    sources: ['old'],
    topK: 3,
    mode: 'vector',
  });
  assert.equal(fresh[0]!.doc_id, 'd23.txt');

  // --reembed starts the source again at the configured size; a new source gets it at once.
  await runIngest({ ...job, reembed: true }, { store: db.store, embedder: worker });
  assert.equal((await db.store.sourceMeta('old'))!.dimensions, 32);
  await runIngest({ ...job, source: 'new' }, { store: db.store, embedder: worker });
  assert.equal((await db.store.sourceMeta('new'))!.dimensions, 32);
});

test('the worker embedder resized gives the builtin vectors of that size', async (t) => {
  const worker = createWorkerEmbedder(32);
  t.after(() => worker.close());
  const texts = ['Glaciers retreat.', '冰川退缩了', 'an unrelated sentence about harbours'];
  const [a, b] = [await worker.resize!(48).embed(texts), await createBuiltinEmbedder(48).embed(texts)];
  assert.deepEqual(
    a.map((v) => [...v]),
    b.map((v) => [...v]),
  );
  assert.equal((await worker.embed(texts))[0]!.length, 32);
});

test('another embedder than the one that filled a source is still refused', async (t) => {
  const db = await tempDb(t);
  const root = join(db.dir, 'docs');
  await writeTree(root, docs(0, 3));
  await runIngest(
    { source: 's', inputs: [root], baseDir: root },
    { store: db.store, embedder: createBuiltinEmbedder(64) },
  );
  const other = { id: 'other-model', dimensions: 64, embed: createBuiltinEmbedder(64).embed };
  await assert.rejects(
    new Retriever(db.store, other).search({ query: 'glacier', sources: ['s'], topK: 3 }),
    (e: Error & { code?: string }) => e.code === 'embedder_mismatch',
  );
});
