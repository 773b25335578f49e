import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { connect, MatchQuery } from '@lancedb/lancedb';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { type MetadataFilter, Retriever, whereFor } from '../../src/retrieval/index.ts';
import { FTS_COLUMN } from '../../src/store/schema.ts';
import { forgetPublished, type TempDb, tempDb } from '../helpers/temp-db.ts';

const embedder = createBuiltinEmbedder(64);
const TEAMS = ['billing', 'ops', 'sales'];

// 60 short documents that say "kettle" again and again, and one long `legal` document that says it once: by BM25
// it ranks last, far below the candidates a search takes (30 for top 10), so a filter applied to the results after
// the search would find nothing; a filter evaluated inside LanceDB before it finds exactly that document.
const docs = [
  ...Array.from({ length: 60 }, (_, i) => ({
    _id: `d${i}`,
    title: `Kettle note ${i}`,
    text: `The kettle boils. Kettle ${i} is a kettle, a steel kettle for tea.`,
    team: TEAMS[i % 3],
    year: 2018 + (i % 8),
    ...(i % 4 === 0 ? { tags: ['x', `t${i}`] } : {}),
    ...(i % 5 === 0 ? { metadata: { public: true } } : {}),
  })),
  {
    _id: 'legal-1',
    title: 'Contract terms',
    text: `${'The parties agree to the terms set out in this agreement. '.repeat(40)}A kettle is mentioned once.`,
    team: 'legal',
    year: 2026,
  },
];

