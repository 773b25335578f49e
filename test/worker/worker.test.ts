import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { scriptedWorkersAi } from '../helpers/scripted-workers-ai.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { bundleSize, type RunningWorker, startWorker } from '../helpers/worker.ts';
import { COMPANIES } from '../http/chat-corpus.ts';

// The Worker bundle (wrangler deploy --dry-run) running in workerd, in front of a real Node retrieval node on
// localhost: the agent runs in workerd, every search and source read goes over HTTP with the node key.
const KEY = 'worker-node-key-0123456789abcdef';
type Citation = { source: string; chunk_id: string; start: number; end: number; text: string };
type R2Reader = { get(key: string): Promise<{ text(): Promise<string> } | null> };
type Reply = { run_id: string; status: string; answer: string; citations: Citation[] };

let node: TestServer;
let worker: RunningWorker;
before(async () => {
  node = await startTestServer({ sources: { companies: COMPANIES }, env: { GROUNDED_NODE_KEY: KEY } });
  worker = await startWorker({ GROUNDED_RETRIEVAL_URL: node.url, GROUNDED_NODE_KEY: KEY });
});
after(async () => {
  await worker?.close();
  await node?.close();
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Every citation is an exact slice of the node's chunk (hence of its document): start/end are document offsets. */
async function assertSlices(citations: Citation[]) {
  assert.ok(citations.length > 0, 'cited');
  for (const c of citations) {
    const r = await fetch(`${node.url}/v1/sources/${c.source}/chunks/${c.chunk_id}?context=0`);
    const { chunk } = (await r.json()) as { chunk: { start: number; text: string } };
    assert.equal(chunk.text.slice(c.start - chunk.start, c.end - chunk.start), c.text, c.chunk_id);
  }
}

describe('the Workers front in workerd over a Node retrieval node', { timeout: 120_000 }, () => {
  test('a question is answered with citations that slice the node documents exactly, as the node itself answers', async () => {
    const question = 'Where was Veltrane Robotics founded, and by whom?';
    const r = await post(`${worker.url}/v1/query`, { question });
    assert.equal(r.status, 200);
    const reply = (await r.json()) as Reply;
    assert.equal(reply.status, 'answered');
    assert.match(reply.answer, /Tampere/);
    await assertSlices(reply.citations);
    // Same agent code, same store: the node's own answer is the same.
    const direct = (await (await post(`${node.url}/v1/query`, { question })).json()) as Reply;
    assert.equal(reply.answer, direct.answer);
    assert.deepEqual(reply.citations, direct.citations);
    // The run's trace is in the Worker's R2 bucket, in the stored layout, served by the Worker.
    const trace = (await (await fetch(`${worker.url}/v1/traces/${reply.run_id}`)).json()) as {
      records: { type: string }[];
    };
    assert.ok(trace.records.some((x) => x.type === 'retrieval'));
    // (Miniflare types its R2 binding with @cloudflare/workers-types, which this project does not install.)
    const bucket = (await worker.mf.getR2Bucket('TRACES')) as unknown as R2Reader;
    const stored = await bucket.get(`traces/${reply.run_id}.jsonl`);
    assert.match(JSON.parse((await stored!.text()).trim()).deflated, /^[A-Za-z0-9+/=]+$/);
  });

  test('the stream ends with done equal to the JSON reply', async () => {
    const r = await post(`${worker.url}/v1/query/stream`, { question: 'When was Quorvex Foods founded?' });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /text\/event-stream/);
    const text = await r.text();
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => [m[1], JSON.parse(m[2]!)] as const);
    assert.ok(events.some(([e]) => e === 'retrieval'));
    const done = events.find(([e]) => e === 'done')![1] as Reply;
    assert.equal(done.status, 'answered');
    assert.match(done.answer, /2004/);
    await assertSlices(done.citations);
  });

  test('chat completions with the openai SDK, plain and streamed; models and sources read through the node', async () => {
    const client = new OpenAI({ baseURL: `${worker.url}/v1`, apiKey: 'unused' });
    const models = await client.models.list();
    assert.ok(models.data.some((m) => m.id.includes('companies')));
    const question = 'Who founded Brindlewick Instruments?';
    const plain = await client.chat.completions.create({
      model: 'grounded',
      messages: [{ role: 'user', content: question }],
    });
    assert.match(plain.choices[0]!.message.content ?? '', /Harriet Oakes/);
    const stream = await client.chat.completions.create({
      model: 'grounded',
      messages: [{ role: 'user', content: question }],
      stream: true,
    });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
    assert.equal(streamed, plain.choices[0]!.message.content);
    const sources = (await (await fetch(`${worker.url}/v1/sources`)).json()) as {
      sources: { name: string; documents: number }[];
    };
    assert.deepEqual(
      sources.sources.map((s) => [s.name, s.documents]),
      [['companies', Object.keys(COMPANIES).length]],
    );
    const page = await fetch(`${worker.url}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<!doctype html>/i);
  });

  test('through a RETRIEVAL service binding instead of a URL; API keys from the Worker secrets guard its routes', async () => {
    const apiKey = 'front-api-key-0123456789';
    const bound = await startWorker(
      { GROUNDED_NODE_KEY: KEY, GROUNDED_API_KEYS: apiKey },
      { retrievalBinding: new URL(node.url).host },
    );
    try {
      const question = { question: 'Where was Veltrane Robotics founded, and by whom?' };
      const refused = await post(`${bound.url}/v1/query`, question);
      assert.equal(refused.status, 401);
      const r = await fetch(`${bound.url}/v1/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify(question),
      });
      assert.equal(r.status, 200);
      const reply = (await r.json()) as Reply;
      assert.match(reply.answer, /Tampere/);
      await assertSlices(reply.citations);
    } finally {
      await bound.close();
    }
  });

  test('GROUNDED_REASONER=workers-ai: the agent decides through the AI binding (a scripted stand-in) and cites exactly', async () => {
    const model = '@cf/meta/llama-3.1-8b-instruct';
    const ai = scriptedWorkersAi(model, {
      condense: { question: 'Who founded Brindlewick Instruments?' },
      rewrite: { question: 'Who founded Brindlewick Instruments?', subqueries: [] },
      grade: { subquestions: [{ query: 'Brindlewick founder', covered: true }], action: 'answer', reason: 'stated' },
      compose: { answer: 'Brindlewick Instruments was founded by Harriet Oakes [1].' },
      verify: { verdicts: [{ claim: 0, supported: true, cites: [1] }] },
    });
    const front = await startWorker(
      {
        GROUNDED_RETRIEVAL_URL: node.url,
        GROUNDED_NODE_KEY: KEY,
        GROUNDED_REASONER: 'workers-ai',
        GROUNDED_LLM_MODEL: model,
      },
      { ai },
    );
    try {
      const r = await post(`${front.url}/v1/query`, { question: 'Who founded Brindlewick Instruments?' });
      assert.equal(r.status, 200);
      const reply = (await r.json()) as Reply;
      assert.equal(reply.status, 'answered');
      assert.match(reply.answer, /^Brindlewick Instruments was founded by Harriet Oakes/);
      await assertSlices(reply.citations);
      assert.ok(reply.citations.some((c) => /Harriet Oakes/.test(c.text)));
    } finally {
      await front.close();
    }
  });

  test('the bundle fits the Workers size limit of the Free plan (3 MB gzipped)', () => {
    const size = bundleSize();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
    console.log(`Worker bundle: ${size.modules} modules, ${mb(size.bytes)} MB, ${mb(size.gzipBytes)} MB gzipped`);
    assert.ok(size.gzipBytes < 3 * 1024 * 1024, `${mb(size.gzipBytes)} MB gzipped`);
  });

  test('a node that is down gives a clear 503 at once, not a hang; a wrong node key is named', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const down = await startWorker({ GROUNDED_RETRIEVAL_URL: `http://127.0.0.1:${closed}`, GROUNDED_NODE_KEY: KEY });
    const wrongKey = await startWorker({
      GROUNDED_RETRIEVAL_URL: node.url,
      GROUNDED_NODE_KEY: 'not-the-node-key-0123',
    });
    try {
      const started = Date.now();
      const r = await post(`${down.url}/v1/query`, { question: 'Who founded Brindlewick Instruments?' });
      assert.ok(Date.now() - started < 5000);
      assert.equal(r.status, 503);
      assert.equal(r.headers.get('retry-after'), '1');
      const body = (await r.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'unavailable');
      assert.match(body.error.message, new RegExp(`retrieval node at http://127.0.0.1:${closed} cannot be reached`));
      const health = await fetch(`${down.url}/health`);
      assert.equal(health.status, 200, 'the front itself is alive');
      const ready = await fetch(`${down.url}/ready`);
      assert.equal(ready.status, 503);
      const k = await post(`${wrongKey.url}/v1/search`, { query: 'barometers' });
      assert.equal(k.status, 503);
      assert.match(((await k.json()) as { error: { message: string } }).error.message, /GROUNDED_NODE_KEY/);
    } finally {
      await down.close();
      await wrongKey.close();
    }
  });
});
