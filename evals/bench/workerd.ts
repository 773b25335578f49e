import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Miniflare } from 'miniflare';

// The Workers front (src/worker.ts) as it deploys, run locally in workerd: the tests in test/worker and
// `npm run bench -- scale` use it.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let built: { dir: string; script: string } | undefined;

/** The Worker exactly as it would deploy: `wrangler deploy --dry-run` bundles src/worker.ts from wrangler.toml. */
export function buildWorker(): { dir: string; script: string } {
  if (built) return built;
  const dir = mkdtempSync(join(tmpdir(), 'grounded-worker-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', dir],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    },
  );
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${r.stdout}\n${r.stderr}`);
  built = { dir, script: join(dir, 'worker.js') };
  return built;
}

/**
 * What `wrangler deploy` would upload (every module of the bundle; the console's files go as static assets, not in
 * it): bytes as built and gzipped, the figure the Workers size limits (3 MB Free, 10 MB Paid) were stated in.
 */
export function bundleSize(): { bytes: number; gzipBytes: number; modules: number } {
  const { dir } = buildWorker();
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && /\.(m?js|wasm)$/.test(e.name),
  );
  let bytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const data = readFileSync(join(f.parentPath, f.name));
    bytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
  }
  return { bytes, gzipBytes, modules: files.length };
}

export type RunningWorker = { url: string; mf: Miniflare; close(): Promise<void> };

/**
 * The bundle in workerd (Miniflare), with wrangler.toml's bindings: the console's assets, a local R2 bucket for
 * traces, and the given variables (GROUNDED_RETRIEVAL_URL, secrets such as GROUNDED_NODE_KEY). `retrievalBinding`:
 * a `RETRIEVAL` service binding to a node at that host:port instead of a URL. `ai`: the source of a module whose
 * default export builds the `AI` binding (Workers AI runs only on Cloudflare; tests pass a scripted stand-in).
 */
export async function startWorker(
  vars: Record<string, string>,
  o: { retrievalBinding?: string; ai?: string } = {},
): Promise<RunningWorker> {
  const { dir, script } = buildWorker();
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    workers: [
      {
        name: 'grounded',
        scriptPath: script,
        modules: true,
        modulesRoot: dir,
        compatibilityDate: '2026-04-01',
        compatibilityFlags: ['nodejs_compat'],
        bindings: { GROUNDED_REASONER: 'builtin', LOG_LEVEL: 'warn', ...vars },
        r2Buckets: ['TRACES'],
        serviceBindings: o.retrievalBinding
          ? { RETRIEVAL: { external: { address: o.retrievalBinding, http: {} } } }
          : undefined,
        wrappedBindings: o.ai ? { AI: { scriptName: 'ai-binding' } } : undefined,
        assets: {
          directory: join(ROOT, 'src/http/ui/public'),
          binding: 'ASSETS',
          routerConfig: { invoke_user_worker_ahead_of_assets: true, has_user_worker: true },
          assetConfig: { html_handling: 'none' },
        },
      },
      // A wrapped binding's module takes the compatibility settings of the worker that binds it.
      ...(o.ai ? [{ name: 'ai-binding', modules: true, script: o.ai }] : []),
    ],
  });
  try {
    const url = String(await mf.ready).replace(/\/$/, '');
    return { url, mf, close: () => mf.dispose() };
  } catch (e) {
    await mf.dispose(); // a workerd left running would keep the test process alive
    throw e;
  }
}
