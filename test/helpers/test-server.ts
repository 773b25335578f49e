import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { wireJobs } from '../../ingest/jobs/wire.ts';
import { runIngest } from '../../ingest/pipeline.ts';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDeps, type DepsOverrides, type NodeDeps } from '../../src/deps.ts';

process.env.LANCEDB_LOG ??= 'error';

export type TestServer = { url: string; deps: NodeDeps; dir: string; logs: string[]; close(): Promise<void> };

/**
 * A real server on a free port over a real LanceDB store in a temp dir. `sources` maps a source name to files
 * (relative path → content) that go through the real ingestion pipeline first.
 */
export async function startTestServer(
  opts: {
    sources?: Record<string, Record<string, string | Uint8Array>>;
    env?: Record<string, string>;
    overrides?: DepsOverrides;
    /** Wire the ingestion-jobs runner (default), as src/main.ts does. */
    jobs?: boolean;
  } = {},
): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-test-'));
  const config = loadConfig({
    GROUNDED_DB: join(dir, 'db'),
    GROUNDED_TRACES: join(dir, 'traces'),
    LOG_LEVEL: 'info',
    ...opts.env,
  });
  const logs: string[] = [];
  const logDestination = { write: (line: string) => void logs.push(line) };
  const deps = await createDeps(config, { logDestination, ...opts.overrides });
  for (const [source, files] of Object.entries(opts.sources ?? {})) {
    const root = join(dir, 'docs', source);
    for (const [rel, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, rel)), { recursive: true });
      await writeFile(join(root, rel), content);
    }
    const summary = await runIngest(
      { source, inputs: [root], baseDir: root },
      { store: deps.store, embedder: deps.embedder },
    );
    if (summary.failed.length)
      throw new Error(`test corpus ${source} failed to ingest: ${JSON.stringify(summary.failed)}`);
  }
  const jobs = opts.jobs === false ? undefined : await wireJobs(deps, { inProcess: true });
  deps.jobs = jobs;
  const app = createApp(deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    dir,
    logs,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      await jobs?.closeAll(1000);
      await deps.traces.close();
      deps.store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Parse a Server-Sent Events body into typed events, in order. */
export function parseSSE(body: string): { event: string; data: string }[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return { event, data: data.join('\n') };
    })
    .filter((e) => e.data !== '');
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
