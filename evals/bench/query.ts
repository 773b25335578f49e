import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store } from '../../src/store/index.ts';
import { type LoadResult, load, pct } from './http-load.ts';
import { startServer } from './server-process.ts';

const SHARED = new URL('../../../shared/datasets/scifact/', import.meta.url).pathname;

const line = (name: string, r: LoadResult) =>
  console.log(
    `${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  errors ${r.errors}/${r.n}`,
  );

/**
 * `npm run bench -- query`: the full SciFact corpus (5,183 abstracts) behind a real server process. Sequential
 * /v1/search and /v1/query, 16 concurrent clients, and the agent's own overhead (run time minus retrieval time).
 * Baseline in the same process: the same store searched directly through LanceDB (no HTTP, no fusion); then the
 * sequential searches again on a server holding no vectors in memory (`GROUNDED_VECTOR_MEMORY_MB=0`).
 */
export async function benchQuery(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-'));
  const db = join(dir, 'db');
  try {
    const store = await Store.open(db);
    const embedder = createBuiltinEmbedder();
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

    // Admission sized for 16 clients, so this bench keeps measuring throughput, not refusals (see `bench -- load`).
    const server = await startServer(db, join(dir, 'traces'), {
      GROUNDED_MAX_CONCURRENT_RUNS: '16',
      GROUNDED_MAX_CONCURRENT_SEARCHES: '16',
    });
    try {
      const base = server.url;
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
      await server.stop();
    }
    // The same searches on a server that holds no vectors in memory: LanceDB's vector index answers.
    const lance = await startServer(db, join(dir, 'traces'), { GROUNDED_VECTOR_MEMORY_MB: '0' });
    try {
      const search = (q: string) => ({ query: q, sources: ['scifact'], top_k: 10 });
      await load(`${lance.url}/v1/search`, queries.slice(0, 20).map(search), 1);
      const seq = await load(`${lance.url}/v1/search`, [...queries, ...queries].map(search), 1);
      line('/v1/search sequential, no vectors held', seq);
    } finally {
      await lance.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