let db: TempDb;
let retriever: Retriever;
before(async () => {
  db = await tempDb();
  const file = join(db.dir, 'notes.jsonl');
  await writeFile(file, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
  const s = await runIngest({ source: 'notes', inputs: [file] }, { store: db.store, embedder });
  assert.deepEqual(s.failed, []);
  retriever = new Retriever(db.store, embedder);
});
after(() => db.cleanup());

const search = (metadata: MetadataFilter | undefined, mode: 'hybrid' | 'bm25' | 'vector' = 'bm25', topK = 100) =>
  retriever.search({ query: 'kettle', sources: ['notes'], topK, mode, filter: metadata ? { metadata } : undefined });
const docIds = (hits: { doc_id: string }[]) => [...new Set(hits.map((h) => h.doc_id))].sort();
const expected = (pred: (d: (typeof docs)[number]) => boolean) =>
  docs
    .filter(pred)
    .map((d) => d._id)
    .sort();

test('metadata comes from the JSONL record (its fields and its metadata object) onto every chunk', async () => {
  const [hit] = (await search(undefined, 'bm25')).filter((h) => h.doc_id === 'd0');
  assert.deepEqual(hit!.metadata, { team: 'billing', year: 2018, tags: ['x', 't0'], public: true });
});

test('a filter matching only a low-ranked document still finds it, in every mode: it runs before the search', async () => {
  const unfiltered = await search(undefined, 'bm25', 10);
  assert.ok(!unfiltered.some((h) => h.doc_id === 'legal-1'), 'the legal document is not in the unfiltered top 10');
  for (const mode of ['bm25', 'vector', 'hybrid'] as const) {
    const hits = await search({ team: 'legal' }, mode, 10);
    assert.deepEqual(docIds(hits), ['legal-1'], mode);
  }
});

test('operators: numbers, string lists, booleans, any-of, not-equal (missing counts), exists', async () => {
  const cases: [MetadataFilter, (d: (typeof docs)[number]) => boolean][] = [
    [{ team: 'billing', year: { gte: 2024 } }, (d) => d.team === 'billing' && d.year >= 2024],
    [{ year: { gt: 2019, lte: 2021 } }, (d) => d.year > 2019 && d.year <= 2021],
    [{ tags: 'x' }, (d) => 'tags' in d && !!d.tags?.includes('x')],
    [{ public: true }, (d) => 'metadata' in d && d.metadata?.public === true],
    [{ team: ['ops', 'legal'] }, (d) => d.team === 'ops' || d.team === 'legal'],
    [{ team: { nin: ['ops', 'sales'] } }, (d) => d.team !== 'ops' && d.team !== 'sales'],
    [{ public: { ne: true } }, (d) => !('metadata' in d && d.metadata?.public === true)],
    [{ tags: { exists: false } }, (d) => !('tags' in d)],
    [{ team: { gte: 'ops' } }, (d) => (d.team ?? '') >= 'ops'],
  ];
  for (const [filter, pred] of cases)
    assert.deepEqual(docIds(await search(filter)), expected(pred), JSON.stringify(filter));
});

test('the filter is a where-clause inside LanceDB: the query plans read it, and LanceDB counts the rows it keeps', async () => {
  const src = await db.store.source('notes');
  const where = whereFor({ metadata: { team: 'legal' } }, undefined, src)!;
  assert.match(where, /json_extract\(metadata, '\$\["team"\]'\) = '"legal"'/);
  const table = await (await connect(db.uri)).openTable('notes');
  // Full-text search: LanceDB reads the rows through the predicate (full_filter on its scan) before ranking.
  const fts = await table
    .query()
    .fullTextSearch(new MatchQuery('kettle', FTS_COLUMN))
    .where(where)
    .limit(10)
    .explainPlan(true);
  assert.match(fts, /LanceRead:.*full_filter=json_extract\(metadata, [^\n]*team[^\n]*legal/);
  // Vector search: the filter sits below the distance computation (prefilter), not above the top-k.
  const vec = await table.vectorSearch(new Float32Array(64).fill(0.1)).where(where).limit(10).explainPlan(true);
  const filterAt = vec.search(/FilterExec: .*json_extract/);
  const knnAt = vec.indexOf('KNNVectorDistance');
  assert.ok(filterAt > knnAt && knnAt >= 0, `the filter runs before the distances:\n${vec}`);
  const rows = await src.scanChunks(['doc_id']);
  const chunksOf = (ids: string[]) => rows.filter((r) => ids.includes(String(r.doc_id))).length;
  assert.equal(await table.countRows(where), chunksOf(['legal-1']));
  const recent = whereFor({ metadata: { year: { gte: 2024 } } }, undefined, src);
  assert.equal(await table.countRows(recent), chunksOf(expected((d) => d.year >= 2024)));
});

test('a source written before metadata existed matches no metadata filter until it is ingested again', async (t) => {
  const old = await tempDb(t);
  const file = join(old.dir, 'a.jsonl');
  await writeFile(file, `${JSON.stringify({ _id: 'a', text: 'kettle', team: 'ops' })}\n`);
  await runIngest({ source: 'old', inputs: [file] }, { store: old.store, embedder });
  // As an older version left it: no metadata column (and no published version).
  await (await (await connect(old.uri)).openTable('old')).dropColumns(['metadata']);
  await forgetPublished(old.uri, 'old');
  const fresh = await (await import('../../src/store/index.ts')).Store.open(old.uri, { readConsistencySeconds: 0 });
  t.after(() => fresh.close());
  const r = new Retriever(fresh, embedder);
  const q = { query: 'kettle', sources: ['old'], topK: 5, mode: 'bm25' as const };
  assert.equal((await r.search(q)).length, 1);
  assert.equal((await r.search({ ...q, filter: { metadata: { team: 'ops' } } })).length, 0);
  // Writing to it adds the column; the unchanged document keeps its place, a changed one gets its metadata.
  await writeFile(file, `${JSON.stringify({ _id: 'a', text: 'kettle again', team: 'ops' })}\n`);
  const s = await runIngest({ source: 'old', inputs: [file] }, { store: fresh, embedder });
  assert.equal(s.chunks_written, 1);
  assert.equal((await r.search({ ...q, filter: { metadata: { team: 'ops' } } })).length, 1);
});
