import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES }, env: { GROUNDED_API_KEYS: 'sk-m' } });
});
after(() => server.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus text exposition format: `# HELP`/`# TYPE` lines and `name{label="value",…} number` samples. */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { samples, types };
}

const auth = { authorization: 'Bearer sk-m' };
const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);

test('/metrics is scraped and parsed after a few requests: routes, statuses, latency, runs, tokens, sources', async () => {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-m', maxRetries: 0 });
  for (let i = 0; i < 2; i++)
    assert.equal((await postJson(`${server.url}/v1/query`, { question: BRINDLEWICK_QUESTION }, auth)).status, 200);
  await client.chat.completions.create({
    model: 'grounded',
    messages: [{ role: 'user', content: BRINDLEWICK_QUESTION }],
  });
  await client.responses.create({ model: 'grounded', input: 'What is the boiling point of liquid nitrogen?' });
  assert.equal((await fetch(`${server.url}/v1/sources/companies/documents`, { headers: auth })).status, 200);
  assert.equal((await fetch(`${server.url}/v1/nope`, { headers: auth })).status, 404);
  assert.equal((await fetch(`${server.url}/v1/query`, { method: 'POST' })).status, 401);

  assert.equal((await fetch(`${server.url}/metrics`)).status, 401, 'the same key as the API');
  const res = await fetch(`${server.url}/metrics`, { headers: auth });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const { samples, types } = parseMetrics(await res.text());

  const requests = 'grounded_http_requests_total';
  assert.equal(types.get(requests), 'counter');
  assert.equal(value(samples, requests, { method: 'POST', route: '/v1/query', status: '200' }), 2);
  assert.equal(value(samples, requests, { method: 'POST', route: '/v1/query', status: '401' }), 1);
  assert.equal(value(samples, requests, { route: '/v1/chat/completions', status: '200' }), 1);
  assert.equal(value(samples, requests, { route: '/v1/responses', status: '200' }), 1);
  // Route patterns, not raw paths: label values stay few.
  assert.equal(value(samples, requests, { route: '/v1/sources/:name/documents', status: '200' }), 1);
  assert.equal(value(samples, requests, { route: 'unmatched', status: '404' }), 1);

  assert.equal(types.get('grounded_http_request_duration_seconds'), 'histogram');
  const count = value(samples, 'grounded_http_request_duration_seconds_count', { route: '/v1/query' });
  assert.equal(count, 3);
  assert.equal(value(samples, 'grounded_http_request_duration_seconds_bucket', { route: '/v1/query', le: '+Inf' }), 3);
  assert.ok(value(samples, 'grounded_http_request_duration_seconds_sum', { route: '/v1/query' }) > 0);

  assert.equal(value(samples, 'grounded_runs_total', { status: 'answered', stop_reason: 'answered' }), 3);
  assert.equal(value(samples, 'grounded_runs_total', { status: 'refused' }), 1);
  assert.equal(value(samples, 'grounded_run_duration_seconds_count', {}), 4);
  assert.ok(value(samples, 'grounded_tokens_total', { kind: 'input' }) > 0);
  assert.ok(value(samples, 'grounded_tokens_total', { kind: 'output' }) > 0);

  const sources = (await (await fetch(`${server.url}/v1/sources`, { headers: auth })).json()) as {
    sources: { name: string; rows: number; documents: number }[];
  };
  assert.equal(value(samples, 'grounded_source_chunks', { source: 'companies' }), sources.sources[0]!.rows);
  assert.equal(value(samples, 'grounded_source_documents', { source: 'companies' }), 5);
  assert.ok(value(samples, 'grounded_source_last_ingest_timestamp_seconds', { source: 'companies' }) > 1.6e9);
  assert.ok(value(samples, 'process_resident_memory_bytes', {}) > 0, 'Node process metrics too');
});
