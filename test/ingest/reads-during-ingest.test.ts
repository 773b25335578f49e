import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { type IngestProgress, runIngest } from '../../ingest/pipeline.ts';
import type { Embedder } from '../../src/providers/embedder.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { type SourceTable, Store } from '../../src/store/index.ts';
import { syntheticDocs, writeJsonl } from '../helpers/corpora.ts';
import { forgetPublished, tempDb } from '../helpers/temp-db.ts';

const MARKER = 'zebrafinch';
const DOCS = 240;

/** The builtin embedder, holding every call after the first `free` until `release()`. */
function gatedEmbedder(free: number): Embedder & { release(): void } {
  const inner = createBuiltinEmbedder(64);
  let calls = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    release,
    async embed(texts, signal) {
      if (++calls > free) await gate;
      return inner.embed(texts, signal);
    },
  };
}

/** What a search returns, comparable across versions: ids and texts of full-text and vector hits. */
async function answers(src: SourceTable, query: string, vector: Float32Array) {
  const [fts, near] = await Promise.all([src.fullText(query, { limit: 8 }), src.nearest(vector, { limit: 8 })]);
  return { fts: fts.map((c) => [c.id, c.text]), near: near.map((c) => [c.id, c.text]) };
}

/** A clock a second further on at every read, so every progress tick is reported. */
const stepClock = () => {
  let t = 0;
  return () => (t += 1000);
};

const markerHits = async (src: SourceTable) => (await src.fullText(MARKER, { limit: DOCS })).length;

/** Every document changed: the marker appended to its text. */
const markDocs = (file: string, docs: readonly { text: string }[]) =>
  writeJsonl(
    file,
    docs.map((d) => ({ ...d, text: `${d.text} The ${MARKER} sings.` })),
  );

/** An ingest run stopped (aborted) once its first batch is written. */
function runStoppedAfterFirstBatch(job: Parameters<typeof runIngest>[0], store: Store) {
  const stop = new AbortController();
  const onProgress = (p: IngestProgress) => p.chunks_written > 0 && stop.abort(new Error('stopped'));
  return runIngest(job, {
    store,
    embedder: createBuiltinEmbedder(64),
    onProgress,
    now: stepClock(),
    signal: stop.signal,
  });
}

describe('reads while a source is re-ingested', () => {
  test('readers answer from the last published version until the run publishes the next one', async (t) => {
    const db = await tempDb(t, { vectorIndexMinRows: 100 });
    const docs = syntheticDocs(DOCS, 6);
    const file = join(db.dir, 'corpus.jsonl');
    await writeJsonl(file, docs);
    const job = { source: 'big', inputs: [file], batchRows: 40, concurrency: 1 };
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });

    // The server's view: another store, which would see every write at once (no read-consistency interval).
    const reader = await Store.open(db.uri, { readConsistencySeconds: 0 });
    t.after(() => reader.close());
    const query = docs[7]!.text.split(' ').slice(0, 4).join(' ');
    const [vector] = await createBuiltinEmbedder(64).embed([query]);
    const before = await answers(await reader.source('big'), query, vector!);
    const rows = await (await reader.source('big')).count();
    assert.ok(before.fts.length > 0 && before.near.length > 0);

    // Every document changes: the re-ingest rewrites every chunk, batch after batch, and holds after the first.
    await markDocs(file, docs);
    const embedder = gatedEmbedder(1);
    let written!: () => void;
    const firstBatch = new Promise<void>((r) => {
      written = r;
    });
    const onProgress = (p: IngestProgress) => p.chunks_written > 0 && written();
    const run = runIngest(job, { store: db.store, embedder, onProgress, now: stepClock() });
    run.catch(() => {});
    await firstBatch;

    // Rewritten rows are in the table (a reader of its latest version finds them, outside any index)...
    assert.ok((await markerHits(await reader.latest('big'))) > 0);
    // ...yet readers are served the version published before the run, unchanged.
    const served = await reader.source('big');
    assert.equal(await markerHits(served), 0);
    assert.deepEqual(await answers(served, query, vector!), before);
    assert.equal(await served.count(), rows);

    embedder.release();
    const summary = await run;
    assert.equal(summary.documents, DOCS);
    // Published: the next read moves to the new version, every document changed.
    const after = await reader.source('big');
    assert.equal(await markerHits(after), DOCS);
    assert.equal((await after.manifest()).size, DOCS);
  });

  test('an interrupted re-ingest leaves readers on the published version; the next run publishes', async (t) => {
    const db = await tempDb(t);
    const docs = syntheticDocs(120, 4);
    const file = join(db.dir, 'corpus.jsonl');
    await writeJsonl(file, docs);
    const job = { source: 'kb', inputs: [file], batchRows: 30, concurrency: 1 };
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });
    const reader = await Store.open(db.uri, { readConsistencySeconds: 0 });
    t.after(() => reader.close());

    await markDocs(file, docs);
    await assert.rejects(runStoppedAfterFirstBatch(job, db.store));
    assert.ok((await markerHits(await reader.latest('kb'))) > 0);
    assert.equal(await markerHits(await reader.source('kb')), 0);

    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });
    assert.equal(await markerHits(await reader.source('kb')), 120);
  });

  test('a source ingested before versions were published is held at what it holds when a re-ingest starts', async (t) => {
    const db = await tempDb(t);
    const docs = syntheticDocs(60, 4);
    const file = join(db.dir, 'corpus.jsonl');
    await writeJsonl(file, docs);
    const job = { source: 'old', inputs: [file], batchRows: 20, concurrency: 1 };
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });
    // As an older version of grounded left it: no published version.
    await forgetPublished(db.uri, 'old');

    await markDocs(file, docs);
    await assert.rejects(runStoppedAfterFirstBatch(job, db.store));
    const reader = await Store.open(db.uri, { readConsistencySeconds: 0 });
    t.after(() => reader.close());
    assert.ok((await markerHits(await reader.latest('old'))) > 0);
    assert.equal(await markerHits(await reader.source('old')), 0);
    assert.equal((await (await reader.source('old')).manifest()).size, 60);
  });

  test('a process that ingests and then reads sees its own run at once', async (t) => {
    const db = await tempDb(t, { readConsistencySeconds: 3600 });
    const docs = syntheticDocs(30);
    const file = join(db.dir, 'corpus.jsonl');
    await writeJsonl(file, docs);
    const job = { source: 'kb', inputs: [file] };
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });
    assert.equal(await markerHits(await db.store.source('kb')), 0);
    await markDocs(file, docs);
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });
    assert.equal(await markerHits(await db.store.source('kb')), 30);
  });
});
