import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import type { Candidate, Store } from '../../src/store/index.ts';
import { VectorMatrices, VectorMatrix } from '../../src/store/vector-matrix.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const embedder = createBuiltinEmbedder();
const MB = 1024 * 1024;

/** Passages over a small vocabulary, so every query has many near neighbours with close scores. */
function texts(n: number, seed: number): string[] {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  const words = Array.from({ length: 600 }, (_, i) => `w${((i * 2654435761) >>> 0).toString(36)}`);
  return Array.from({ length: n }, () =>
    Array.from({ length: 8 + Math.floor(next() * 30) }, () => words[Math.floor(words.length * next() ** 2)]).join(' '),
  );
}

/** Write `n` more passages to source `name` (numbered from `from`) and publish them. */
async function write(store: Store, name: string, n: number, from = 0, seed = 1): Promise<string[]> {
  const w = await store.sourceForWrite(name, embedder);
  const part = texts(n, seed);
  await w.appendChunks(plainRows(name, part, await embedder.embed(part), from));
  await w.refreshIndexes();
  await store.publish(w);
  return part;
}

/** The same candidates in the same order, with the same scores up to float rounding (LanceDB's are f32). */
function assertSameHits(got: Candidate[], want: Candidate[]): void {
  assert.deepEqual(
    got.map((c) => [c.id, c.doc_hash, c.rowid]),
    want.map((c) => [c.id, c.doc_hash, c.rowid]),
  );
  for (const [i, c] of got.entries())
    assert.ok(Math.abs(c.score - want[i]!.score) < 1e-5, `${c.id}: ${c.score} vs ${want[i]!.score}`);
}

test('a served source is searched in memory and finds what an exact LanceDB scan finds, scores included', async (t) => {
  const db = await tempDb(t, { vectorMemoryBytes: 64 * MB });
  await write(db.store, 'v', 3000);
  const src = await db.store.source('v');
  // Past 1,000 rows at 512 dimensions the source has a vector index: without the matrix it answers approximately.
  assert.ok((await src.vectorIndexStats())?.indexed, 'the source has a vector index');
  const queries = await embedder.embed(texts(25, 99).map((q) => q.split(' ').slice(0, 6).join(' ')));
  for (const q of queries) {
    assertSameHits(
      await src.nearestCandidates(q, { limit: 30 }),
      await src.nearestCandidates(q, { limit: 30, exact: true }),
    );
  }
  const held = db.store.vectorsInMemory();
  assert.deepEqual(
    held.map((h) => h.source),
    ['v'],
  );
  assert.ok(held[0]!.bytes >= 3000 * 512 * 4);
  // Full-text candidates are scored by vector from the matrix, as from the stored vectors (a writer's handle).
  const [q] = await embedder.embed(['w1 w2 w3 w4']);
  const terms = [{ term: texts(1, 5)[0]!, weight: 1 }];
  const fts = await src.fullTextCandidates(terms, { limit: 20, scoreAgainst: q });
  const read = await (await db.store.latest('v')).fullTextCandidates(terms, { limit: 20, scoreAgainst: q });
  assert.equal(fts.length, 20);
  assertSameHits(fts, read);
  for (const [i, c] of fts.entries())
    assert.ok(Math.abs(c.vector! - read[i]!.vector!) < 1e-5, `${c.id}: ${c.vector} vs ${read[i]!.vector}`);
});

test('a newly published version replaces the one held, and its new rows are found', async (t) => {
  const db = await tempDb(t, { vectorMemoryBytes: 64 * MB });
  await write(db.store, 'v', 1500);
  const first = await db.store.source('v');
  await first.nearestCandidates((await embedder.embed(['w0']))[0]!, { limit: 5 });
  const v1 = db.store.vectorsInMemory()[0]!.version;
  const added = await write(db.store, 'v', 500, 1500, 2);
  const second = await db.store.source('v');
  assert.notEqual(second.servedVersion, first.servedVersion);
  const [q] = await embedder.embed([added[7]!]);
  const found = await second.nearestCandidates(q!, { limit: 5 });
  assert.equal(found[0]!.id, 'c1507');
  assert.ok(found[0]!.score > 0.999);
  // The first handle's matrix stays while it may still be searched (an agent run that began before the publish).
  assert.deepEqual(
    db.store.vectorsInMemory().map((h) => h.version),
    [v1, second.servedVersion],
  );
});

