import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { runIngest } from '../../ingest/pipeline.ts';
import { sharedDb } from '../helpers/shared-store.ts';
import { allChunks, copyFixtures, countingEmbedder } from './helpers.ts';

describe('repairing what a crash or two writers at once left', () => {
  test('duplicate chunk ids, manifest rows without chunks and a doubled registry row are fixed by the next run', async (t) => {
    const db = await sharedDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [root], baseDir: root };
    const embedder = countingEmbedder();
    await runIngest(job, { store: db.store, embedder });
    const table = await db.store.source('docs');
    const clean = await allChunks(table);
    const cleanManifest = await table.manifest();

    // What two writers at once leave behind, written straight into the tables.
    const raw = await connect(db.uri, { storageOptions: db.storageOptions });
    t.after(() => raw.close());
    const chunks = await raw.openTable('docs');
    await chunks.add(await chunks.query().toArrow());
    const manifest = await raw.openTable('_manifest_docs');
    await manifest.add(await manifest.query().toArrow());
    const phantom = { ...cleanManifest.values().next().value!, doc_id: 'phantom.md', chunk_ids: '["docs:phantom"]' };
    await manifest.add([phantom]);
    const registry = await raw.openTable('_sources');
    await registry.add(await registry.query().toArrow());
    assert.equal((await registry.query().toArray()).length, 2);

    embedder.calls.length = 0;
    const s = await runIngest(job, { store: db.store, embedder });
    assert.deepEqual(s.repaired, {
      duplicate_chunk_rows: clean.length,
      duplicate_manifest_rows: cleanManifest.size,
      manifest_rows_without_chunks: 1,
      orphan_chunk_rows: 0,
      duplicate_registry_rows: 1,
    });
    assert.deepEqual([s.chunks_written, s.embedded, embedder.calls.length], [0, 0, 0]);
    assert.deepEqual(await allChunks(table), clean);
    assert.deepEqual([...(await table.manifest()).keys()].sort(), [...cleanManifest.keys()].sort());
    assert.deepEqual(
      (await db.store.listSources()).map((m) => m.name),
      ['docs'],
    );

    const again = await runIngest(job, { store: db.store, embedder });
    assert.ok(
      Object.values(again.repaired).every((n) => n === 0),
      JSON.stringify(again.repaired),
    );
    assert.equal(again.chunks_written, 0);
  });
});
