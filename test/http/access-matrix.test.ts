import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runIngest } from '../../ingest/pipeline.ts';
import { createApp } from '../../src/app.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

// Two sources whose documents hold things the other's readers must never see.
const ALPHA = {
  'alpha-plans.md': '# Marigold protocol\n\nThe alpha launch code word is MARIGOLD and the launch site is Tarbet.',
};
const BETA = {
  'beta-plans.md': '# Nightjar protocol\n\nThe beta launch code word is NIGHTJAR and the launch site is Skerryvore.',
};
/** What only beta holds: its site, its document id, its title (its chunk ids are added once known). */
const BETA_MARKS = [/skerryvore/i, /beta-plans/i, /nightjar protocol/i, /nightjar-notes/i];

const KEYS = {
  admin: 'admin-key-0001-xx',
  writerA: 'writer-alpha-0001',
  readerA: 'reader-alpha-0001',
  readerB: 'reader-beta-00001',
} as const;
type Who = keyof typeof KEYS | 'none';
const WHO: Who[] = ['admin', 'writerA', 'readerA', 'readerB', 'none'];

let server: TestServer;
let betaChunk: string;
let alphaChunk: string;
const runs: Record<'alpha' | 'beta' | 'both', string> = { alpha: '', beta: '', both: '' };
const jobIds = { alpha: '', beta: '' };
let docsDir = '';

/** Put a source back as it was (a destructive case removed it or its document). */
async function restore(source: 'alpha' | 'beta'): Promise<void> {
  const s = await runIngest(
    { source, inputs: [join(docsDir, source)], baseDir: join(docsDir, source) },
    { store: server.deps.store, embedder: server.deps.embedder },
  );
  assert.deepEqual(s.failed, []);
}
/** A job of each source, made through the jobs runner as an upload would be. */
async function jobOf(source: 'alpha' | 'beta', id: string, text: string): Promise<string> {
  const jobs = server.deps.jobs!;
  const job = await jobs.submitDocuments({ source, key: 'root', documents: [{ id, text }] });
  return (await jobs.wait(job.id, 30_000)).id;
}

before(async () => {
  const { dir } = await tempDir();
  const file = join(dir, 'keys.json');
  await writeFile(
    file,
    JSON.stringify([
      { key: KEYS.admin, name: 'root', role: 'admin', sources: '*' },
      { key: KEYS.writerA, name: 'wa', role: 'writer', sources: ['alpha'] },
      // A key stored as its digest: the file need not hold the key itself.
      {
        key_sha256: Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(KEYS.readerA))).toString(
          'hex',
        ),
        name: 'ra',
        role: 'reader',
        sources: ['alpha'],
      },
      { key: KEYS.readerB, name: 'rb', role: 'reader', sources: ['beta'] },
    ]),
  );
  server = await startTestServer({ sources: { alpha: ALPHA, beta: BETA }, env: { GROUNDED_API_KEYS_FILE: file } });
  docsDir = join(server.dir, 'docs');
  jobIds.alpha = await jobOf('alpha', 'alpha-notes.md', 'Alpha notes: the Tarbet pier opens at dawn.');
  jobIds.beta = await jobOf('beta', 'nightjar-notes.md', 'Beta notes: the Skerryvore pier opens at dusk.');
  const chunkOf = async (source: string) =>
    ((await (await server.deps.store.source(source)).scanChunks(['id']))[0]!.id as string) ?? '';
  [alphaChunk, betaChunk] = await Promise.all([chunkOf('alpha'), chunkOf('beta')]);
  BETA_MARKS.push(new RegExp(betaChunk));
  const run = async (sources: string[] | undefined, key: string) => {
    const res = await postJson(
      `${server.url}/v1/query`,
      { question: 'Where is the launch site?', ...(sources ? { sources } : {}) },
      { authorization: `Bearer ${key}` },
    );
    assert.equal(res.status, 200);
    return ((await res.json()) as { run_id: string }).run_id;
  };
  runs.alpha = await run(['alpha'], KEYS.readerA);
  runs.beta = await run(['beta'], KEYS.admin);
  runs.both = await run(undefined, KEYS.admin);
});
after(() => server?.close());

