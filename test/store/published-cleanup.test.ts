import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { Store } from '../../src/store/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const embedder = createBuiltinEmbedder(32);
const texts = (from: number, n: number) => Array.from({ length: n }, (_, i) => `passage ${from + i} about topic ${i}`);

// LanceDB fails a whole optimize whose cleanup would reach a tagged version: every re-ingest of a source published
// more than ten minutes earlier failed in its index refresh.
test('a re-ingest hours after the last publish refreshes its indexes and keeps the published version', async (t) => {
  const db = await tempDb(t);
  const raw = await connect(db.uri);
  t.after(() => raw.close());
  const table = await db.store.sourceForWrite('s', embedder);
  const published = async () => (await (await (await raw.openTable('s')).tags()).list()).published!.version;
  const versions = async () => (await (await raw.openTable('s')).listVersions()).map((v) => v.version);
  const reader = await Store.open(db.uri, { readConsistencySeconds: 0 });
  t.after(() => reader.close());
  const later = () => Date.now() + 2 * 3_600_000;

  let from = 0;
  for (const run of [1, 2, 3]) {
    // New rows the full-text index misses, so the refresh optimizes and cleans up: two hours after the last publish.
    const rows = texts(from, 30);
    await table.appendChunks(plainRows('s', rows, await embedder.embed(rows), from));
    from += rows.length;
    await table.refreshIndexes(run === 1 ? {} : { now: later });
    if (run > 1) {
      const kept = await published();
      assert.ok((await versions()).includes(kept), `run ${run}: published version ${kept} kept`);
      assert.equal(await (await reader.source('s')).count(), from - rows.length, 'readers still on the last publish');
    }
    await table.publish();
  }
  assert.equal(await (await reader.source('s')).count(), from);
});
