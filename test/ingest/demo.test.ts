import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureDemoSource } from '../../ingest/demo.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { tempDb } from '../helpers/temp-db.ts';
import { countingEmbedder } from './helpers.ts';

test('the demo corpus is ingested when its source is missing, and left alone once it has chunks', async (t) => {
  const db = await tempDb(t);
  const first = await ensureDemoSource(db.store, countingEmbedder());
  assert.ok(first);
  assert.deepEqual(first.failed, []);
  assert.ok(first.documents >= 6);
  const table = await db.store.source('demo');
  const chunks = await table.count();
  assert.equal(chunks, first.chunks_written);
  const ids = new Set((await table.scanChunks(['doc_id'])).map((r) => String(r.doc_id)));
  assert.ok(ids.has('data/demo/ingestion.md') && ids.has('data/demo/中文简介.md'));

  const embedder = countingEmbedder();
  assert.equal(await ensureDemoSource(db.store, embedder), undefined);
  assert.equal(embedder.calls.length, 0);
  const [hit] = await table.fullText('护栏', { limit: 1 });
  assert.equal(hit?.doc_id, 'data/demo/中文简介.md');
});

test('an empty demo source left by another embedder is filled again', async (t) => {
  const db = await tempDb(t);
  await db.store.sourceForWrite('demo', createBuiltinEmbedder(32));
  const s = await ensureDemoSource(db.store, createBuiltinEmbedder(64));
  assert.ok(s && s.chunks_written > 0);
  assert.equal((await db.store.source('demo')).dimensions, 64);
});

test('a demo embedded by another embedder (an upgrade) is embedded again, and vector search works on it', async (t) => {
  const db = await tempDb(t);
  const before = await ensureDemoSource(db.store, createBuiltinEmbedder(32));
  assert.ok(before && before.chunks_written > 0);
  const now = createBuiltinEmbedder(64);
  const after = await ensureDemoSource(db.store, now);
  assert.ok(after && after.embedded === before.chunks_written, JSON.stringify(after));
  const table = await db.store.source('demo');
  assert.equal(table.dimensions, 64);
  assert.equal(await table.count(), before.chunks_written);
  const [vector] = await now.embed(['guardrails']);
  assert.ok((await table.nearest(vector!, { limit: 3 })).length > 0);
  assert.equal(await ensureDemoSource(db.store, now), undefined);
});