const auth = (who: Who): Record<string, string> => (who === 'none' ? {} : { authorization: `Bearer ${KEYS[who]}` });
const get = (path: string, who: Who) => fetch(`${server.url}${path}`, { headers: auth(who) });
const post = (path: string, body: unknown, who: Who) => postJson(`${server.url}${path}`, body, auth(who));

// Expected statuses per caller: something of alpha, of beta, of every source the key may read.
const OF_ALPHA = { admin: 200, writerA: 200, readerA: 200, readerB: 404, none: 401 };
const OF_BETA = { admin: 200, writerA: 404, readerA: 404, readerB: 200, none: 401 };
const OWN = { admin: 200, writerA: 200, readerA: 200, readerB: 200, none: 401 };
const chat = (model: string, content: string) => ({ model, messages: [{ role: 'user', content }] });

type Case = {
  route: string;
  name: string;
  call: (who: Who) => Promise<Response>;
  expect: Record<Who, number>;
  /** Run before each caller's call (a destructive case puts back what the previous call removed). */
  setup?: () => Promise<void>;
};
const send = (method: string, path: string, who: Who, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...auth(who), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
const hasSource = async (s: string) => (await server.deps.store.sourceMeta(s)) !== undefined;
const hasDoc = async (s: string, d: string) =>
  (await hasSource(s)) && (await (await server.deps.store.source(s)).manifest()).has(d);
const WRITE_ALPHA = { admin: 200, writerA: 200, readerA: 403, readerB: 404, none: 401 };
const WRITE_BETA = { admin: 200, writerA: 404, readerA: 404, readerB: 403, none: 401 };
const ADMIN_ONLY = { admin: 200, writerA: 403, readerA: 403, readerB: 403, none: 401 };
const CASES: Case[] = [
  { route: 'GET /v1/models', name: 'models', call: (w) => get('/v1/models', w), expect: OWN },
  {
    route: 'GET /v1/models/:id{.+}',
    name: 'model beta',
    call: (w) => get('/v1/models/grounded/beta', w),
    expect: OF_BETA,
  },
  {
    route: 'GET /v1/models/:id{.+}',
    name: 'model alpha',
    call: (w) => get('/v1/models/grounded/alpha', w),
    expect: OF_ALPHA,
  },
  { route: 'GET /v1/sources', name: 'sources', call: (w) => get('/v1/sources', w), expect: OWN },
  {
    route: 'GET /v1/sources/:name/documents',
    name: 'beta documents',
    call: (w) => get('/v1/sources/beta/documents', w),
    expect: OF_BETA,
  },
  {
    route: 'GET /v1/sources/:name/documents',
    name: 'alpha documents',
    call: (w) => get('/v1/sources/alpha/documents', w),
    expect: OF_ALPHA,
  },
  {
    route: 'GET /v1/sources/:name/chunks/:id',
    name: 'beta chunk',
    call: (w) => get(`/v1/sources/beta/chunks/${betaChunk}`, w),
    expect: OF_BETA,
  },
  {
    route: 'GET /v1/sources/:name/chunks/:id',
    name: 'beta chunk through alpha',
    call: (w) => get(`/v1/sources/alpha/chunks/${betaChunk}`, w),
    expect: { admin: 404, writerA: 404, readerA: 404, readerB: 404, none: 401 },
  },
  {
    route: 'GET /v1/sources/:name/chunks/:id',
    name: 'alpha chunk',
    call: (w) => get(`/v1/sources/alpha/chunks/${alphaChunk}`, w),
    expect: OF_ALPHA,
  },
  {
    route: 'POST /v1/search',
    name: 'search all',
    call: (w) => post('/v1/search', { query: 'launch site' }, w),
    expect: OWN,
  },
  {
    route: 'POST /v1/search',
    name: 'search beta',
    call: (w) => post('/v1/search', { query: 'launch site', sources: ['beta'] }, w),
    expect: OF_BETA,
  },
  {
    route: 'POST /v1/query',
    name: 'query no sources',
    call: (w) => post('/v1/query', { question: 'Where is the beta launch site?' }, w),
    expect: OWN,
  },
  {
    route: 'POST /v1/query',
    name: 'query beta',
    call: (w) => post('/v1/query', { question: 'Where is the launch site?', sources: ['beta'] }, w),
    expect: OF_BETA,
  },
  {
    route: 'POST /v1/query/stream',
    name: 'stream no sources',
    call: (w) => post('/v1/query/stream', { question: 'What is the NIGHTJAR launch site?' }, w),
    expect: OWN,
  },
  {
    route: 'POST /v1/query/stream',
    name: 'stream beta',
    call: (w) => post('/v1/query/stream', { question: 'Where is the launch site?', sources: ['beta'] }, w),
    expect: OF_BETA,
  },
  {
    route: 'POST /v1/chat/completions',
    name: 'chat naming beta content',
    call: (w) => post('/v1/chat/completions', chat('grounded', 'Where is the NIGHTJAR launch site?'), w),
    expect: OWN,
  },
  {
    route: 'POST /v1/chat/completions',
    name: 'chat beta model streamed',
    call: (w) =>
      post('/v1/chat/completions', { ...chat('grounded/beta', 'Where is the launch site?'), stream: true }, w),
    expect: OF_BETA,
  },
  {
    route: 'POST /v1/responses',
    name: 'responses naming beta content',
    call: (w) => post('/v1/responses', { model: 'grounded', input: 'Where is the NIGHTJAR launch site?' }, w),
    expect: OWN,
  },
  {
    route: 'POST /v1/responses',
    name: 'responses beta model',
    call: (w) => post('/v1/responses', { model: 'grounded/beta', input: 'Where is the launch site?' }, w),
    expect: OF_BETA,
  },
  {
    route: 'GET /v1/responses/:response_id',
    name: 'stored response',
    call: (w) => get('/v1/responses/resp_1', w),
    expect: { admin: 404, writerA: 404, readerA: 404, readerB: 404, none: 401 },
  },
  {
    route: 'DELETE /v1/responses/:response_id',
    name: 'delete stored response',
    call: (w) => fetch(`${server.url}/v1/responses/resp_1`, { method: 'DELETE', headers: auth(w) }),
    expect: { admin: 404, writerA: 404, readerA: 404, readerB: 404, none: 401 },
  },
  {
    route: 'PUT /v1/sources/:name',
    name: 'create a source',
    call: (w) => send('PUT', '/v1/sources/gamma', w),
    expect: { ...ADMIN_ONLY, admin: 201 },
    setup: async () => {
      if (await hasSource('gamma')) await server.deps.store.dropSource('gamma');
    },
  },
  {
    route: 'PUT /v1/sources/:name',
    name: 'put alpha',
    call: (w) => send('PUT', '/v1/sources/alpha', w),
    expect: ADMIN_ONLY,
  },
  {
    route: 'DELETE /v1/sources/:name',
    name: 'delete beta source',
    call: (w) => send('DELETE', '/v1/sources/beta', w),
    expect: { admin: 200, writerA: 404, readerA: 404, readerB: 403, none: 401 },
    setup: async () => {
      if (!(await hasSource('beta'))) await restore('beta');
    },
  },
  {
    route: 'POST /v1/sources/:name/documents',
    name: 'upload to alpha',
    call: (w) =>
      send('POST', '/v1/sources/alpha/documents?wait=true', w, {
        documents: [{ id: 'a2.md', text: 'Alpha two: the Tarbet ferry.' }],
      }),
    expect: WRITE_ALPHA,
  },
  {
    route: 'POST /v1/sources/:name/documents',
    name: 'upload to beta',
    call: (w) =>
      send('POST', '/v1/sources/beta/documents?wait=true', w, {
        documents: [{ id: 'b2.md', text: 'Beta two: the Skerryvore ferry.' }],
      }),
    expect: WRITE_BETA,
  },
  {
    route: 'DELETE /v1/sources/:name/documents/:doc_id{.+}',
    name: 'delete an alpha document',
    call: (w) => send('DELETE', '/v1/sources/alpha/documents/alpha-plans.md', w),
    expect: WRITE_ALPHA,
    setup: async () => {
      if (!(await hasDoc('alpha', 'alpha-plans.md'))) await restore('alpha');
    },
  },
  {
    route: 'DELETE /v1/sources/:name/documents/:doc_id{.+}',
    name: 'delete a beta document',
    call: (w) => send('DELETE', '/v1/sources/beta/documents/beta-plans.md', w),
    expect: WRITE_BETA,
    setup: async () => {
      if (!(await hasDoc('beta', 'beta-plans.md'))) await restore('beta');
    },
  },
  { route: 'GET /v1/jobs', name: 'jobs', call: (w) => get('/v1/jobs', w), expect: OWN },
  { route: 'GET /v1/jobs/:id', name: 'beta job', call: (w) => get(`/v1/jobs/${jobIds.beta}`, w), expect: OF_BETA },
  { route: 'GET /v1/jobs/:id', name: 'alpha job', call: (w) => get(`/v1/jobs/${jobIds.alpha}`, w), expect: OF_ALPHA },
  {
    route: 'GET /v1/jobs/:id/events',
    name: 'beta job events',
    call: (w) => get(`/v1/jobs/${jobIds.beta}/events`, w),
    expect: OF_BETA,
  },
  {
    route: 'POST /v1/jobs/:id/rerun',
    name: 'rerun a finished beta job',
    call: (w) => send('POST', `/v1/jobs/${jobIds.beta}/rerun`, w),
    expect: { admin: 409, writerA: 404, readerA: 404, readerB: 403, none: 401 },
  },
  {
    route: 'POST /v1/jobs/:id/rerun',
    name: 'rerun a finished alpha job',
    call: (w) => send('POST', `/v1/jobs/${jobIds.alpha}/rerun`, w),
    expect: { admin: 409, writerA: 409, readerA: 403, readerB: 404, none: 401 },
  },
  { route: 'GET /v1/me', name: 'me', call: (w) => get('/v1/me', w), expect: OWN },
  { route: 'GET /metrics', name: 'metrics (names every source)', call: (w) => get('/metrics', w), expect: ADMIN_ONLY },
  {
    route: 'GET /v1/traces/:run_id',
    name: 'trace of a beta run',
    call: (w) => get(`/v1/traces/${runs.beta}`, w),
    expect: { admin: 200, writerA: 403, readerA: 403, readerB: 200, none: 401 },
  },
  {
    route: 'GET /v1/traces/:run_id',
    name: 'trace of a run over both',
    call: (w) => get(`/v1/traces/${runs.both}`, w),
    expect: { admin: 200, writerA: 403, readerA: 403, readerB: 403, none: 401 },
  },
  {
    route: 'GET /v1/traces/:run_id',
    name: 'trace of an alpha run',
    call: (w) => get(`/v1/traces/${runs.alpha}`, w),
    expect: { admin: 200, writerA: 200, readerA: 200, readerB: 403, none: 401 },
  },
];

test('every /v1 route and /mcp is in the matrix (a new route without an entry fails here)', () => {
  const app = createApp(server.deps);
  const routes = new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/v1/') || r.path === '/mcp' || r.path === '/metrics'))
      .map((r) => `${r.method} ${r.path}`),
  );
  const covered = new Set([...CASES.map((c) => c.route), 'POST /mcp', 'GET /mcp', 'DELETE /mcp']);
  assert.deepEqual(
    [...routes].filter((r) => !covered.has(r)),
    [],
  );
});

