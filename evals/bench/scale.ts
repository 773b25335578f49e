import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store, type StoreOptions } from '../../src/store/index.ts';
import { type LoadResult, load } from './http-load.ts';
import { type BenchServer, startServer } from './server-process.ts';
import { bundleSize, type RunningWorker, startWorker } from './workerd.ts';

const SHARED = new URL('../../../shared/datasets/scifact/', import.meta.url).pathname;
const NODE_KEY = 'bench-node-key-0123456789abcdef';

const line = (name: string, r: LoadResult) =>
  console.log(
    `${name.padEnd(46)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  errors ${r.errors}/${r.n}`,
  );

/** A throwaway Ceph RADOS Gateway (scripts/radosgw.sh) and a bucket on it; undefined where it cannot start. */
async function radosgw(dir: string) {
  const state = join(dir, 'ceph');
  const r = spawnSync('bash', ['scripts/radosgw.sh', 'start', state], { encoding: 'utf8' });
  const stop = () => void spawnSync('bash', ['scripts/radosgw.sh', 'stop', state]);
  if (r.status !== 0) {
    stop();
    console.log(`local S3 server: not started (${r.stderr.trim().split('\n').at(-1)}); that shape is left out`);
    return undefined;
  }
  const s3 = Object.fromEntries(
    r.stdout
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  ) as Record<string, string>;
  const aws = new AwsClient({
    accessKeyId: s3.AWS_ACCESS_KEY_ID!,
    secretAccessKey: s3.AWS_SECRET_ACCESS_KEY!,
    region: s3.AWS_REGION,
    service: 's3',
  });
  const made = await aws.fetch(`${s3.AWS_ENDPOINT}/grounded-bench`, { method: 'PUT' });
  if (!made.ok) throw new Error(`cannot create the bench bucket: ${made.status}`);
  const options: StoreOptions = {
    storageOptions: {
      endpoint: s3.AWS_ENDPOINT!,
      region: s3.AWS_REGION!,
      allow_http: 'true',
      access_key_id: s3.AWS_ACCESS_KEY_ID!,
      secret_access_key: s3.AWS_SECRET_ACCESS_KEY!,
    },
  };
  const env = {
    GROUNDED_DB_ENDPOINT: s3.AWS_ENDPOINT!,
    GROUNDED_DB_REGION: s3.AWS_REGION!,
    AWS_ACCESS_KEY_ID: s3.AWS_ACCESS_KEY_ID!,
    AWS_SECRET_ACCESS_KEY: s3.AWS_SECRET_ACCESS_KEY!,
  };
  return { uri: 's3://grounded-bench/db', traces: 's3://grounded-bench/traces', options, env, stop };
}

async function ingest(db: string, options: StoreOptions): Promise<number> {
  const store = await Store.open(db, options);
  const t0 = performance.now();
  await runIngest(
    { source: 'scifact', inputs: ['corpus.jsonl'], baseDir: SHARED },
    { store, embedder: createBuiltinEmbedder() },
  );
  store.close();
  return (performance.now() - t0) / 1000;
}

/**
 * `npm run bench -- scale`: the three deployment shapes of README "Scaling out" on the full SciFact corpus, with the
 * same sequential /v1/search and /v1/query requests: one node on a local directory (the baseline), a node on a local
 * S3-compatible server (Ceph RADOS Gateway, scripts/radosgw.sh), and the Workers front (the deploy bundle in workerd)
 * over each node. Ratios are against the baseline of this run.
 */
export async function benchScale(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-scale-'));
  const servers: BenchServer[] = [];
  const workers: RunningWorker[] = [];
  const s3 = await radosgw(dir);
  try {
    const size = bundleSize();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
    console.log(`Worker bundle: ${size.modules} module(s), ${mb(size.bytes)} MB, ${mb(size.gzipBytes)} MB gzipped`);
    const queries = (await readFile(join(SHARED, 'mini', 'queries.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { text: string }).text)
      .slice(0, 40);
    const shapes: { name: string; url: string }[] = [];
    const local = join(dir, 'db');
    console.log(`ingest into a local directory: ${(await ingest(local, {})).toFixed(1)} s`);
    const env = { GROUNDED_NODE_KEY: NODE_KEY, GROUNDED_DB_CONSISTENCY_MS: '2000' };
    servers.push(await startServer(local, join(dir, 'traces'), env));
    shapes.push({ name: 'one node, local directory', url: servers[0]!.url });
    if (s3) {
      console.log(`ingest into the local S3 server: ${(await ingest(s3.uri, s3.options)).toFixed(1)} s`);
      servers.push(await startServer(s3.uri, s3.traces, { ...env, ...s3.env }));
      shapes.push({ name: 'node on object storage (local S3 server)', url: servers[1]!.url });
    }
    for (const [i, s] of [...shapes].entries()) {
      workers.push(await startWorker({ GROUNDED_RETRIEVAL_URL: s.url, GROUNDED_NODE_KEY: NODE_KEY }));
      shapes.push({
        name: `Workers front (workerd) over ${i ? 'the S3 node' : 'the local node'}`,
        url: workers[i]!.url,
      });
    }

    const results = new Map<string, { search: LoadResult; query: LoadResult }>();
    for (const s of shapes) {
      const search = (q: string) => ({ query: q, sources: ['scifact'], top_k: 10 });
      const ask = (q: string) => ({ question: q, sources: ['scifact'] });
      await load(`${s.url}/v1/query`, queries.slice(0, 5).map(ask), 1); // warm: caches, open tables, isolate
      results.set(s.name, {
        search: await load(`${s.url}/v1/search`, queries.map(search), 1),
        query: await load(`${s.url}/v1/query`, queries.map(ask), 1),
      });
    }
    const base = results.get(shapes[0]!.name)!;
    for (const [name, r] of results) {
      console.log(`\n${name}`);
      line('  /v1/search sequential', r.search);
      line('  /v1/query agent sequential', r.query);
      console.log(
        `  p50 ratio to one node on a directory: search ${(r.search.p50 / base.search.p50).toFixed(2)}, query ${(r.query.p50 / base.query.p50).toFixed(2)}`,
      );
    }
  } finally {
    for (const w of workers) await w.close();
    for (const s of servers) await s.stop();
    s3?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
