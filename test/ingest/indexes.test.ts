import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { runIngest } from '../../ingest/pipeline.ts';
import { tempDb } from '../helpers/temp-db.ts';
import { countingEmbedder, writeTree } from './helpers.ts';

test('after every run the full-text indexes cover every row, and many small writes are compacted', async (t) => {
  const db = await tempDb(t);
  const root = join(db.dir, 'docs');
  const files = (from: number, to: number) =>
    Object.fromEntries(
      Array.from({ length: to - from }, (_, i) => [`d${from + i}.txt`, `Paragraph ${from + i} about glaciers.`]),
    );
  await writeTree(root, files(0, 30));
  const job = { source: 'ix', inputs: [root], baseDir: root, batchRows: 1 };
  const embedder = countingEmbedder();
  await runIngest(job, { store: db.store, embedder });
  const table = await (await connect(db.uri)).openTable('ix');
  const check = async (rows: number) => {
    await table.checkoutLatest();
    assert.equal(await table.countRows(), rows);
    const fts = (await table.listIndices()).filter((i) => i.indexType.toLowerCase().includes('fts'));
    assert.equal(fts.length, 3);
    for (const i of fts) assert.equal(i.numUnindexedRows, 0, i.name);
    // One write per document left 30 small fragments; the run compacted them.
    assert.ok((await table.stats()).fragmentStats.numSmallFragments <= 16);
  };
  await check(30);
  // Rows written after the indexes were built are folded into them.
  await writeTree(root, files(30, 34));
  await runIngest(job, { store: db.store, embedder });
  await check(34);
  const hits = await (await db.store.source('ix')).fullText('Paragraph 33', { limit: 3 });
  assert.ok(hits.some((h) => h.doc_id === 'd33.txt'));
});
