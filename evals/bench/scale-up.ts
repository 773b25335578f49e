import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store } from '../../src/store/index.ts';
import { closedLoop, type PhaseResult } from './closed-loop.ts';
import { type LoadResult, load, pct } from './http-load.ts';
import { runTimed } from './ingest-cli-run.ts';
import { DATASETS, loadPool, writeCorpus } from './scale-corpus.ts';
import { startServer } from './server-process.ts';

const CHUNKS_PER_DOC = 2.205;
const SOURCE = 'scale';
/** Seconds of each 16-client phase (closed loop; a client refused with 429 waits as told and tries again). */
const PHASE_SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 15);

type IngestReport = {
  summary: { documents: number; chunks_written: number; timings_ms: Record<string, number> };
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  pipeline: { wallMs: number; cpuMs: number; peakRssMb: number };
  index: { wallMs: number; cpuMs: number; peakRssMb: number };
  steps: { step: string; ms: number; cpuMs: number; peakRssMb: number }[];
};

/**
 * `npm run bench -- scale-up [--sizes 20000,100000] [--large] [--keep DIR]`: for each size (in chunks; `--large` adds
 * 1,000,000) a corpus generated from the shared datasets' sentences (fixed seed) is ingested by a process doing what
 * `npm run ingest` does, then served by `src/main.ts`. Prints ingest wall/CPU/peak RSS for the pipeline and each
 * index step, DB size, `/v1/search` and `/v1/query` sequential and at 16 clients, server RSS, and LanceDB's own
 * full-text and vector search on the same table in this process (the baselines), ratios first. `--keep DIR` keeps
 * the corpora and stores and reuses them on the next run (then without ingest figures).
 */
