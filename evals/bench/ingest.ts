import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeArrowTable } from '@lancedb/lancedb';
import { chunkDocument } from '../../ingest/chunk.ts';
import { type IngestSummary, runIngest } from '../../ingest/pipeline.ts';
import { createWorkerEmbedder } from '../../ingest/worker-embedder.ts';
import { loadConfig } from '../../src/config.ts';
import { createEmbedder } from '../../src/providers/index.ts';
import { type ChunkRow, chunksToArrow, ftsText, Store } from '../../src/store/index.ts';
import { chunkSchema } from '../../src/store/schema.ts';
import { cjkOnly } from '../../src/text/index.ts';
import { type CliRun, runIngestCli, runTimed } from './ingest-cli-run.ts';

const DEFAULT_CORPUS = fileURLToPath(new URL('../../../shared/datasets/scifact/corpus.jsonl', import.meta.url));
// One write per document is slow enough that a subset makes the point.
const BASELINE_DOCS = 300;
/** Whole-process runs of the CLI and of the LangChain.js reference (medians). */
const RUNS = Number(process.env.BENCH_INGEST_RUNS ?? 3);

/**
 * Ingestion benchmark on a BEIR corpus (SciFact by default, GROUNDED_BENCH_CORPUS to change): the pipeline in
 * process (throughput and where the time goes), a no-change re-run, the CLI end to end (wall time including process
 * start and index build, peak RSS), and two baselines: one write per document instead of large batches, and Arrow
 * built from row objects instead of column by column.
 */