test('matrices: a superseded handle keeps its matrix while searched and a minute after; the budget evicts it first', async () => {
  let now = 0;
  const m = new VectorMatrices<{ bytes: number }>(100, () => now);
  const reads: string[] = [];
  const get = (handle: number, source: string, version: number, bytes = 40) =>
    m.get(
      handle,
      source,
      version,
      async () => bytes / 4,
      async () => {
        reads.push(`${source}@${version}`);
        return { bytes };
      },
    );
  await get(1, 'a', 1);
  await get(2, 'b', 1);
  now = 1_000;
  await get(3, 'a', 2); // supersedes handle 1 — 120 bytes: over the budget, and handle 1 goes first
  assert.deepEqual(
    m.held().map((h) => `${h.source}@${h.version}`),
    ['b@1', 'a@2'],
  );
  // Handles 3 and 1 searched in turn (the old one's run still going): each read once more at most, no thrashing.
  const m2 = new VectorMatrices<{ bytes: number }>(1000, () => now);
  reads.length = 0;
  const get2 = (handle: number, version: number) =>
    m2.get(
      handle,
      'a',
      version,
      async () => 10,
      async () => {
        reads.push(`a@${version}`);
        return { bytes: 40 };
      },
    );
  await get2(1, 1);
  await get2(2, 2);
  for (let i = 0; i < 5; i++) {
    await get2(1, 1);
    await get2(2, 2);
  }
  assert.deepEqual(reads, ['a@1', 'a@2']);
  now += 61_000;
  await get2(2, 2);
  assert.deepEqual(
    m2.held().map((h) => h.version),
    [2],
  );
  // The old handle let go asks again (its run resumed): it is read again, still the one to go first.
  const m3 = new VectorMatrices<{ bytes: number }>(100, () => now);
  const get3 = (handle: number, source: string, version: number) =>
    m3.get(
      handle,
      source,
      version,
      async () => 10,
      async () => ({ bytes: 40 }),
    );
  await get3(1, 'a', 1);
  await get3(2, 'a', 2);
  now += 61_000;
  await get3(2, 'a', 2);
  await get3(1, 'a', 1);
  await get3(3, 'b', 1);
  assert.deepEqual(
    m3.held().map((h) => `${h.source}@${h.version}`),
    ['a@2', 'b@1'],
  );
});

test('vectors past the memory budget are not held: the search goes to LanceDB, and the least used source is let go', async (t) => {
  // 1,500 rows × 512 dimensions are 3 MB: a 5 MB budget holds one source, not two.
  const db = await tempDb(t, { vectorMemoryBytes: 5 * MB });
  await write(db.store, 'a', 1500);
  await write(db.store, 'b', 1500, 0, 3);
  const [q] = await embedder.embed(['w1 w2 w3']);
  const a = await db.store.source('a');
  assertSameHits(
    await a.nearestCandidates(q!, { limit: 10 }),
    await a.nearestCandidates(q!, { limit: 10, exact: true }),
  );
  assert.deepEqual(
    db.store.vectorsInMemory().map((h) => h.source),
    ['a'],
  );
  const b = await db.store.source('b');
  await b.nearestCandidates(q!, { limit: 10 });
  assert.deepEqual(
    db.store.vectorsInMemory().map((h) => h.source),
    ['b'],
  );

  const small = await tempDb(t, { vectorMemoryBytes: 1 * MB });
  await write(small.store, 'a', 1500);
  const s = await small.store.source('a');
  const hits = await s.nearestCandidates(q!, { limit: 10 });
  assert.equal(hits.length, 10);
  assert.deepEqual(small.store.vectorsInMemory(), []);
});

