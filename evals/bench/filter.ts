import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runIngest } from '../../ingest/pipeline.ts';
import { fnv1a } from '../../src/providers/hash.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { type ChunkFilter, type Hit, Retriever, whereFor } from '../../src/retrieval/index.ts';
import { Store } from '../../src/store/index.ts';
import { pct } from './http-load.ts';

const SHARED = new URL('../../../shared/datasets/scifact/', import.meta.url).pathname;
const TOPICS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];

/** Made-up metadata, spread by a hash of the document id: a year (2000-2024), one of 10 topics, a 1 % flag. */
const metadataOf = (id: string) => {
  const h = fnv1a(id);
  return { year: 2000 + (h % 25), topic: TOPICS[(h >>> 8) % 10]!, ...((h >>> 16) % 100 === 0 ? { rare: true } : {}) };
};

const FILTERS: [string, ChunkFilter | undefined][] = [
  ['unfiltered', undefined],
  ['topic = gamma (~10 %)', { metadata: { topic: 'gamma' } }],
  ['year >= 2020 (~20 %)', { metadata: { year: { gte: 2020 } } }],
  ['topic in 5 of 10, year < 2012', { metadata: { topic: TOPICS.slice(0, 5), year: { lt: 2012 } } }],
  ['rare = true (~1 %)', { metadata: { rare: true } }],
];

/**
 * `npm run bench -- filter`: the full SciFact corpus (5,183 abstracts, ~8k chunks) with made-up metadata, searched
 * in-process by the SciFact mini queries with and without metadata filters (which run inside LanceDB as `where`
 * clauses before the search). For each filter: latency against the unfiltered search of the same run, the rows
 * LanceDB keeps (`countRows(where)`), hits per query, and how many of the top 10 a filter applied to the unfiltered
 * candidates (30 per list) would have left.
 */
export async function benchFilter(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-filter-'));
  try {
    const corpus = join(dir, 'scifact-meta.jsonl');
    const lines: string[] = [];
    for await (const l of createInterface({ input: createReadStream(join(SHARED, 'corpus.jsonl')) })) {
      if (!l.trim()) continue;
      const d = JSON.parse(l) as { _id: string; title: string; text: string };
      lines.push(JSON.stringify({ _id: d._id, title: d.title, text: d.text, metadata: metadataOf(d._id) }));
    }
    await writeFile(corpus, `${lines.join('\n')}\n`);
    const store = await Store.open(join(dir, 'db'));
    const embedder = createBuiltinEmbedder(1024);
    const t0 = performance.now();
    const s = await runIngest({ source: 'scifact', inputs: [corpus] }, { store, embedder });
    console.log(
      `ingested ${s.documents} documents with metadata, ${s.chunks_written} chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const queries = (await readFile(join(SHARED, 'mini', 'queries.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { text: string }).text);
    const retriever = new Retriever(store, embedder);
    const src = await store.source('scifact');
    const total = await src.count();
    for (const mode of ['hybrid', 'bm25'] as const) {
      const run = (q: string, filter: ChunkFilter | undefined, topK = 10): Promise<Hit[]> =>
        retriever.search({ query: q, sources: ['scifact'], topK, mode, filter });
      for (const q of queries.slice(0, 10)) for (const [, f] of FILTERS) await run(q, f); // warm up
      // Interleaved rounds, so load on this shared machine hits every filter alike.
      const lat = new Map<string, number[]>(FILTERS.map(([n]) => [n, []]));
      const hitsPer = new Map<string, number[]>(FILTERS.map(([n]) => [n, []]));
      for (let round = 0; round < 2; round++)
        for (const q of queries)
          for (const [name, f] of FILTERS) {
            const t = performance.now();
            const hits = await run(q, f);
            lat.get(name)!.push(performance.now() - t);
            if (round === 0) hitsPer.get(name)!.push(hits.length);
          }
      // What a filter applied afterwards would keep of the unfiltered candidates (30 per list for top 10).
      const post = new Map<string, number[]>(FILTERS.map(([n]) => [n, []]));
      for (const q of queries) {
        const candidates = await run(q, undefined, 30);
        for (const [name, f] of FILTERS)
          post.get(name)!.push(candidates.filter((h) => keeps(h, f)).slice(0, 10).length);
      }
      const base = pct(
        lat.get('unfiltered')!.sort((a, b) => a - b),
        50,
      );
      console.log(`\n${mode} search, top 10, ${queries.length} queries × 2 rounds:`);
      for (const [name, f] of FILTERS) {
        const l = lat.get(name)!.sort((a, b) => a - b);
        const kept = f ? await src.count(whereFor(f, undefined, src)) : total;
        const avg = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
        console.log(
          `${name.padEnd(32)} p50 ${pct(l, 50).toFixed(1).padStart(5)} ms  p95 ${pct(l, 95).toFixed(1).padStart(5)} ms  ` +
            `×${(pct(l, 50) / base).toFixed(2)} of unfiltered  rows kept ${String(kept).padStart(5)}/${total}  ` +
            `hits/query ${avg(hitsPer.get(name)!)}  (after-the-fact filter: ${avg(post.get(name)!)})`,
        );
      }
    }
    store.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether a hit satisfies one of the bench's filters (checked in JS, for the after-the-fact comparison). */
function keeps(h: Hit, f: ChunkFilter | undefined): boolean {
  const m = h.metadata ?? {};
  for (const [k, c] of Object.entries(f?.metadata ?? {})) {
    const v = m[k];
    if (Array.isArray(c)) {
      if (!c.includes(v as string)) return false;
    } else if (c && typeof c === 'object') {
      if ('gte' in c && !(typeof v === 'number' && v >= (c.gte as number))) return false;
      if ('lt' in c && !(typeof v === 'number' && v < (c.lt as number))) return false;
    } else if (v !== c) return false;
  }
  return true;
}