export async function benchIngest(): Promise<void> {
  process.env.LANCEDB_LOG ??= 'error';
  const corpus = process.env.GROUNDED_BENCH_CORPUS ?? DEFAULT_CORPUS;
  if (!existsSync(corpus)) throw new Error(`corpus not found: ${corpus} (set GROUNDED_BENCH_CORPUS)`);
  const config = loadConfig(process.env);
  // As the CLI does: the builtin embedder runs in a worker thread.
  const worker = config.GROUNDED_EMBEDDER === 'builtin' ? createWorkerEmbedder(config.GROUNDED_EMBED_DIM) : undefined;
  const embedder = worker ?? (await createEmbedder(config));
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-ingest-'));
  const log = (s = '') => console.log(s);
  try {
    log(`ingest benchmark: ${corpus}`);
    log(`embedder ${embedder.id} (${embedder.dimensions} dims), chunks of ${config.GROUNDED_CHUNK_TOKENS} tokens`);
    const job = {
      source: 'bench',
      inputs: [corpus],
      chunkTokens: config.GROUNDED_CHUNK_TOKENS,
      chunkOverlap: config.GROUNDED_CHUNK_OVERLAP,
    };

    const store = await Store.open(join(dir, 'inproc'));
    const first = await runIngest(job, { store, embedder });
    const rerun = await runIngest(job, { store, embedder });
    store.close();
    log('\nin process (modules loaded):');
    log(`  first run   ${line(first)}`);
    log(
      `  split (ms)  ${Object.entries(first.timings_ms)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ')}  (stages overlap)`,
    );
    log(
      `  re-run      ${rerun.elapsed_ms} ms (${rerun.skipped_unchanged} unchanged, ${rerun.embedded} embedded, ${rerun.chunks_written} written)`,
    );

    // Whole processes, alternated so both see the same machine load; medians of RUNS.
    const cli: CliRun[] = [];
    const ref: CliRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      cli.push(await runIngestCli([corpus, '--source', 'bench'], { GROUNDED_DB: join(dir, `cli${i}`) }));
      ref.push(await runTimed(['evals/bench/langchain-reference.ts', corpus, join(dir, `ref${i}`)]));
    }
    const cliRerun = await runIngestCli([corpus, '--source', 'bench'], { GROUNDED_DB: join(dir, 'cli0') });
    const med = (runs: CliRun[], f: (r: CliRun) => number) => runs.map(f).sort((a, b) => a - b)[runs.length >> 1]!;
    const wall = (r: CliRun) => r.wallMs;
    const cpu = (r: CliRun) => Number(r.summary.cpu_ms);
    const rss = (r: CliRun) => Number(r.summary.peak_rss_mb);
    log(
      `\nCLI end to end vs the LangChain.js reference (process start to exit, index build included; medians of ${RUNS}):`,
    );
    log(
      `  ratios      wall ×${(med(cli, wall) / med(ref, wall)).toFixed(2)}, CPU ×${(med(cli, cpu) / med(ref, cpu)).toFixed(2)}, peak RSS ×${(med(cli, rss) / med(ref, rss)).toFixed(2)} (grounded ÷ reference)`,
    );
    log(
      `  grounded    ${ms(med(cli, wall))} wall, ${ms(med(cli, cpu))} CPU, peak RSS ${med(cli, rss)} MB; ${cli[0]!.summary.chunks_written} chunks of ${config.GROUNDED_CHUNK_TOKENS} tokens, ${embedder.dimensions} dims, 3 full-text indexes`,
    );
    log(
      `  reference   ${ms(med(ref, wall))} wall, ${ms(med(ref, cpu))} CPU, peak RSS ${med(ref, rss)} MB; ${ref[0]!.summary.chunks} chunks of 1,000 characters, 384 dims, 1 full-text index (evals/bench/langchain-reference.ts)`,
    );
    log(`  re-run      ${ms(cliRerun.wallMs)} wall, peak RSS ${cliRerun.summary.peak_rss_mb} MB (nothing changed)`);

    const subset = join(dir, 'subset.jsonl');
    const lines = (await readFile(corpus, 'utf8')).split('\n').filter((l) => l.trim());
    await writeFile(subset, `${lines.slice(0, BASELINE_DOCS).join('\n')}\n`);
    const runOn = async (name: string, batchRows: number) => {
      const s = await Store.open(join(dir, name));
      try {
        return await runIngest({ ...job, inputs: [subset], batchRows }, { store: s, embedder });
      } finally {
        s.close();
      }
    };
    const batched = await runOn('batched', 1024);
    const perDoc = await runOn('per-doc', 1);
    log(`\nbaseline, first ${BASELINE_DOCS} documents: one write per document vs batches of 1024 rows`);
    log(`  batched     ${line(batched)}`);
    log(`  per doc     ${line(perDoc)}`);
    log(`  speed-up    ×${(perDoc.elapsed_ms / batched.elapsed_ms).toFixed(1)}`);

    const arrow = await compareArrow(lines, job.chunkTokens, job.chunkOverlap, embedder.dimensions);
    log(`\nbaseline, rows → Arrow for ${arrow.rows} chunks: LanceDB makeArrowTable(objects) vs column builder`);
    log(
      `  objects ${ms(arrow.objectsMs)} · columns ${ms(arrow.columnsMs)} · ×${(arrow.objectsMs / arrow.columnsMs).toFixed(1)}`,
    );
  } finally {
    await worker?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Convert the corpus's chunks (with random vectors) both ways; conversion only, nothing is written. */
async function compareArrow(lines: string[], maxTokens: number, overlapTokens: number, dims: number) {
  const rows: ChunkRow[] = [];
  for (const l of lines) {
    const d = JSON.parse(l) as { _id: string; title?: string; text: string };
    for (const c of chunkDocument(
      { doc_id: d._id, path: 'corpus.jsonl', title: d.title ?? '', text: d.text },
      'bench',
      { maxTokens, overlapTokens },
    ))
      rows.push({ ...c, doc_hash: 'h', vector: Float32Array.from({ length: dims }, Math.random) });
  }
  let t0 = performance.now();
  chunksToArrow(rows, dims);
  const columnsMs = performance.now() - t0;
  // Row objects as an application would hold them (vectors as number arrays), prepared outside the timing.
  const objects = rows.map((r) => ({
    ...r,
    heading_path: JSON.stringify(r.heading_path),
    fts_text: ftsText(r),
    cjk_text: cjkOnly(ftsText(r)),
    vector: Array.from(r.vector),
  }));
  t0 = performance.now();
  makeArrowTable(objects, { schema: chunkSchema(dims) });
  const objectsMs = performance.now() - t0;
  return { rows: rows.length, columnsMs, objectsMs };
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

function line(s: IngestSummary): string {
  const secs = s.elapsed_ms / 1000;
  return (
    `${s.documents} docs, ${s.chunks_written} chunks in ${ms(s.elapsed_ms)}: ` +
    `${Math.round(s.documents / secs)} docs/s, ${Math.round(s.chunks_written / secs)} chunks/s`
  );
}
