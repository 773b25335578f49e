import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { runIngest } from '../../ingest/pipeline.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { Store } from '../../src/store/index.ts';
import { fileTraceStore } from '../../src/trace/file-trace-store.ts';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { type ModelServer, startModelServer } from '../helpers/model-server.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { parseSSE, postJson, startTestServer } from '../helpers/test-server.ts';

let model: ModelServer;
let db: string;
let traces: string;
let cleanup: () => Promise<void>;
before(async () => {
  model = await startModelServer();
  const tmp = await tempDir();
  cleanup = tmp.cleanup;
  const dir = tmp.dir;
  db = join(dir, 'db');
  traces = join(dir, 'traces');
  await mkdir(join(dir, 'docs'));
  for (const [name, text] of Object.entries(ASTRONOMY)) await writeFile(join(dir, 'docs', name), text);
  const store = await Store.open(db);
  await runIngest(
    { source: 'astronomy', inputs: [join(dir, 'docs')], baseDir: join(dir, 'docs') },
    { store, embedder: createBuiltinEmbedder(1024) },
  );
  store.close();
});
after(async () => {
  await model.close();
  await cleanup();
});

const server = (graceMs: number) =>
  startServerProcess({
    GROUNDED_DB: db,
    GROUNDED_TRACES: traces,
    GROUNDED_REASONER: 'llm',
    GROUNDED_LLM_BASE_URL: model.url,
    GROUNDED_LLM_MODEL: 'slow',
    GROUNDED_SHUTDOWN_GRACE_MS: String(graceMs),
  });
const until = async (check: () => boolean, what: string) => {
  const deadline = performance.now() + 15_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`waited 15 s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const QUESTION = { question: 'How many moons does Xylo have?' };

test('SIGTERM mid-stream: streams end with an error event, traces are saved, the process exits within the grace', async (t) => {
  model.delayMs = 10_000; // the model answers long after the grace period
  const proc = await server(2000);
  t.after(() => proc.kill());
  const stream = postJson(`${proc.url}/v1/query/stream`, QUESTION).then((r) => r.text());
  const chat = (async () => {
    const client = new OpenAI({ baseURL: `${proc.url}/v1`, apiKey: 'none', maxRetries: 0 });
    const s = await client.chat.completions.create({
      model: 'grounded',
      messages: [{ role: 'user', content: QUESTION.question }],
      stream: true,
    });
    try {
      for await (const _ of s);
      return new Error('the chat stream ended without an error');
    } catch (e) {
      return e;
    }
  })();
  const calls = model.calls.length;
  await until(() => model.calls.length >= calls + 2, 'both runs to call the model');

  const signalled = performance.now();
  proc.child.kill('SIGTERM');
  await until(() => proc.output.join('').includes('shutting down'), 'the shutdown to start');
  await assert.rejects(fetch(`${proc.url}/health`), 'new connections are refused once shutdown starts');
  const { code } = await proc.exited;
  const took = performance.now() - signalled;
  assert.equal(code, 0);
  t.diagnostic(`exited ${Math.round(took)} ms after SIGTERM (grace 2000 ms)`);
  assert.ok(took < 2000 + 300, `exited ${Math.round(took)} ms after SIGTERM (grace 2000 ms)`);

  const events = parseSSE(await stream);
  const last = events.at(-1)!;
  assert.equal(last.event, 'error', `events: ${events.map((e) => e.event)}`);
  const err = JSON.parse(last.data).error;
  assert.equal(err.code, 'unavailable');
  assert.match(err.message, /shutting down/);

  const chatError = (await chat) as InstanceType<typeof OpenAI.APIError>;
  assert.ok(chatError instanceof OpenAI.APIError, String(chatError));
  assert.match(chatError.message, /shutting down/);

  const store = fileTraceStore(traces);
  const records = (await store.get(err.run_id))!;
  await store.close();
  assert.ok(records, `trace of ${err.run_id} saved`);
  assert.equal(records.at(-1)!.type, 'stop');
  assert.equal(records.at(-1)!.data.reason, 'aborted');
  assert.ok(records.some((r) => r.type === 'guardrail' && r.data.detail === 'the server is shutting down'));
});

test('SIGTERM with a run that finishes within the grace: it ends with done, then the process exits', async (t) => {
  model.delayMs = 300;
  const proc = await server(20_000);
  t.after(() => proc.kill());
  const stream = postJson(`${proc.url}/v1/query/stream`, QUESTION).then((r) => r.text());
  const calls = model.calls.length;
  await until(() => model.calls.length > calls, 'the run to call the model');
  const signalled = performance.now();
  proc.child.kill('SIGTERM');
  const { code } = await proc.exited;
  assert.equal(code, 0);
  assert.ok(performance.now() - signalled < 10_000, 'did not wait out the 20 s grace once the run was done');
  const done = parseSSE(await stream).at(-1)!;
  assert.equal(done.event, 'done');
  assert.equal(JSON.parse(done.data).status, 'answered');
});

test('a second signal exits at once', async (t) => {
  model.delayMs = 10_000;
  const proc = await server(20_000);
  t.after(() => proc.kill());
  const stream = postJson(`${proc.url}/v1/query/stream`, QUESTION)
    .then((r) => r.text())
    .catch(() => ''); // the connection is cut: an immediate exit ends no stream cleanly
  const calls = model.calls.length;
  await until(() => model.calls.length > calls, 'the run to call the model');
  const signalled = performance.now();
  proc.child.kill('SIGTERM');
  await until(() => proc.output.join('').includes('shutting down'), 'the shutdown to start');
  proc.child.kill('SIGINT');
  const { code } = await proc.exited;
  assert.equal(code, 1);
  assert.ok(performance.now() - signalled < 3000, 'the second signal did not wait for the grace period');
  await stream;
});

test('while draining, /ready is 503 and new runs are refused with 503; the run in flight finishes', async (t) => {
  model.delayMs = 200;
  const s = await startTestServer({
    sources: { astronomy: ASTRONOMY },
    env: { GROUNDED_REASONER: 'llm', GROUNDED_LLM_BASE_URL: model.url, GROUNDED_LLM_MODEL: 'slow' },
  });
  t.after(() => s.close());
  const calls = model.calls.length;
  const inFlight = postJson(`${s.url}/v1/query`, QUESTION);
  await until(() => model.calls.length > calls, 'the run to call the model');
  const drained = s.deps.runs.drain(10_000);
  const ready = await fetch(`${s.url}/ready`);
  assert.equal(ready.status, 503);
  assert.equal((await ready.json()).status, 'draining');
  const refused = await postJson(`${s.url}/v1/query`, QUESTION);
  assert.equal(refused.status, 503);
  assert.equal((await refused.json()).error.code, 'unavailable');
  assert.ok(refused.headers.get('retry-after'));
  assert.equal((await inFlight).status, 200);
  assert.deepEqual(await drained, { finished: 1, stopped: 0 });
});
