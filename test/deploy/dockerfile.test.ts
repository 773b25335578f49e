import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type ReplayedStage, replayDockerfile } from '../helpers/dockerfile.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { collect } from '../ingest/cli-helpers.ts';

// The Dockerfile's stages replayed step by step (Docker is not available here): the build stage compiles, the
// runtime stage is a production install (no dev dependencies) that runs the compiled JavaScript. The node is then
// used as a user of the image would: an ingest job with the image's CLI, a query answered with citations.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = {
  'tide-mill.md':
    '# The tide mill of Orrevik\n\nThe tide mill of Orrevik was built in 1743 by the miller Sigrun Dahl. It ground rye for the three parishes of the fjord until 1911, when a steam mill at Bergsund took its trade.\n',
  'ferry.md':
    '# The Orrevik ferry\n\nThe Orrevik ferry crosses the fjord to Halsnes six times a day. The crossing takes twenty minutes.\n',
};

let dir: string;
let runtime: ReplayedStage;
let node: ServerProcess | undefined;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grounded-docker-'));
  const stages = await replayDockerfile(join(ROOT, 'Dockerfile'), ROOT, dir, (s) => console.log(`[dockerfile] ${s}`));
  runtime = stages.at(-1)!;
});
after(() => {
  node?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Run a command of the image in its WORKDIR with its environment (as `docker run IMAGE …`). */
function inImage(args: string[], env: Record<string, string> = {}) {
  return collect(
    spawn(args[0] === 'node' ? process.execPath : args[0]!, args.slice(1), {
      cwd: runtime.workdir,
      env: { PATH: process.env.PATH ?? '', LANCEDB_LOG: 'error', ...runtime.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

describe('the retrieval node image (Dockerfile)', { timeout: 900_000 }, () => {
  test('the runtime stage holds compiled JavaScript and production dependencies only', () => {
    const modules = join(runtime.workdir, 'node_modules');
    for (const dev of ['typescript', 'wrangler', 'miniflare', 'playwright-core', '@biomejs/biome'])
      assert.ok(!existsSync(join(modules, dev)), `${dev} is a dev dependency`);
    assert.ok(existsSync(join(modules, '@lancedb/lancedb')));
    const sources = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(d, e.name)) : e.name.endsWith('.ts') ? [join(d, e.name)] : [],
      );
    assert.deepEqual(sources(join(runtime.workdir, 'dist')), [], 'no TypeScript in the image');
    assert.deepEqual(runtime.cmd, ['node', 'dist/src/main.js']);
    assert.equal(runtime.user, 'node');
  });

  test('with no TypeScript loader installed, the image ingests with its CLI and serves cited answers', async () => {
    // tsx is a dependency for `npm start` from the sources; the image must not need it at run time.
    rmSync(join(runtime.workdir, 'node_modules/tsx'), { recursive: true, force: true });
    for (const [name, text] of Object.entries(DOCS)) writeFileSync(join(dir, name), text);
    const ingest = await inImage([
      'node',
      'dist/ingest/cli.js',
      ...Object.keys(DOCS).map((n) => join(dir, n)),
      '--source',
      'kb',
      '--json',
    ]);
    assert.equal(ingest.code, 0, ingest.stderr);
    assert.ok(existsSync(join(runtime.workdir, 'data/lancedb')), 'the store is in the data volume by default');

    node = await startServerProcess(
      { PATH: process.env.PATH ?? '', ...runtime.env, PORT: '0', HOST: '127.0.0.1' },
      { args: runtime.cmd!.slice(1), cwd: runtime.workdir },
    );
    const r = await fetch(`${node.url}/v1/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Who built the tide mill of Orrevik?', sources: ['kb'] }),
    });
    // The body says why, should it fail (it answered 404 once, under a machine's full load, and never again).
    const body = await r.text();
    assert.equal(r.status, 200, `${body}\n${node.output.join('')}`);
    const reply = JSON.parse(body) as { status: string; answer: string; citations: { doc_id: string; text: string }[] };
    assert.equal(reply.status, 'answered');
    assert.match(reply.answer, /Sigrun Dahl/);
    assert.ok(reply.citations.some((c) => c.doc_id.endsWith('tide-mill.md') && DOCS['tide-mill.md'].includes(c.text)));
    const page = await fetch(`${node.url}/`);
    assert.equal(page.status, 200, 'the console is in the image');
  });
});
