import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runIngest } from '../../ingest/pipeline.ts';
import { createWorkerEmbedder } from '../../ingest/worker-embedder.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { tempDb } from '../helpers/temp-db.ts';
import { allChunks, copyFixtures } from './helpers.ts';

describe('the builtin embedder in a worker thread', () => {
  test('gives exactly the vectors of the builtin embedder, in order, across concurrent calls', async () => {
    const local = createBuiltinEmbedder(256);
    const worker = createWorkerEmbedder(256);
    try {
      assert.equal(worker.id, local.id);
      assert.equal(worker.dimensions, 256);
      const texts = Array.from({ length: 300 }, (_, i) => `document ${i}: 蛋白质 folding and protein ${i % 7} 结构`);
      const [a, b, none] = await Promise.all([
        worker.embed(texts.slice(0, 200)),
        worker.embed(texts.slice(200)),
        worker.embed([]),
      ]);
      assert.deepEqual([...a, ...b], await local.embed(texts));
      assert.deepEqual(none, []);
    } finally {
      await worker.close();
    }
  });

  test('an ingest with it stores the same chunks and vectors as one with the builtin embedder', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const worker = createWorkerEmbedder(128);
    try {
      await runIngest(
        { source: 'w', inputs: [root], baseDir: root, batchRows: 4 },
        { store: db.store, embedder: worker },
      );
    } finally {
      await worker.close();
    }
    await runIngest(
      { source: 'l', inputs: [root], baseDir: root, batchRows: 4 },
      { store: db.store, embedder: createBuiltinEmbedder(128) },
    );
    const rows = async (source: string) => {
      const src = await db.store.source(source);
      const chunks = (await allChunks(src)).sort((x, y) => x.content_hash.localeCompare(y.content_hash));
      const vectors = await src.vectorsFor(chunks);
      return chunks.map((c) => ({ ...c, id: undefined, source: undefined, vector: [...vectors.get(c.id)!] }));
    };
    const [w, l] = await Promise.all([rows('w'), rows('l')]);
    assert.ok(w.length > 5);
    assert.deepEqual(w, l);
  });
});
