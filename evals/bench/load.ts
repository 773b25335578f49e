import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store } from '../../src/store/index.ts';
import { unpackTrace } from '../../src/trace/index.ts';
import { closedLoop, type PhaseResult } from './closed-loop.ts';
import { type BenchServer, startServer } from './server-process.ts';

const SHARED = new URL('../../../shared/datasets/scifact/', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

const header = () =>
  console.log(
    '| route | server | clients | admitted/s | 429/s | other errors | admitted p50 ms | p95 ms | p99 ms | p95 vs 1 client |\n|---|---|---|---|---|---|---|---|---|---|',
  );
const row = (route: string, server: string, r: PhaseResult, base?: PhaseResult) =>
  console.log(
    `| ${route} | ${server} | ${r.clients} | ${f(r.rps, 1)} | ${f(r.refused / r.seconds, 1)} | ${r.errors}${r.errorSamples.length ? ` (${r.errorSamples.join('; ')})` : ''} | ${f(r.p50, 1)} | ${f(r.p95, 1)} | ${f(r.p99, 1)} | ${base ? `×${f(r.p95 / base.p95, 2)}` : '–'} |`,
  );

/** Bytes of the trace files, their count, and for a sample what the same records took in the v1 layout. */
async function traceSizes(dir: string): Promise<{ runs: number; bytes: number; v1PerRun: number; v2PerRun: number }> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.jsonl'));
  let bytes = 0;
  for (const n of names) bytes += (await stat(join(dir, n))).size;
  let v1 = 0;
  let v2 = 0;
  const sample = names.slice(0, 200);
  for (const n of sample) {
    const text = await readFile(join(dir, n), 'utf8');
    v2 += Buffer.byteLength(text);
    // v1 was one pino line per record, every hit with its chunk text.
    v1 += unpackTrace(text).reduce((s, r) => s + Buffer.byteLength(`${JSON.stringify({ level: 30, ...r })}\n`), 0);
  }
  return { runs: names.length, bytes, v1PerRun: v1 / sample.length, v2PerRun: v2 / sample.length };
}

/**
 * `npm run bench -- load`: 1 (the same-run baseline), 16 and 64 closed-loop clients for BENCH_LOAD_SECONDS (30) each
 * on /v1/search and /v1/query over the full SciFact corpus, against a real server process with the default admission
 * settings; then 64 clients against a server without admission limits, for contrast. Clients honour 429s'
 * retry-after-ms. Prints admitted throughput and latency, refusals, errors, server RSS and trace bytes per run.
 */
export async function benchLoad(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-load-'));
  const db = join(dir, 'db');
  try {
    const store = await Store.open(db);
    const t0 = performance.now();
    const s = await runIngest(
      { source: 'scifact', inputs: ['corpus.jsonl'], baseDir: SHARED },
      { store, embedder: createBuiltinEmbedder() },
    );
    store.close();
    console.log(
      `ingested ${s.documents} documents, ${s.chunks_written} chunks in ${f((performance.now() - t0) / 1000, 1)} s; ${SECONDS} s per phase`,
    );
    const queries = (await readFile(join(SHARED, 'mini', 'queries.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { text: string }).text);
    const routes = {
      '/v1/search': queries.map((q) => ({ query: q, sources: ['scifact'], top_k: 10 })),
      '/v1/query': queries.map((q) => ({ question: q, sources: ['scifact'] })),
    };

    const phases = async (server: BenchServer, name: string, counts: number[]) => {
      for (const [route, bodies] of Object.entries(routes)) {
        await closedLoop(`${server.url}${route}`, bodies, 1, Math.min(5, SECONDS)); // warm up
        let base: PhaseResult | undefined;
        for (const clients of counts) {
          const r = await closedLoop(`${server.url}${route}`, bodies, clients, SECONDS);
          base ??= clients === 1 ? r : undefined;
          row(route, name, r, clients === 1 ? undefined : base);
        }
      }
    };

    const traces = join(dir, 'traces');
    const server = await startServer(db, traces);
    const rss0 = server.rssMb();
    header();
    try {
      await phases(server, 'defaults', [1, 16, 64]);
    } finally {
      const rss1 = server.rssMb();
      await server.stop(); // flushes queued traces
      console.log(`\nserver RSS ${f(rss0)} MB at start, ${f(rss1)} MB after all phases (defaults)`);
    }
    const t = await traceSizes(traces);
    console.log(
      `traces: ${t.runs} runs, ${f(t.bytes / 1e6, 1)} MB, ${f(t.bytes / t.runs / 1024, 1)} KB per run; the same runs in the v1 layout ${f(t.v1PerRun / 1024, 1)} KB (sample of ${Math.min(200, t.runs)}: ×${f(t.v1PerRun / t.v2PerRun, 1)} smaller)`,
    );

    const open = await startServer(db, join(dir, 'traces-open'), {
      GROUNDED_MAX_CONCURRENT_RUNS: '1000',
      GROUNDED_MAX_CONCURRENT_SEARCHES: '1000',
    });
    const rss2 = open.rssMb();
    header();
    try {
      await phases(open, 'no admission limit', [1, 64]);
    } finally {
      console.log(`\nserver RSS ${f(rss2)} MB at start, ${f(open.rssMb())} MB after (no admission limit)`);
      await open.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
