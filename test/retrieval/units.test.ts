import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { splitUnits } from '../../src/text/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

test('a number and its unit written together read as two words; names ending in digits and letters do not', () => {
  assert.equal(
    splitUnits('a limit below 32kb/s, a 4GB file, 1.5MB in 100ms'),
    'a limit below 32 kb/s, a 4 GB file, 1.5 MB in 100 ms',
  );
  assert.equal(splitUnits('0x1b md5 x86 3d v2mb 16 KB/s'), '0x1b md5 x86 3d v2mb 16 KB/s');
});

test('"32 KB/s" finds a chunk that writes "32kb/s", and "4GB" one that writes "4 GB", by full-text search', async (t) => {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const table = await db.store.sourceForWrite('s', embedder);
  const texts = [
    'Keep in mind that a limit below 32kb/s might actually limit the traffic to 32kb/s.',
    'Files larger than 4 GB need the large-file option.',
    'The server closes idle connections after a while.',
  ];
  await table.appendChunks(plainRows('s', texts, await embedder.embed(texts)));
  await table.refreshIndexes();
  const retriever = new Retriever(db.store, embedder);
  const first = async (query: string) =>
    (await retriever.search({ query, sources: ['s'], topK: 3, mode: 'bm25' }))[0]?.id;
  assert.equal(await first('clients get 32 KB/s'), 'c0');
  assert.equal(await first('a 4GB video'), 'c1');
});
