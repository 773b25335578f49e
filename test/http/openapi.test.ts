import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { z } from 'zod';
import { createApp } from '../../src/app.ts';
import { openApiPath } from '../../src/http/openapi/document.ts';
import * as S from '../../src/http/openapi/schemas.ts';
import { launchBrowser, watchedPage } from '../helpers/browser.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};
type Schema = { properties?: Record<string, { maxLength?: number; description?: string }> };

let server: TestServer;
let doc: Doc;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES }, env: { GROUNDED_MAX_QUESTION_CHARS: '1234' } });
  doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc;
});
after(() => server.close());

test('/openapi.json is OpenAPI 3.1 with exactly the routes the app has, every method', () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.servers[0]!.url, server.url);
  const app = createApp(server.deps);
  const routes = new Set(
    app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`),
  );
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)),
  );
  assert.deepEqual([...routes].sort(), [...documented].sort());
  for (const p of [
    '/v1/query',
    '/v1/query/stream',
    '/v1/search',
    '/v1/sources',
    '/v1/chat/completions',
    '/v1/models',
    '/v1/responses',
  ])
    assert.ok(doc.paths[p], p);
});

test('request bodies are the schemas the routes validate with (config included)', () => {
  const body = (p: string) => doc.paths[p]!.post!.requestBody!.content['application/json']!.schema;
  assert.equal(body('/v1/query').properties!.question!.maxLength, 1234);
  assert.match(body('/v1/chat/completions').properties!.max_tokens!.description!, /finish_reason "length"/);
  assert.match(body('/v1/chat/completions').properties!.temperature!.description!, /ignored/);
  assert.ok(body('/v1/responses').properties!.previous_response_id);
  assert.ok(body('/v1/search').properties!.filter);
});

test('redocly lint (@redocly/cli 2.77.0) finds the document valid', async () => {
  const file = join(server.dir, 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const r = spawnSync('node_modules/.bin/redocly', ['lint', file], { encoding: 'utf8', timeout: 120_000 });
  const out = `${r.stdout}${r.stderr}`;
  assert.equal(r.status, 0, out);
  assert.match(out, /Your API description is valid/);
  assert.doesNotMatch(out, /\d+ errors?/);
});

test('real responses parse with the documented response schemas', async () => {
  const get = async (path: string) => (await fetch(`${server.url}${path}`)).json();
  const parse = (schema: z.ZodType, value: unknown, what: string) => {
    const r = schema.safeParse(value);
    assert.ok(r.success, `${what}: ${JSON.stringify(r.error?.issues[0])}`);
  };
  const q = (await (await postJson(`${server.url}/v1/query`, { question: BRINDLEWICK_QUESTION })).json()) as {
    run_id: string;
    citations: { chunk_id: string }[];
  };
  parse(S.QueryResponse, q, 'query');
  parse(S.SearchResponse, await (await postJson(`${server.url}/v1/search`, { query: 'barometers' })).json(), 'search');
  parse(S.SourcesResponse, await get('/v1/sources'), 'sources');
  parse(S.DocumentsResponse, await get('/v1/sources/companies/documents'), 'documents');
  parse(S.ChunkResponse, await get(`/v1/sources/companies/chunks/${q.citations[0]!.chunk_id}`), 'chunk');
  parse(S.TraceResponse, await get(`/v1/traces/${q.run_id}`), 'trace');
  parse(S.ModelList, await get('/v1/models'), 'models');
  parse(S.Model, await get('/v1/models/grounded/companies'), 'model');
  const messages = [{ role: 'user', content: BRINDLEWICK_QUESTION }];
  parse(S.ChatCompletion, await (await postJson(`${server.url}/v1/chat/completions`, { messages })).json(), 'chat');
  parse(
    S.ResponseObject,
    await (await postJson(`${server.url}/v1/responses`, { input: BRINDLEWICK_QUESTION })).json(),
    'response',
  );
  parse(S.NativeError, await (await postJson(`${server.url}/v1/query`, {})).json(), 'native error');
  parse(S.OpenAiError, await (await postJson(`${server.url}/v1/chat/completions`, {})).json(), 'openai error');
  parse(S.Health, await get('/health'), 'health');
});

test('/docs renders every operation in Chromium from the local document (no CDN)', async () => {
  const browser = await launchBrowser();
  try {
    const { page, problems } = await watchedPage(browser, `${server.url}/docs`);
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) external.push(r.url());
    });
    await page.waitForSelector('.docs-op');
    const shown = await page.$$eval('.docs-op summary code', (els) => els.map((e) => e.textContent));
    const ops = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    assert.equal(shown.length, ops);
    assert.ok(shown.includes('/v1/responses'));
    await page.click('#postV1ChatCompletions summary');
    assert.ok(await page.isVisible('#postV1ChatCompletions >> text=max_completion_tokens'));
    assert.deepEqual(problems, []);
    assert.deepEqual(external, []);
  } finally {
    await browser.close();
  }
});
