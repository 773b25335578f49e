import assert from 'node:assert/strict';
import { test } from 'node:test';
import { latentCosines, symmetricEigen } from '../../src/retrieval/latent.ts';

/** Deerwester et al.'s nine titles (1990): five on human-computer interaction, four on graphs. */
const TITLES = [
  'human interface computer',
  'computer user system response time survey',
  'interface user system eps',
  'system human system eps',
  'user response time',
  'trees',
  'graph trees',
  'graph minors trees',
  'graph minors survey',
];

const counts = (text: string) => {
  const m = new Map<string, number>();
  for (const t of text.split(' ')) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
};

test('the eigen solver gives orthonormal eigenvectors of a symmetric matrix', () => {
  const n = 4;
  const a = Float64Array.from([4, 1, 2, 0.5, 1, 3, 0, 1, 2, 0, 5, -1, 0.5, 1, -1, 2]);
  const { values, vectors } = symmetricEigen(a, n);
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < n; r++) {
      let av = 0;
      for (let k = 0; k < n; k++) av += a[r * n + k]! * vectors[k * n + c]!;
      assert.ok(Math.abs(av - values[c]! * vectors[r * n + c]!) < 1e-9, `A·v = λ·v for eigenpair ${c}`);
    }
    for (let d = 0; d < n; d++) {
      let dot = 0;
      for (let k = 0; k < n; k++) dot += vectors[k * n + c]! * vectors[k * n + d]!;
      assert.ok(Math.abs(dot - (c === d ? 1 : 0)) < 1e-9);
    }
  }
  // The trace is kept: the eigenvalues sum to the diagonal's sum.
  assert.ok(Math.abs(values.reduce((s, v) => s + v, 0) - 14) < 1e-9);
});

test("a document without the question's words ranks with its topic's documents in the latent space", () => {
  const docs = TITLES.map(counts);
  const q = new Map([
    ['human', 1],
    ['computer', 1],
    ['interaction', 1],
  ]);
  const two = latentCosines(q, docs, 2);
  // "interface user system eps" shares no word with the question, yet in two dimensions it is as close as the title
  // that holds two of them; the graph titles stay far.
  assert.ok(two[2]! > 0.9, `${two[2]}`);
  assert.ok(two[0]! > 0.9);
  for (const g of two.slice(5)) assert.ok(g < 0.3, `${g}`);
  // Nothing reduced, a document sharing no word with the question has nothing in common with it.
  const full = latentCosines(q, docs, docs.length);
  assert.ok(Math.abs(full[2]!) < 1e-9);
  assert.ok(full[0]! > 0.5);
});

test('no shared word or too few documents give no latent similarity', () => {
  const docs = ['graph trees', 'graph minors', 'trees minors'].map(counts);
  assert.deepEqual(latentCosines(new Map([['human', 1]]), docs, 2), [0, 0, 0]);
  assert.deepEqual(latentCosines(new Map([['graph', 1]]), docs.slice(0, 2), 2), [0, 0]);
});

test('a document with no place in the kept directions gets no cosine, wherever it stands', () => {
  const q = new Map([
    ['human', 1],
    ['computer', 1],
  ]);
  for (const at of [0, 1, 2, 3, 8, 9]) {
    const docs = [...TITLES.slice(0, at).map(counts), new Map<string, number>(), ...TITLES.slice(at).map(counts)];
    assert.equal(latentCosines(q, docs, 2)[at], 0, `an empty document at ${at}`);
  }
});