test('the scan runs in WebAssembly, and finds the exact nearest rows as the JS scan and a brute-force one do', () => {
  let x = 7;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  // Sparse vectors of few distinct values, some rows repeated and one all zeros: many exact ties, broken by id.
  const vector = (dims: number) =>
    Float32Array.from({ length: dims }, () => (next() < 0.3 ? Math.ceil(next() * 4) : 0));
  for (const [n, dims] of [
    [1, 8],
    [3, 8],
    [6, 16],
    [1001, 64],
  ] as const) {
    const vectors = Array.from({ length: n }, () => vector(dims));
    for (let i = 5; i < n; i += 7) vectors[i] = vectors[i - 5]!;
    if (n > 2) vectors[2] = new Float32Array(dims);
    const rows = vectors.map((_, i) => ({ id: `c${String(n - i).padStart(5, '0')}`, doc_hash: 'd', rowid: BigInt(i) }));
    const simd = VectorMatrix.of(rows, vectors, dims);
    const js = VectorMatrix.of(rows, vectors, dims, false);
    assert.equal(simd.simd, true, 'Node runs the WebAssembly kernel');
    assert.equal(js.simd, false);
    for (let k = 0; k < 20; k++) {
      const query = vector(dims);
      const norm = (v: Float32Array) => Math.sqrt(v.reduce((a, b) => a + b * b, 0));
      const want = rows
        .map((r, i) => {
          const d = vectors[i]!.reduce((a, b, j) => a + b * query[j]!, 0);
          const m = norm(vectors[i]!) * norm(query);
          return { id: r.id, score: m > 0 ? d / m : 0 };
        })
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, 10);
      for (const m of [simd, js]) {
        const got = m.nearest(query, 10);
        assert.deepEqual(
          got.map((c) => c.id),
          want.map((c) => c.id),
        );
        // The norms are held as f32, as LanceDB holds vectors.
        for (const [i, c] of got.entries())
          assert.ok(Math.abs(c.score - want[i]!.score) < 1e-6, `${c.id}: ${c.score} vs ${want[i]!.score}`);
        assert.deepEqual(m.similarities(query, [want[0]!.id, 'missing']), [got[0]!.score, undefined]);
      }
    }
  }
});

test('rows whose exact scores tie, but whose f32 sums in WebAssembly differ, still come in chunk id order', () => {
  // The query weighs dimensions 0–11 alike; each row holds the same three values at three of them, in a group of
  // four the scan adds together or across groups: the same exact score, sums rounded differently.
  const dims = 16;
  const query = new Float32Array(dims).fill(0.1, 0, 12);
  const places = [
    [0, 1, 2],
    [1, 2, 3],
    [2, 3, 4],
    [3, 4, 5],
    [4, 5, 6],
    [5, 6, 7],
    [6, 7, 8],
    [7, 8, 9],
    [8, 9, 10],
    [9, 10, 11],
    [0, 5, 9],
    [1, 4, 10],
    [3, 7, 11],
    [2, 6, 8],
  ];
  for (let a = 1; a <= 30; a++)
    for (let b = 1; b <= 30; b++) {
      const values = [a / 97, b / 89, 0.11];
      const vectors = Array.from({ length: 60 }, (_, i) => {
        const v = new Float32Array(dims);
        for (const [k, d] of places[i % places.length]!.entries()) v[d] = values[k]!;
        return v;
      });
      const rows = vectors.map((_, i) => ({ id: `r${String(i).padStart(3, '0')}`, doc_hash: 'd', rowid: BigInt(i) }));
      const want = VectorMatrix.of(rows, vectors, dims, false)
        .nearest(query, 10)
        .map((c) => c.id);
      assert.deepEqual(
        VectorMatrix.of(rows, vectors, dims)
          .nearest(query, 10)
          .map((c) => c.id),
        want,
        `values ${values}`,
      );
    }
});
