import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chunkDocument } from '../../ingest/chunk.ts';
import { runIngest } from '../../ingest/pipeline.ts';
import { createWorkerEmbedder } from '../../ingest/worker-embedder.ts';
import { BUILTIN_DIMENSIONS, createBuiltinEmbedder } from '../../src/providers/index.ts';
import { type ChunkRow, partitionsFor, type SourceTable, Store, type VectorIndexSpec } from '../../src/store/index.ts';
import { pct } from './http-load.ts';
import { sampler } from './sampler.ts';
import { DATASETS, generateDocs, loadPool, writeCorpus } from './scale-corpus.ts';

type Variant = { label: string; build: VectorIndexSpec; searches: Omit<VectorIndexSpec, 'kind'>[] };

/** What the study compares: every index kind LanceDB offers, at its usual settings and a few search breadths. */
const VARIANTS: Variant[] = [
  { label: 'IVF_FLAT √n', build: { kind: 'ivf_flat' }, searches: [{ nprobes: 20 }, { probeFraction: 0.5 }] },
  {
    label: 'IVF_PQ √n, d/16 sub-vectors',
    build: { kind: 'ivf_pq' },
    searches: [{ nprobes: 20, refine: 10 }],
  },
  {
    label: 'IVF_RQ √n (RaBitQ 1 bit)',
    build: { kind: 'ivf_rq' },
    searches: [
      { probeFraction: 0.1, refine: 3 },
      { probeFraction: 0.5, refine: 3 },
      { probeFraction: 1, refine: 3 },
    ],
  },
  {
    label: 'IVF_RQ 1 partition',
    build: { kind: 'ivf_rq', partitions: 1 },
    searches: [{ refine: 2 }, { refine: 3 }, { refine: 5 }],
  },
  {
    label: 'IVF_RQ 1 partition 2 bits',
    build: { kind: 'ivf_rq', partitions: 1, bits: 2 },
    searches: [{ refine: 2 }, { refine: 3 }, { refine: 5 }],
  },
  {
    label: 'IVF_RQ 1 partition 4 bits',
    build: { kind: 'ivf_rq', partitions: 1, bits: 4 },
    searches: [{ refine: 2 }, { refine: 3 }],
  },
  {
    label: 'IVF_HNSW_SQ 1 partition',
    build: { kind: 'ivf_hnsw_sq', partitions: 1 },
    searches: [{ ef: 100, refine: 2 }],
  },
];

const QUERIES = 200;
/** Candidates asked for, as the retriever asks (30 for a top 10); recall@10 compares the first ten with an exact scan. */
const LIMIT = 30;
/** New rows per study table for the fold-in test (one per hundred, at least 500). */
const extraRows = (n: number) => Math.max(500, Math.round(n / 100));

/**
 * `npm run bench -- vector-index [--sizes 50000,200000] [--large] [--kinds ivf_pq,...] [--keep DIR]`: build time,
 * CPU, memory, index size, recall@10 against an exact scan and query latency for each vector index kind on tables of
 * generated chunks (the scale corpus, builtin embedder at GROUNDED_EMBED_DIM), then rows added after the build:
 * found before `optimize` (unindexed rows are scanned), and what `optimize` costs to fold them in.
 */
export async function benchVectorIndex(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sizes: { type: 'string', default: '50000,200000' },
      large: { type: 'boolean', default: false },
      kinds: { type: 'string' },
      keep: { type: 'string' },
      dims: { type: 'string', default: process.env.GROUNDED_EMBED_DIM ?? String(BUILTIN_DIMENSIONS) },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  if (values.large) sizes.push(1_000_000);
  const dims = Number(values.dims);
  const kinds = values.kinds?.split(',');
  const variants = VARIANTS.filter((v) => !kinds || kinds.includes(v.build.kind) || kinds.includes(v.label));
  const pool = await loadPool(DATASETS);
  const embedder = createBuiltinEmbedder(dims);
  const queries = await embedder.embed(pool.queries.slice(0, QUERIES));
  const root = values.keep ?? (await mkdtemp(join(tmpdir(), 'grounded-bench-vi-')));
  console.log(`vector index study: ${dims} dims, ${queries.length} queries, tables in ${root}`);
  try {
    for (const n of sizes) {
      const dir = join(root, `n${n}-d${dims}`);
      const store = await Store.open(join(dir, 'db'), { vectorIndexMinRows: Number.MAX_SAFE_INTEGER });
      try {
        const table = await fill(store, dir, n, dims, pool);
        await studySize(table, n, queries, variants, pool, embedder);
      } finally {
        store.close();
      }
    }
  } finally {
    if (!values.keep) await rm(root, { recursive: true, force: true });
  }
}

/** The study table: `n` chunks of generated documents, ingested once (reused with --keep). */
async function fill(store: Store, dir: string, n: number, dims: number, pool: Awaited<ReturnType<typeof loadPool>>) {
  const have = (await store.sourceMeta('study')) ? await (await store.source('study')).count() : 0;
  // Opened for writing: a table kept from an older version gets the columns it lacks (rows are added to it).
  if (have >= n * 0.97) return store.sourceForWrite('study', createBuiltinEmbedder(dims));
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'corpus.jsonl');
  if (!existsSync(file)) await writeCorpus(pool, Math.round(n / 2.205), file);
  const worker = createWorkerEmbedder(dims);
  try {
    const s = await runIngest({ source: 'study', inputs: [file] }, { store, embedder: worker });
    console.log(`  ingested ${s.chunks_written} chunks in ${(s.elapsed_ms / 1000).toFixed(0)} s`);
  } finally {
    await worker.close();
  }
  // A writable handle: `source()` gives a reader pinned to one table version, and the study builds indexes on it.
  return store.sourceForWrite('study', createBuiltinEmbedder(dims));
}