test('every route × {admin, writer of alpha, reader of alpha, reader of beta, no key}: status and no beta content', async () => {
  const failures: string[] = [];
  for (const c of CASES)
    for (const who of WHO) {
      await c.setup?.();
      const res = await c.call(who);
      const body = await res.text();
      if (res.status !== c.expect[who])
        failures.push(`${c.name} as ${who}: ${res.status} (want ${c.expect[who]}) ${body.slice(0, 160)}`);
      if (who === 'writerA' || who === 'readerA') {
        // A chunk id the caller sent may be echoed in the error; nothing else of beta may appear.
        const marks = c.name.startsWith('beta chunk')
          ? BETA_MARKS.filter((m) => !m.source.includes(betaChunk))
          : BETA_MARKS;
        const leak = marks.find((m) => m.test(body));
        if (leak) failures.push(`${c.name} as ${who} shows ${leak}: ${body.slice(0, 200)}`);
        if (/^(models|sources|search all|jobs|me)$/.test(c.name) && /beta/i.test(body))
          failures.push(`${c.name} as ${who} names beta`);
      }
      if (res.status === 403) {
        const err = JSON.parse(body).error;
        if (!/may not read|needs a/.test(err.message)) failures.push(`${c.name} as ${who}: a 403 gives its reason`);
      }
    }
  assert.deepEqual(failures, []);
  await restore('alpha');
  await restore('beta');
});

