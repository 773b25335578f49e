import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store } from '../../src/store/index.ts';
import { simdAvailable } from '../../src/store/scan-kernel.ts';
import { scanMaxCells, VectorMatrix } from '../../src/store/vector-matrix.ts';
import { plainRows } from '../../test/helpers/chunk-rows.ts';
import { pct } from './http-load.ts';

/** A seeded generator of numbers in [0, 1). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** `make` gives `n` vectors of passages (or of queries: `words` 10 for the builtin embedder). */
type Vectors = { id: string; dims: number; make(n: number, seed: number, words?: number): Promise<Float32Array[]> };

/** Passages of made-up words through the builtin embedder (hashed character grams: a quarter of the dimensions set). */
const builtin: Vectors = (() => {
  const e = createBuiltinEmbedder();
  const vocabulary = Array.from({ length: 3000 }, (_, i) => `w${((i * 2654435761) >>> 0).toString(36)}`);
  return {
    id: e.id,
    dims: e.dimensions,
    make: (n, seed, words = 40) => {
      const next = lcg(seed);
      const texts = Array.from({ length: n }, () =>
        Array.from({ length: words }, () => vocabulary[Math.floor(vocabulary.length * next() ** 2)]).join(' '),
      );
      return e.embed(texts);
    },
  };
})();

/** Dense vectors (every dimension set), as a neural embedder gives. */
const dense = (dims: number): Vectors => ({
  id: `dense-${dims}`,
  dims,
  make: async (n, seed) => {
    const next = lcg(seed);
    return Array.from({ length: n }, () => Float32Array.from({ length: dims }, () => next() - 0.5));
  },
});

/**
 * `npm run bench -- vector-memory`: nearest-neighbour search of a served source's vectors held in memory and scanned
 * exactly (`VectorMatrix`: in WebAssembly, and the same vectors scanned in JS as where WebAssembly SIMD is missing),
 * against LanceDB's search of the same version in the same process (its vector index past `vectorIndexMinRows`, as a
 * source is searched without the matrix), per table size and vector kind: p50 of 100 queries for the 30 candidates a
 * search takes (the builtin embedder's of 10 words), the one-time read of the matrix, and the share of LanceDB's top
 * 10 the exact top 10 holds.
 */
export async function benchVectorMemory(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-vm-'));
  try {
    console.log(
      'vectors          rows   cells   memory p50   JS scan p50   LanceDB p50   ratio   matrix read   LanceDB recall@10',
    );
    for (const kind of [builtin, dense(1024)]) {
      for (const n of [2_000, 4_000, 8_000, 16_000]) {
        if (n * kind.dims > 16_000_000) continue;
        const store = await Store.open(join(dir, `${kind.id}-${n}`), { vectorMemoryBytes: 1 << 30 });
        const ref = { id: kind.id, dimensions: kind.dims };
        const w = await store.sourceForWrite('v', ref);
        const all: Float32Array[] = [];
        for (let i = 0; i < n; i += 4000) {
          const vectors = await kind.make(Math.min(4000, n - i), i + 1);
          all.push(...vectors);
          await w.appendChunks(
            plainRows(
              'v',
              vectors.map(() => 'x'),
              vectors,
              i,
            ),
          );
        }
        await w.refreshIndexes();
        await store.publish(w);
        const src = await store.source('v');
        const queries = await kind.make(100, 777, 10);
        const t0 = performance.now();
        await src.nearestCandidates(queries[0]!, { limit: 30 });
        const readMs = performance.now() - t0;
        const held = store.vectorsInMemory().length > 0;
        const inJs = VectorMatrix.of(
          all.map((_, i) => ({ id: `c${i}`, doc_hash: 'd', rowid: BigInt(i) })),
          all,
          kind.dims,
          false,
        );
        const mem: number[] = [];
        const js: number[] = [];
        const lance: number[] = [];
        let agree = 0;
        for (const q of queries) {
          let t = performance.now();
          const a = await src.nearestCandidates(q, { limit: 30 });
          mem.push(performance.now() - t);
          t = performance.now();
          inJs.nearest(q, 30);
          js.push(performance.now() - t);
          t = performance.now();
          // Its own index settings named: the LanceDB path, as without the matrix.
          const b = await src.nearestCandidates(q, {
            limit: 30,
            vectorIndex: { kind: 'ivf_rq', partitions: 1, bits: 2, refine: 3 },
          });
          lance.push(performance.now() - t);
          const ids = new Set(a.slice(0, 10).map((c) => c.id));
          agree += b.slice(0, 10).filter((c) => ids.has(c.id)).length;
        }
        const past = queries.filter((q) => q.filter((x) => x !== 0).length * n > scanMaxCells(simdAvailable())).length;
        const note = !held
          ? '  (not held: past the cells cap)'
          : past
            ? `  (${past} queries past the scan cap: LanceDB)`
            : '';
        const m = pct(
          mem.sort((a, b) => a - b),
          50,
        );
        const l = pct(
          lance.sort((a, b) => a - b),
          50,
        );
        const j = pct(
          js.sort((a, b) => a - b),
          50,
        );
        console.log(
          `${kind.id.padEnd(15)} ${String(n).padStart(6)} ${((n * kind.dims) / 1e6).toFixed(1).padStart(6)}M ${m.toFixed(2).padStart(9)} ms ${j.toFixed(2).padStart(10)} ms ${l.toFixed(2).padStart(10)} ms ${(m / l).toFixed(2).padStart(7)} ${readMs.toFixed(0).padStart(10)} ms ${(agree / (queries.length * 10)).toFixed(3).padStart(12)}${note}`,
        );
        store.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
