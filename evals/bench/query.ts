import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store } from '../../src/store/index.ts';
import { type LoadResult, load, pct } from './http-load.ts';

const SHARED = new URL('../../../shared/datasets/scifact/', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(db: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      GROUNDED_DB: db,
      GROUNDED_TRACES: join(db, '..', 'traces'),
      GROUNDED_DEMO: 'false',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LANCEDB_LOG: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

const line = (name: string, r: LoadResult) =>
  console.log(
    `${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  errors ${r.errors}/${r.n}`,
  );

/**
 * `npm run bench -- query`: the full SciFact corpus (5,183 abstracts) behind a real server process. Sequential
 * /v1/search and /v1/query, 16 concurrent clients, and the agent's own overhead (run time minus retrieval time).
 * Baseline in the same process: the same store searched directly through LanceDB (no HTTP, no fusion).
 */
export async function benchQuery(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-'));
  const db = join(dir, 'db');
  try {
    const store = await Store.open(db);
    const embedder = createBuiltinEmbedder(1024);
    const t0 = performance.now();
    const s = await runIngest({ source: 'scifact', inputs: ['corpus.jsonl'], baseDir: SHARED }, { store, embedder });
    console.log(
      `ingested ${s.documents} documents, ${s.chunks_written} chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const queries = (await readFile(join(SHARED, 'mini', 'queries.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { text: string }).text);

    // Baseline: LanceDB's own full-text search in this process.
    const src = await store.source('scifact');
    for (const q of queries.slice(0, 10)) await src.fullText(q, { limit: 10 });
    const direct: number[] = [];
    for (const q of [...queries, ...queries]) {
      const t = performance.now();
      await src.fullText(q, { limit: 10 });
      direct.push(performance.now() - t);
    }
    direct.sort((a, b) => a - b);
    store.close();

    const port = await freePort();
    const server = await startServer(db, port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const search = (q: string) => ({ query: q, sources: ['scifact'], top_k: 10 });
      await load(`${base}/v1/search`, queries.slice(0, 20).map(search), 1);
      const seq = await load(`${base}/v1/search`, [...queries, ...queries].map(search), 1);
      const conc = await load(
        `${base}/v1/search`,
        Array.from({ length: 8 }, () => queries)
          .flat()
          .map(search),
        16,
      );
      const overhead: number[] = [];
      const agent = await load(
        `${base}/v1/query`,
        queries.map((q) => ({ question: q, sources: ['scifact'] })),
        1,
        (j) => {
          const t = (j as { timings: { total_ms: number; retrieval_ms: number } }).timings;
          overhead.push(t.total_ms - t.retrieval_ms);
        },
      );
      const single = await load(
        `${base}/v1/query`,
        queries.map((q) => ({ question: q, sources: ['scifact'], mode: 'single-shot' })),
        1,
      );
      const concQuery = await load(
        `${base}/v1/query`,
        [...queries, ...queries].map((q) => ({ question: q, sources: ['scifact'] })),
        16,
      );
      overhead.sort((a, b) => a - b);
      console.log(
        `baseline: LanceDB full-text search in-process      p50 ${pct(direct, 50).toFixed(1)} ms  p95 ${pct(direct, 95).toFixed(1)} ms`,
      );
      line('/v1/search sequential (hybrid)', seq);
      line('/v1/search 16 concurrent clients', conc);
      line('/v1/query agent sequential', agent);
      line('/v1/query single-shot sequential', single);
      line('/v1/query agent 16 concurrent clients', concQuery);
      console.log(
        `agent overhead (run time - retrieval time)   p50 ${pct(overhead, 50).toFixed(1)} ms  p95 ${pct(overhead, 95).toFixed(1)} ms`,
      );
      console.log(
        `ratios: /v1/search p50 / in-process BM25 p50 = ${(seq.p50 / pct(direct, 50)).toFixed(2)}; agent p50 / single-shot p50 = ${(agent.p50 / single.p50).toFixed(2)}`,
      );
    } finally {
      server.kill();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