test("a key's own source answers it, with citations from that source only", async () => {
  for (const [who, site, other] of [
    ['readerA', 'Tarbet', 'Skerryvore'],
    ['readerB', 'Skerryvore', 'Tarbet'],
  ] as const) {
    const res = await post('/v1/query', { question: 'Where is the launch site?' }, who);
    const body = (await res.json()) as { answer: string; citations: { source: string }[] };
    assert.match(body.answer, new RegExp(site));
    assert.doesNotMatch(JSON.stringify(body), new RegExp(other));
    assert.ok(body.citations.every((c) => c.source === (who === 'readerA' ? 'alpha' : 'beta')));
  }
  const models = (await (await get('/v1/models', 'readerA')).json()) as { data: { id: string }[] };
  assert.deepEqual(models.data.map((m) => m.id).sort(), ['grounded', 'grounded/alpha']);
});

test('MCP over HTTP: tools and resources see only what the key may read; no key cannot connect', async () => {
  const connect = async (who: Who) => {
    const client = new Client({ name: 'acl-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: auth(who) } }),
    );
    return client;
  };
  await assert.rejects(connect('none'));
  for (const who of ['writerA', 'readerA'] as const) {
    const client = await connect(who);
    const seen: string[] = [];
    seen.push(JSON.stringify(await client.callTool({ name: 'list_sources', arguments: {} })));
    seen.push(JSON.stringify(await client.callTool({ name: 'search', arguments: { query: 'launch site' } })));
    seen.push(
      JSON.stringify(
        await client.callTool({ name: 'ask', arguments: { question: 'Where is the NIGHTJAR launch site?' } }),
      ),
    );
    const chunk = await client.callTool({ name: 'get_chunk', arguments: { source: 'beta', chunk_id: betaChunk } });
    assert.equal(chunk.isError, true);
    seen.push(JSON.stringify(chunk));
    const beta = await client.callTool({ name: 'search', arguments: { query: 'launch site', sources: ['beta'] } });
    assert.equal(beta.isError, true);
    seen.push(JSON.stringify(beta));
    const resources = await client.listResources();
    assert.deepEqual(
      resources.resources.map((r) => r.name),
      ['alpha'],
    );
    await assert.rejects(client.readResource({ uri: 'grounded://sources/beta' }));
    for (const s of seen) for (const m of BETA_MARKS) assert.doesNotMatch(s, m, `${who}: ${s.slice(0, 200)}`);
    assert.doesNotMatch(seen[0]!, /beta/);
    await client.close();
  }
  const admin = await connect('admin');
  const found = await admin.callTool({ name: 'search', arguments: { query: 'launch site', sources: ['beta'] } });
  assert.match(JSON.stringify(found), /Skerryvore/);
  await admin.close();
});
