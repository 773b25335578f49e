import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

type Cited = { n: number; doc_id: string; source: string; text: string };
type Grounded = { run_id: string; status: string; refusal_reason: string | null };

let server: TestServer;
let client: OpenAI;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
after(() => server.close());

const messages = [{ role: 'user' as const, content: BRINDLEWICK_QUESTION }];

test('the model list offers all sources and each source, in OpenAI shape', async () => {
  const models = await client.models.list();
  assert.deepEqual(
    models.data.map((m) => m.id),
    ['grounded', 'grounded/companies'],
  );
  for (const m of models.data) {
    assert.equal(m.object, 'model');
    assert.equal(m.owned_by, 'grounded');
    assert.ok(Number.isInteger(m.created) && m.created > 1_600_000_000, `created is a unix time: ${m.created}`);
  }
  assert.equal((await client.models.retrieve('grounded/companies')).id, 'grounded/companies');
});

test('a completion answers with [n] markers, a Sources list, machine-readable citations and usage', async () => {
  // Fields a frontend sends and we do not use are accepted.
  const res = await client.chat.completions.create({
    model: 'grounded',
    messages,
    temperature: 0.3,
    top_p: 0.9,
    max_tokens: 200,
    n: 1,
    user: 'someone',
  });
  const content = res.choices[0]!.message.content ?? '';
  assert.match(content, /barometers.*\[1\]/s);
  assert.match(content, /\n\nSources:\n\[1\] Brindlewick Instruments/);
  assert.equal(res.choices[0]!.finish_reason, 'stop');
  const raw = res as unknown as { citations: Cited[]; grounded: Grounded };
  const onMessage = res.choices[0]!.message as unknown as { citations: Cited[]; grounded: Grounded };
  assert.equal(raw.citations[0]!.doc_id, 'brindlewick.md');
  assert.deepEqual(onMessage.citations, raw.citations);
  assert.equal(raw.grounded.status, 'answered');
  assert.match(raw.grounded.run_id, /^run_/);
  assert.ok(res.usage && res.usage.prompt_tokens > 0 && res.usage.completion_tokens > 0);
  assert.equal(res.usage.total_tokens, res.usage.prompt_tokens + res.usage.completion_tokens);
});

test('the streamed content, joined, equals the non-streamed content, and the last chunk carries the citations', async () => {
  const full = await client.chat.completions.create({ model: 'grounded/companies', messages });
  const stream = await client.chat.completions.create({
    model: 'grounded/companies',
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
  const chunks: OpenAI.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const joined = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
  assert.equal(joined, full.choices[0]!.message.content);
  assert.equal(chunks[0]!.choices[0]!.delta.role, 'assistant');
  assert.ok(chunks.every((c) => c.id === chunks[0]!.id && c.object === 'chat.completion.chunk'));
  // The Sources list is the last content delta.
  const contentChunks = chunks.filter((c) => c.choices[0]?.delta.content);
  assert.match(contentChunks.at(-1)!.choices[0]!.delta.content!, /^\n\nSources:\n/);

  const final = chunks.find((c) => c.choices[0]?.finish_reason === 'stop');
  assert.ok(final, 'a chunk with finish_reason stop');
  const citations = (final as unknown as { citations: Cited[] }).citations;
  assert.deepEqual(citations, (full as unknown as { citations: Cited[] }).citations);
  assert.deepEqual((final.choices[0]!.delta as unknown as { citations: Cited[] }).citations, citations);
  const usage = chunks.at(-1)!;
  assert.deepEqual(usage.choices, []);
  assert.deepEqual(usage.usage, full.usage);
});

test('the raw stream ends with data: [DONE]', async () => {
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'grounded', messages, stream: true }),
  });
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const lines = (await res.text()).split('\n').filter((l) => l.startsWith('data: '));
  assert.equal(lines.at(-1), 'data: [DONE]');
  // Without include_usage there is no usage chunk and no usage field.
  assert.ok(lines.slice(0, -1).every((l) => !('usage' in JSON.parse(l.slice(6)))));
});

test('a refusal is a normal assistant message that says what was missing', async () => {
  const q = 'What is the boiling point of liquid nitrogen?';
  const res = await client.chat.completions.create({ model: 'grounded', messages: [{ role: 'user', content: q }] });
  const content = res.choices[0]!.message.content ?? '';
  assert.equal(res.choices[0]!.finish_reason, 'stop');
  assert.match(content, /What was missing: no passage in companies supports an answer to/);
  assert.ok(content.includes(q), content);
  const raw = res as unknown as { citations: Cited[]; grounded: Grounded };
  assert.equal(raw.grounded.status, 'refused');
  assert.ok(raw.grounded.refusal_reason, 'a refusal reason');
  assert.ok(content.includes(`reason: ${raw.grounded.refusal_reason}`));
  assert.deepEqual(raw.citations, []);

  const stream = await client.chat.completions.create({
    model: 'grounded',
    messages: [{ role: 'user', content: q }],
    stream: true,
  });
  let joined = '';
  for await (const chunk of stream) joined += chunk.choices[0]?.delta.content ?? '';
  assert.equal(joined, content);
});

test('an unknown model is a 404 the SDK reports as model_not_found on param "model"', async () => {
  await assert.rejects(
    client.chat.completions.create({ model: 'gpt-4o', messages }),
    (e: unknown) =>
      e instanceof OpenAI.NotFoundError &&
      e.code === 'model_not_found' &&
      e.param === 'model' &&
      /gpt-4o/.test(e.message),
  );
  await assert.rejects(client.models.retrieve('grounded/nope'), OpenAI.NotFoundError);
});
