import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { type EmbeddingServer, startEmbeddingServer } from '../helpers/embedding-server.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

/** A stand-in for a remote OpenAI-compatible chat model: answers each decision from a script, records headers. */
const llmCalls: IncomingHttpHeaders[] = [];
const replies: Record<string, string> = {
  rewrite: JSON.stringify({ question: 'Xylo moons count', subqueries: [] }),
  grade: JSON.stringify({
    subquestions: [{ query: 'Xylo moons', covered: true }],
    action: 'answer',
    reason: 'the evidence states it',
  }),
  compose: JSON.stringify({ answer: 'Xylo has seven moons [1].' }),
  verify: JSON.stringify({ verdicts: [{ claim: 0, supported: true, cites: [1] }] }),
};

let llm: Server;
let embeddings: EmbeddingServer;
let server: TestServer;
before(async () => {
  llm = createServer(async (req, res) => {
    let s = '';
    for await (const c of req) s += c;
    const body = JSON.parse(s);
    llmCalls.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: replies[body.response_format?.json_schema?.name] ?? '{}' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
      }),
    );
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  embeddings = await startEmbeddingServer({ dims: 16 });
  server = await startTestServer({
    sources: { astronomy: ASTRONOMY },
    env: {
      GROUNDED_REASONER: 'llm',
      GROUNDED_LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
      GROUNDED_LLM_MODEL: 'test-model',
      GROUNDED_EMBEDDER: 'openai-compatible',
      GROUNDED_EMBED_BASE_URL: embeddings.url,
      GROUNDED_EMBED_MODEL: 'test-embed',
    },
  });
});
after(async () => {
  await server.close();
  await embeddings.close();
  await new Promise((r) => llm.close(r));
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const question = { question: 'how many moons has xylo', sources: ['astronomy'] };
type Trace = { records: { type: string; data: Record<string, unknown> }[] };

test("a caller's X-Request-Id is echoed and written to the request log line and the run's trace", async () => {
  const res = await postJson(`${server.url}/v1/query`, question, { 'x-request-id': 'client-42.a' });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-request-id'), 'client-42.a');
  const body = (await res.json()) as { run_id: string };
  const lines = server.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
  const request = lines.find((l) => l.msg === 'request' && l.request_id === 'client-42.a');
  assert.ok(request, 'the request log line carries the id');
  assert.equal(request.path, '/v1/query');
  const run = lines.find((l) => l.msg === 'run finished' && l.run_id === body.run_id);
  assert.equal(run?.request_id, 'client-42.a');
  const trace = (await (await fetch(`${server.url}/v1/traces/${body.run_id}`)).json()) as Trace;
  const start = trace.records.find((r) => r.type === 'start')!;
  assert.equal(start.data.request_id, 'client-42.a');
  assert.match(String(start.data.trace_id), /^[0-9a-f]{32}$/);
});

test('without one (or with a malformed one) a request id is generated; errors carry it too', async () => {
  const a = await fetch(`${server.url}/health`);
  const b = await fetch(`${server.url}/health`, { headers: { 'x-request-id': 'has spaces and "quotes"' } });
  const c = await postJson(`${server.url}/v1/query`, { question: '' });
  for (const res of [a, b, c]) assert.match(res.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{24}$/);
  assert.notEqual(a.headers.get('x-request-id'), b.headers.get('x-request-id'));
  assert.equal(c.status, 422);
});

test("the caller's W3C traceparent reaches every model and embedding call the request makes", async () => {
  llmCalls.length = 0;
  const before = embeddings.requests.length;
  const res = await postJson(`${server.url}/v1/query`, question, {
    traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`,
    tracestate: 'vendor=abc',
  });
  assert.equal(res.status, 200);
  const { run_id } = (await res.json()) as { run_id: string };
  const embedCalls = embeddings.requests.slice(before).map((r) => r.headers);
  assert.ok(llmCalls.length >= 3 && embedCalls.length >= 1, `${llmCalls.length} model, ${embedCalls.length} embed`);
  const parents = new Set<string>();
  for (const h of [...llmCalls, ...embedCalls]) {
    const m = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(h.traceparent));
    assert.ok(m, `traceparent ${h.traceparent}`);
    assert.equal(m[1], TRACE_ID);
    parents.add(m[2]!);
    assert.equal(h.tracestate, 'vendor=abc');
  }
  // Our span for the request is the parent of the calls: one new id, not the caller's.
  assert.equal(parents.size, 1);
  assert.ok(!parents.has('00f067aa0ba902b7'));
  const trace = (await (await fetch(`${server.url}/v1/traces/${run_id}`)).json()) as Trace;
  assert.equal(trace.records.find((r) => r.type === 'start')!.data.trace_id, TRACE_ID);
});

test('without a traceparent the calls still carry one trace per request; ingestion outside requests carries none', async () => {
  llmCalls.length = 0;
  await postJson(`${server.url}/v1/query`, question);
  const ids = new Set(llmCalls.map((h) => String(h.traceparent).split('-')[1]));
  assert.equal(ids.size, 1);
  assert.match([...ids][0]!, /^[0-9a-f]{32}$/);
  // The corpus was embedded by the test's ingest before any request: no trace context there.
  assert.equal(embeddings.requests[0]!.headers.traceparent, undefined);
});
