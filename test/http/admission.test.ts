import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { type ModelServer, startModelServer } from '../helpers/model-server.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

let model: ModelServer;
before(async () => {
  model = await startModelServer(150); // each model call takes 0.15 s, so runs stay in flight during a burst
});
after(() => model.close());

const llmEnv = () => ({
  GROUNDED_REASONER: 'llm',
  GROUNDED_LLM_BASE_URL: model.url,
  GROUNDED_LLM_MODEL: 'slow',
});
const QUESTION = { question: 'How many moons does Xylo have?' };

describe('one run at a time, one queued', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      sources: { astronomy: ASTRONOMY },
      env: {
        ...llmEnv(),
        GROUNDED_MAX_CONCURRENT_RUNS: '1',
        GROUNDED_MAX_QUEUED_RUNS: '1',
        GROUNDED_MAX_QUEUE_WAIT_MS: '30000',
      },
    });
  });
  after(() => server.close());

  test('a burst gets 429 with Retry-After past the queue; the admitted and the queued runs answer', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => postJson(`${server.url}/v1/query`, QUESTION)));
    const statuses = replies.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 429, 429, 429, 429, 429, 429, 429, 429]);
    for (const r of replies.filter((x) => x.status === 429)) {
      assert.ok(Number(r.headers.get('retry-after')) >= 1, 'Retry-After in whole seconds');
      assert.ok(Number(r.headers.get('retry-after-ms')) > 0);
      const err = (await r.json()).error;
      assert.equal(err.code, 'overloaded');
      assert.match(err.message, /1 runs running, 1 queued/);
    }
    for (const r of replies.filter((x) => x.status === 200)) assert.equal((await r.json()).status, 'answered');
    const { run } = server.deps.runs.stats();
    assert.equal(run.rejected, 8);
    assert.equal(run.running + run.queued, 0, 'every slot was given back');
  });

  test('/metrics shows the queue depth, refusals and the trace store', async () => {
    await server.deps.traces.flush(); // the earlier runs' traces are written off the response path
    const runs = Promise.all([0, 1].map(() => postJson(`${server.url}/v1/query`, QUESTION)));
    let text = '';
    const sample = (line: string) =>
      Number(new RegExp(`^${line.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
    for (let i = 0; i < 100 && sample('grounded_admission_queued{kind="run"}') !== 1; i++)
      text = await (await fetch(`${server.url}/metrics`)).text(); // until one runs and one waits
    assert.equal(sample('grounded_admission_running{kind="run"}'), 1);
    assert.equal(sample('grounded_admission_queued{kind="run"}'), 1);
    assert.equal(sample('grounded_admission_rejected_total{kind="run"}'), 8, 'the burst before');
    assert.equal(sample('grounded_draining'), 0);
    assert.ok(sample('grounded_trace_store_files') >= 2, 'traces of the earlier runs');
    await Promise.all((await runs).map((r) => r.text()));
  });

  test('chat completions get the 429 in OpenAI shape, which the OpenAI SDK raises as a RateLimitError', async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'none', maxRetries: 0 });
    const ask = () =>
      client.chat.completions.create({ model: 'grounded', messages: [{ role: 'user', content: QUESTION.question }] });
    const results = await Promise.allSettled(Array.from({ length: 4 }, ask));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    assert.equal(refused.length, 2, 'one runs, one waits, two are refused');
    for (const e of refused) {
      assert.ok(e instanceof OpenAI.RateLimitError, String(e));
      assert.equal((e.error as { type?: string } | undefined)?.type, 'requests');
      assert.equal(e.code, 'overloaded');
    }
  });

  test('the stream route is admitted the same way: the refusal is a plain 429 before any event', async () => {
    const replies = await Promise.all(
      Array.from({ length: 3 }, () => postJson(`${server.url}/v1/query/stream`, QUESTION)),
    );
    const refused = replies.filter((r) => r.status === 429);
    assert.equal(refused.length, 1);
    assert.match(refused[0]!.headers.get('content-type') ?? '', /json/);
    await Promise.all(replies.map((r) => r.text()));
  });
});

test('a request that waits in the queue longer than the limit gets a 429', async (t) => {
  const server = await startTestServer({
    sources: { astronomy: ASTRONOMY },
    env: {
      ...llmEnv(),
      GROUNDED_MAX_CONCURRENT_RUNS: '1',
      GROUNDED_MAX_QUEUED_RUNS: '5',
      GROUNDED_MAX_QUEUE_WAIT_MS: '150',
    },
  });
  t.after(() => server.close());
  const [first, second] = await Promise.all([
    postJson(`${server.url}/v1/query`, QUESTION),
    new Promise((r) => setTimeout(r, 50)).then(() => postJson(`${server.url}/v1/query`, QUESTION)),
  ]);
  assert.equal(first.status, 200);
  assert.equal(second.status, 429);
  assert.match((await second.json()).error.message, /waited 150 ms in the queue/);
});

test('a per-key rate limit: a key over its allowance gets 429, another key does not', async (t) => {
  const server = await startTestServer({
    sources: { astronomy: ASTRONOMY },
    env: { GROUNDED_API_KEYS: 'key-a,key-b', GROUNDED_RATE_LIMIT_PER_MIN: '3' },
  });
  t.after(() => server.close());
  const search = (key: string) =>
    postJson(`${server.url}/v1/search`, { query: 'moons' }, { authorization: `Bearer ${key}` });
  const a = [];
  for (let i = 0; i < 4; i++) a.push((await search('key-a')).status);
  assert.deepEqual(a, [200, 200, 200, 429]);
  const limited = await search('key-a');
  assert.equal((await limited.json()).error.code, 'rate_limited');
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  assert.equal((await search('key-b')).status, 200);
});
