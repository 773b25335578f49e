import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const DIMS = 256;
const embedder = createBuiltinEmbedder(DIMS);

// A deterministic corpus of short passages over a few hundred made-up words, so every size has many partial matches.
const WORDS = Array.from({ length: 400 }, (_, i) => `w${(i * 7919).toString(36)}`);
function* passages(n: number): Generator<string> {
  let x = 12345;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
  for (let i = 0; i < n; i++) yield Array.from({ length: 12 }, () => WORDS[next() % WORDS.length]).join(' ');
}

async function sourceOf(rows: number) {
  const db = await tempDb();
  const table = await db.store.sourceForWrite('s', embedder);
  const texts = [...passages(rows)];
  for (let i = 0; i < texts.length; i += 5000) {
    const part = texts.slice(i, i + 5000);
    const batch = plainRows('s', part, await embedder.embed(part), i);
    await table.appendChunks(batch);
  }
  const t0 = performance.now();
  await table.refreshIndexes();
  return { db, table, texts, indexMs: Math.round(performance.now() - t0) };
}

// 500 and 5,000 rows are scanned exactly at 256 dimensions; 25,000 get an HNSW index. Before, sources between 2,000
// and 20,000 chunks got no vector score at all.
for (const rows of [500, 5_000, 25_000]) {
  test(`hybrid search at ${rows.toLocaleString('en')} rows: every hit carries a BM25 and a vector score`, async (t) => {
    const s0 = performance.now();
    const { db, table, texts, indexMs } = await sourceOf(rows);
    t.diagnostic(`built in ${Math.round(performance.now() - s0)} ms, indexes ${indexMs} ms`);
    t.after(() => db.cleanup());
    const indexed = (await table.count()) >= 7813;
    const retriever = new Retriever(db.store, embedder);
    let vectorOnly = 0;
    let scoredLate = 0;
    for (const text of texts.slice(0, 20)) {
      // A query of a few words of a passage plus a word that matches nothing: both lists have candidates.
      const query = `${text.split(' ').slice(3, 7).join(' ')} unmatched`;
      const hits = await retriever.search({ query, sources: ['s'], topK: 10, mode: 'hybrid' });
      assert.equal(hits.length, 10);
      for (const h of hits) {
        assert.equal(typeof h.bm25, 'number', `${h.id} has no BM25 score`);
        assert.equal(typeof h.vector, 'number', `${h.id} has no vector score`);
        assert.ok(h.vector! > 0 && h.vector! <= 1.0001, `vector score ${h.vector}`);
      }
      vectorOnly += hits.filter((h) => h.bm25 === 0).length;
      // A hit that only the vector list brought (not among the 30 full-text candidates) carries its own BM25 score,
      // the one a longer full-text list gives it.
      const fullText = await retriever.search({ query, sources: ['s'], topK: 200, mode: 'bm25' });
      const bm25 = new Map(fullText.map((h) => [h.id, h.bm25!]));
      const head = new Set(fullText.slice(0, 30).map((h) => h.id));
      for (const h of hits) {
        if (bm25.has(h.id))
          assert.ok(Math.abs(h.bm25! - bm25.get(h.id)!) < 1e-4, `${h.id}: ${h.bm25} vs ${bm25.get(h.id)}`);
        else assert.ok(h.bm25! <= fullText.at(-1)!.bm25! + 1e-4, `${h.id}: ${h.bm25} past the full-text list`);
      }
      scoredLate += hits.filter((h) => !head.has(h.id) && h.bm25! > 0).length;
      // The passage the words came from is found.
      assert.ok(hits.some((h) => h.text === text));
    }
    t.diagnostic(
      `vector index: ${indexed}; hits found only by vector: ${vectorOnly}, of them matching a term: ${scoredLate}`,
    );
    assert.ok(scoredLate > 0, 'no hit outside the full-text candidates matched a query term');
  });
}

// Two sources and a filter: the late BM25 scores are read per source, within what the filter lets through.
test('hybrid search over two sources with a filter: every hit is let through and carries its own BM25 score', async (t) => {
  const db = await tempDb();
  t.after(() => db.cleanup());
  const texts = [...passages(1_000)];
  for (const [name, part, from] of [
    ['s', texts.slice(0, 500), 0],
    ['t', texts.slice(500), 500],
  ] as const) {
    const table = await db.store.sourceForWrite(name, embedder);
    await table.appendChunks(plainRows(name, part, await embedder.embed(part), from));
    await table.refreshIndexes();
  }
  // Every other document of both sources.
  const filter = { doc_ids: Array.from({ length: 500 }, (_, i) => `d${2 * i}`) };
  const allowed = new Set(filter.doc_ids);
  const retriever = new Retriever(db.store, embedder);
  let scoredLate = 0;
  for (const text of [...texts.slice(0, 10), ...texts.slice(500, 510)]) {
    const query = `${text.split(' ').slice(3, 7).join(' ')} unmatched`;
    const hits = await retriever.search({ query, sources: ['s', 't'], topK: 10, mode: 'hybrid', filter });
    assert.equal(hits.length, 10);
    const fullText = await retriever.search({ query, sources: ['s', 't'], topK: 200, mode: 'bm25', filter });
    const bm25 = new Map(fullText.map((h) => [h.id, h.bm25!]));
    const head = new Set(fullText.slice(0, 30).map((h) => h.id));
    for (const h of hits) {
      assert.ok(allowed.has(h.doc_id), `${h.id} of ${h.doc_id} is outside the filter`);
      if (bm25.has(h.id))
        assert.ok(Math.abs(h.bm25! - bm25.get(h.id)!) < 1e-4, `${h.id}: ${h.bm25} vs ${bm25.get(h.id)}`);
      else assert.ok(h.bm25! <= fullText.at(-1)!.bm25! + 1e-4, `${h.id}: ${h.bm25} past the full-text list`);
    }
    scoredLate += hits.filter((h) => !head.has(h.id) && h.bm25! > 0).length;
  }
  assert.ok(
    new Set((await retriever.search({ query: texts[0]!, sources: ['s', 't'], topK: 30, filter })).map((h) => h.source))
      .size === 2,
  );
  t.diagnostic(`hits outside the full-text candidates matching a term: ${scoredLate}`);
  assert.ok(scoredLate > 0, 'no hit outside the full-text candidates matched a query term');
});
