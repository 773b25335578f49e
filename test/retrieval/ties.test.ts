import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const embedder = createBuiltinEmbedder(64);
// Two documents with the same abstract (NFCorpus has such pairs), among others: equal scores in every list.
const SAME = 'Dietary fibre lowers the risk of colorectal cancer in a large cohort of adults.';
const OTHERS = [
  'Vitamin D supplements had no effect on bone density in older women.',
  'Green tea intake was not associated with cancer risk in this cohort.',
  'Fibre intake and bowel habits were recorded in a food diary by each adult.',
];

/** A store whose rows were written in the given order of the same corpus. */
async function storeWritten(order: readonly number[]) {
  const db = await tempDb();
  const texts = [SAME, SAME, ...OTHERS];
  const table = await db.store.sourceForWrite('s', embedder);
  for (const i of order) await table.appendChunks(plainRows('s', [texts[i]!], await embedder.embed([texts[i]!]), i));
  await table.refreshIndexes();
  return db;
}

test('equal scores rank by chunk id, whatever order the rows were written in', async (t) => {
  const a = await storeWritten([0, 1, 2, 3, 4]);
  const b = await storeWritten([4, 3, 1, 0, 2]);
  t.after(() => Promise.all([a.cleanup(), b.cleanup()]));
  for (const mode of ['bm25', 'vector', 'hybrid'] as const) {
    const search = (db: typeof a) =>
      new Retriever(db.store, embedder).search({ query: 'fibre colorectal cancer', sources: ['s'], topK: 3, mode });
    const [ha, hb] = await Promise.all([search(a), search(b)]);
    assert.deepEqual(
      hb.map((h) => h.id),
      ha.map((h) => h.id),
      mode,
    );
    // The duplicate pair is tied; the lower id comes first (hybrid collapses the pair into that one).
    assert.equal(ha[0]!.id, 'c0', mode);
  }
});
