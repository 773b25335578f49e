import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { type SourceTable, Store } from '../../src/store/index.ts';
import { pct } from './http-load.ts';
import { runIngestCli } from './ingest-cli-run.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_CORPUS = fileURLToPath(new URL('../../../shared/datasets/scifact/corpus.jsonl', import.meta.url));

/**
 * `npm run bench -- reads`: searches on a source while it is re-ingested. SciFact is ingested, then every document
 * is changed and the corpus ingested again by the CLI (another process, as an operator would) while this process
 * searches the source without pause: each query once through the handle the server reads with (the source's
 * published version) and once through a handle on its latest version (what the server read before, through the
 * read-consistency interval). Baseline in the same run: the same searches while nothing is written.
 */
export async function benchReads(): Promise<void> {
  process.env.LANCEDB_LOG ??= 'error';
  const corpus = process.env.GROUNDED_BENCH_CORPUS ?? DEFAULT_CORPUS;
  if (!existsSync(corpus)) throw new Error(`corpus not found: ${corpus} (set GROUNDED_BENCH_CORPUS)`);
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-reads-'));
  const db = join(dir, 'db');
  const env = { GROUNDED_DB: db };
  try {
    const first = await runIngestCli([corpus, '--source', 'bench'], env);
    console.log(`reads benchmark: ${corpus}, ${first.summary.chunks_written} chunks ingested`);
    const lines = (await readFile(corpus, 'utf8')).split('\n').filter((l) => l.trim());
    const docs = lines.map((l) => JSON.parse(l) as { _id: string; title?: string; text: string });
    const queries = docs.slice(0, 50).map((d) => d.text.split(/\s+/).slice(0, 6).join(' '));

    const store = await Store.open(db);
    const published = await store.source('bench');
    const latest = await store.latest('bench');
    const vectors = await createBuiltinEmbedder(published.dimensions).embed(queries);
    const search = async (src: SourceTable, i: number): Promise<number> => {
      const t = performance.now();
      await Promise.all([src.fullText(queries[i]!, { limit: 10 }), src.nearestCandidates(vectors[i]!, { limit: 10 })]);
      return performance.now() - t;
    };
    const idle = { published: [] as number[], latest: [] as number[] };
    for (let i = 0; i < queries.length; i++) await search(published, i);
    for (let r = 0; r < 2; r++)
      for (let i = 0; i < queries.length; i++) {
        idle.published.push(await search(published, i));
        idle.latest.push(await search(latest, i));
      }

    const changed = join(dir, 'changed.jsonl');
    await writeFile(changed, `${docs.map((d) => JSON.stringify({ ...d, text: `${d.text} Revised.` })).join('\n')}\n`);
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'ingest/cli.ts', changed, '--source', 'bench'], {
      cwd: ROOT,
      env: { ...process.env, LANCEDB_LOG: 'error', ...env },
      stdio: 'ignore',
    });
    let running = true;
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => {
        running = false;
        resolve(code);
      }),
    );
    const during = { published: [] as number[], latest: [] as number[] };
    for (let i = 0; running; i = (i + 1) % queries.length) {
      during.published.push(await search(published, i));
      if (running) during.latest.push(await search(latest, i));
    }
    const code = await exited;
    const ingestMs = performance.now() - started;
    store.close();
    if (code !== 0) throw new Error(`re-ingest exited with ${code}`);

    console.log(`re-ingest of every document: ${(ingestMs / 1000).toFixed(1)} s; hybrid searches (BM25 + vector):`);
    const row = (name: string, xs: number[], base: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const b = [...base].sort((a, c) => a - c);
      console.log(
        `  ${name.padEnd(34)} n ${String(s.length).padStart(4)}  p50 ${fmt(pct(s, 50))}  p95 ${fmt(pct(s, 95))}  ` +
          `max ${fmt(s.at(-1)!)}  p95 ×${(pct(s, 95) / pct(b, 95)).toFixed(1)} idle`,
      );
    };
    row('idle, published version', idle.published, idle.published);
    row('idle, latest version', idle.latest, idle.published);
    row('during, published version (served)', during.published, idle.published);
    row('during, latest version (before)', during.latest, idle.published);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;
