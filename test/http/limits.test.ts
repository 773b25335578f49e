import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { parseSSE, postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

// The operator's settings; a request may only go below them.
const ENV = {
  GROUNDED_MAX_STEPS: '3',
  GROUNDED_TOKEN_BUDGET: '2000',
  GROUNDED_DEADLINE_MS: '30000',
  GROUNDED_TOP_K: '4',
};
let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { astronomy: ASTRONOMY }, env: ENV });
});
after(() => server.close());

const QUESTION = 'How many moons does Xylo have, and who discovered them?';
type Trace = { records: { type: string; data: { limits?: { maxSteps: number; tokenBudget: number } } }[] };
const startLimits = async (runId: string) =>
  ((await (await fetch(`${server.url}/v1/traces/${runId}`)).json()) as Trace).records[0]!.data.limits!;

test('a request cannot raise the configured limits: they are cut to the settings, in the response and the trace', async () => {
  const res = await postJson(`${server.url}/v1/query`, {
    question: QUESTION,
    limits: { max_steps: 100, token_budget: 2_000_000, deadline_ms: 600_000, top_k: 50 },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.limits, { max_steps: 3, token_budget: 2000, deadline_ms: 30000, top_k: 4 });
  assert.ok(body.usage.steps <= 3, `ran ${body.usage.steps} steps`);
  assert.equal(body.stop_reason, 'max_steps', 'the configured cap, not the asked one, ended the run');
  const traced = await startLimits(body.run_id);
  assert.equal(traced.maxSteps, 3);
  assert.equal(traced.tokenBudget, 2000);
});

test('a request may lower the limits, and the stream reports them in its done event', async () => {
  const res = await postJson(`${server.url}/v1/query/stream`, {
    question: QUESTION,
    limits: { max_steps: 2, token_budget: 500, deadline_ms: 10_000 },
  });
  const done = JSON.parse(parseSSE(await res.text()).at(-1)!.data);
  assert.deepEqual(done.limits, { max_steps: 2, token_budget: 500, deadline_ms: 10_000, top_k: 4 });
  assert.ok(done.usage.steps <= 2, `ran ${done.usage.steps} steps`);
  assert.equal(done.stop_reason, 'max_steps');
  assert.equal((await startLimits(done.run_id)).maxSteps, 2);
});

test('without limits in the request a run gets the configured ones', async () => {
  const body = await (await postJson(`${server.url}/v1/query`, { question: QUESTION })).json();
  assert.deepEqual(body.limits, { max_steps: 3, token_budget: 2000, deadline_ms: 30000, top_k: 4 });
});