async function studySize(
  table: SourceTable,
  n: number,
  queries: Float32Array[],
  variants: readonly Variant[],
  pool: Awaited<ReturnType<typeof loadPool>>,
  embedder: ReturnType<typeof createBuiltinEmbedder>,
) {
  const rows = await table.count();
  const exact: string[][] = [];
  const exactLat: number[] = [];
  const cpu0 = process.cpuUsage();
  for (const q of queries) {
    const t = performance.now();
    exact.push((await table.nearestCandidates(q, { limit: 10, exact: true })).map((h) => h.id));
    exactLat.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  exactLat.sort((a, b) => a - b);
  console.log(
    `\n${rows.toLocaleString('en')} chunks: exact scan p50 ${pct(exactLat, 50).toFixed(1)} ms, ${((cpu.user + cpu.system) / 1000 / queries.length).toFixed(1)} CPU ms a query`,
  );
  console.log(
    '  index                              build      CPU   +RSS MB  index MB  search                  recall@10  p50 ms  p95 ms  CPU ms  add→found  optimize',
  );
  for (const v of variants) {
    const s = sampler();
    await table.buildVectorIndex(v.build);
    const built = s.stop();
    const stats = await table.vectorIndexStats();
    const parts = partitionsFor(v.build, rows);
    for (const [i, search] of v.searches.entries()) {
      const spec = { ...v.build, ...search };
      const lat: number[] = [];
      let hit = 0;
      const cpu0 = process.cpuUsage();
      for (const q of queries.slice(0, 10)) await table.nearestCandidates(q, { limit: LIMIT, vectorIndex: spec });
      for (const [k, q] of queries.entries()) {
        const t = performance.now();
        const got = await table.nearestCandidates(q, { limit: LIMIT, vectorIndex: spec });
        lat.push(performance.now() - t);
        const truth = new Set(exact[k]);
        hit += got.slice(0, 10).filter((h) => truth.has(h.id)).length;
      }
      const cpu = process.cpuUsage(cpu0);
      const cpuPerQuery = (cpu.user + cpu.system) / 1000 / queries.length;
      lat.sort((a, b) => a - b);
      const fold = i === 0 ? await foldIn(table, n, spec, pool, embedder) : undefined;
      console.log(
        `  ${(i === 0 ? `${v.label}${parts ? ` (${parts})` : ''}` : '').padEnd(34)} ${(i === 0 ? secs(built.ms) : '').padStart(6)} ${(i === 0 ? secs(built.cpuMs) : '').padStart(8)} ${(i === 0 ? String(built.rssPeakMb - built.rssStartMb) : '').padStart(8)} ${(i === 0 ? ((stats?.bytes ?? 0) / 1e6).toFixed(0) : '').padStart(9)}  ${searchLabel(search).padEnd(22)} ${(hit / (queries.length * 10)).toFixed(3).padStart(9)} ${pct(lat, 50).toFixed(1).padStart(7)} ${pct(lat, 95).toFixed(1).padStart(7)} ${cpuPerQuery.toFixed(1).padStart(7)}  ${fold ? `${fold.found}/${fold.probes}`.padStart(9) : ''.padStart(9)}  ${fold ? `${secs(fold.optimizeMs)} (${fold.indices} idx, ${fold.after}/${fold.probes})` : ''}`,
      );
    }
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const searchLabel = (s: Omit<VectorIndexSpec, 'kind'>) =>
  Object.entries(s)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/**
 * Rows added after the build: each new chunk searched by its own vector before `optimize` (the index misses it; the
 * unindexed rows are scanned) and after (folded in); then removed again so the next variant sees the same table.
 */
async function foldIn(
  table: SourceTable,
  n: number,
  spec: VectorIndexSpec,
  pool: Awaited<ReturnType<typeof loadPool>>,
  embedder: ReturnType<typeof createBuiltinEmbedder>,
) {
  const drafts = [];
  for (const line of generateDocs(pool, Math.round(extraRows(n) / 2.205), 7 + n)) {
    const d = JSON.parse(line) as { _id: string; title: string; text: string };
    drafts.push(
      ...chunkDocument({ doc_id: `new-${d._id}`, path: 'new', title: d.title, text: d.text }, 'study', {
        maxTokens: 256,
        overlapTokens: 32,
      }),
    );
  }
  const vectors = await embedder.embed(drafts.map((d) => d.text));
  const rows: ChunkRow[] = drafts.map((d, i) => ({ ...d, doc_hash: 'new', vector: vectors[i]! }));
  await table.appendChunks(rows);
  const probes = rows.filter((_, i) => i % Math.ceil(rows.length / 50) === 0);
  const foundAll = async () => {
    let found = 0;
    for (const r of probes)
      if ((await table.nearestCandidates(r.vector, { limit: 10, vectorIndex: spec })).some((h) => h.id === r.id))
        found++;
    return found;
  };
  const found = await foundAll();
  const t = performance.now();
  await table.refreshIndexes();
  const optimizeMs = performance.now() - t;
  const after = await foundAll();
  const indices = (await table.vectorIndexStats())?.indices ?? 0;
  await table.deleteDocuments([...new Set(rows.map((r) => r.doc_id))]);
  return { probes: probes.length, found, after, optimizeMs, indices };
}