export async function benchScaleUp(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sizes: { type: 'string', default: '20000,100000' },
      large: { type: 'boolean', default: false },
      keep: { type: 'string' },
      queries: { type: 'string', default: '200' },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  if (values.large) sizes.push(1_000_000);
  const root = values.keep ?? (await mkdtemp(join(tmpdir(), 'grounded-bench-scale-up-')));
  const pool = await loadPool(DATASETS);
  const questions = pool.queries.slice(0, Number(values.queries));
  const config = loadConfig(process.env);
  console.log(
    `scale benchmark: sizes ${sizes.join(', ')} chunks; builtin embedder ${config.GROUNDED_EMBED_DIM} dims; ${questions.length} queries; ${root}`,
  );
  const rows: string[] = [];
  try {
    for (const n of sizes) rows.push(await oneSize(root, n, pool, questions));
  } finally {
    if (!values.keep) await rm(root, { recursive: true, force: true });
  }
  console.log(
    '\n| chunks | ingest wall | CPU | peak RSS | index (vector) | DB | /v1/search p50/p95 | ÷ LanceDB FTS | 16 clients ÷ sequential | /v1/query p50/p95 | 16 clients | server RSS |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

async function oneSize(
  root: string,
  n: number,
  pool: Awaited<ReturnType<typeof loadPool>>,
  questions: readonly string[],
): Promise<string> {
  const dir = join(root, `n${n}`);
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'corpus.jsonl');
  const db = join(dir, 'db');
  console.log(`\n== ${n.toLocaleString('en')} chunks ==`);
  if (!existsSync(file)) {
    const t0 = performance.now();
    await writeCorpus(pool, Math.round(n / CHUNKS_PER_DOC), file);
    console.log(`corpus: ${Math.round(n / CHUNKS_PER_DOC)} documents in ${secs(performance.now() - t0)}`);
  }
  let ingest: IngestReport | undefined;
  if (!existsSync(join(db, `${SOURCE}.lance`))) {
    ingest = await ingestChild(file, db);
    const s = ingest.summary;
    console.log(
      `ingest: ${s.documents} documents, ${s.chunks_written} chunks; wall ${secs(ingest.wallMs)}, CPU ${secs(ingest.cpuMs)}, peak RSS ${ingest.peakRssMb} MB`,
    );
    console.log(
      `  pipeline (load, chunk, embed, write): ${secs(ingest.pipeline.wallMs)} wall, ${secs(ingest.pipeline.cpuMs)} CPU, peak ${ingest.pipeline.peakRssMb} MB; ` +
        `${Math.round(s.documents / (ingest.pipeline.wallMs / 1000))} docs/s; stage times (overlapping) ${Object.entries(
          s.timings_ms,
        )
          .map(([k, v]) => `${k} ${secs(v)}`)
          .join(', ')}`,
    );
    for (const st of ingest.steps)
      console.log(`  index step ${st.step}: ${secs(st.ms)} wall, ${secs(st.cpuMs)} CPU, peak ${st.peakRssMb} MB`);
  } else console.log('ingest: reused the store kept from an earlier run (no ingest figures)');
  const dbBytes = await du(db);
  console.log(`DB size ${(dbBytes / 1e9).toFixed(2)} GB`);

  // Baselines in this process: LanceDB's full-text search returning the same 30 rows, and its vector search.
  const store = await Store.open(db);
  const src = await store.source(SOURCE);
  const chunks = await src.count();
  const embedder = createBuiltinEmbedder(src.dimensions);
  const vectors = await embedder.embed(questions);
  const timeAll = async (f: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await f(i);
    const lat: number[] = [];
    for (let i = 0; i < questions.length; i++) {
      const t = performance.now();
      await f(i);
      lat.push(performance.now() - t);
    }
    return lat.sort((a, b) => a - b);
  };
  const fts = await timeAll((i) => src.fullText(questions[i]!, { limit: 30 }));
  const vec = await timeAll((i) => src.nearest(vectors[i]!, { limit: 10 }));
  const vstats = await src.vectorIndexStats();
  store.close();
  console.log(
    `baselines in process: LanceDB FTS (30 rows) p50 ${ms(pct(fts, 50))} p95 ${ms(pct(fts, 95))}; vector (${vstats?.type ?? 'no index: exact'}, 10 rows) p50 ${ms(pct(vec, 50))} p95 ${ms(pct(vec, 95))}`,
  );

  const server = await startServer(db, join(dir, 'traces'));
  try {
    const url = server.url;
    const search = questions.map((q) => ({ query: q, sources: [SOURCE], top_k: 10 }));
    await load(`${url}/v1/search`, search.slice(0, 20), 1);
    const seq = await load(`${url}/v1/search`, search, 1);
    const conc = await closedLoop(`${url}/v1/search`, search, 16, PHASE_SECONDS);
    const ask = questions.slice(0, 50).map((q) => ({ question: q, sources: [SOURCE] }));
    await load(`${url}/v1/query`, ask.slice(0, 5), 1);
    const qseq = await load(`${url}/v1/query`, ask, 1);
    const qconc = await closedLoop(`${url}/v1/query`, ask, 16, PHASE_SECONDS);
    const rss = Math.round(server.rssMb());
    const line = (name: string, r: LoadResult | PhaseResult) =>
      console.log(
        `${name.padEnd(28)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  ${r.rps.toFixed(1).padStart(6)} req/s` +
          ('refused' in r
            ? `  (admitted ${r.admitted}, refused with 429 ${r.refused}, errors ${r.errors})`
            : `  errors ${r.errors}/${r.n}`),
      );
    console.log(
      `ratios: /v1/search p50 ÷ LanceDB FTS p50 = ${(seq.p50 / pct(fts, 50)).toFixed(2)}; 16 clients ÷ sequential req/s: search ${(conc.rps / seq.rps).toFixed(2)}, query ${(qconc.rps / qseq.rps).toFixed(2)}`,
    );
    line('/v1/search sequential', seq);
    line('/v1/search 16 clients', conc);
    line('/v1/query sequential', qseq);
    line('/v1/query 16 clients', qconc);
    console.log(`server RSS after: ${rss} MB`);
    const ing = ingest
      ? `${secs(ingest.wallMs)} | ${secs(ingest.cpuMs)} | ${(ingest.peakRssMb / 1024).toFixed(2)} GB | ${secs(ingest.index.wallMs)} (${secs(ingest.steps.find((s) => s.step === 'vector')?.ms ?? 0)})`
      : 'reused | – | – | –';
    return `| ${chunks.toLocaleString('en')} | ${ing} | ${(dbBytes / 1e9).toFixed(2)} GB | ${ms(seq.p50)}/${ms(seq.p95)} | ${(seq.p50 / pct(fts, 50)).toFixed(2)} | ${seq.rps.toFixed(0)} → ${conc.rps.toFixed(0)} req/s (×${(conc.rps / seq.rps).toFixed(2)}) | ${ms(qseq.p50)}/${ms(qseq.p95)} | ${qconc.rps.toFixed(1)} req/s | ${rss} MB |`;
  } finally {
    await server.stop();
  }
}

async function ingestChild(file: string, db: string): Promise<IngestReport> {
  const run = await runTimed(['evals/bench/scale-ingest.ts', file, SOURCE], { GROUNDED_DB: db }, { stderr: 'inherit' });
  return run.summary as IngestReport;
}

async function du(path: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(path, { withFileTypes: true })) {
    const p = join(path, e.name);
    total += e.isDirectory() ? await du(p) : (await stat(p)).size;
  }
  return total;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const secs = (n: number) =>
  n >= 60_000 ? `${Math.floor(n / 60_000)} min ${Math.round((n % 60_000) / 1000)} s` : `${(n / 1000).toFixed(1)} s`;
