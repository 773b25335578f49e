import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
});
after(() => server.close());

const user = (content: unknown) => ({ role: 'user', content });

/** OpenAI's error body, exactly: {error: {message, type, param, code}}. */
async function assertOpenAiError(res: Response, status: number, param: string | null, code: string) {
  const body = (await res.json()) as { error: Record<string, unknown> };
  assert.equal(res.status, status, JSON.stringify(body));
  assert.deepEqual(Object.keys(body), ['error']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'param', 'type']);
  assert.equal(body.error.param, param);
  assert.equal(body.error.code, code);
  assert.equal(body.error.type, 'invalid_request_error');
  assert.ok(typeof body.error.message === 'string' && body.error.message.length > 10);
  return body.error.message as string;
}

const chat = (body: unknown) => postJson(`${server.url}/v1/chat/completions`, body);

test('no messages, or an empty list, is a 400 naming "messages"', async () => {
  assert.match(await assertOpenAiError(await chat({ model: 'grounded' }), 400, 'messages', 'bad_request'), /required/);
  assert.match(
    await assertOpenAiError(await chat({ model: 'grounded', messages: [] }), 400, 'messages', 'bad_request'),
    /must not be empty/,
  );
  await assertOpenAiError(await chat({ messages: 'hello' }), 400, 'messages', 'bad_request');
});

test('wrong roles are a 400 naming the message', async () => {
  const msg = await assertOpenAiError(
    await chat({ messages: [{ role: 'bot', content: 'hi' }] }),
    400,
    'messages[0].role',
    'bad_request',
  );
  assert.match(msg, /system, developer, user, assistant, tool/);
  // A tool result is context, not the question: a conversation ending with one has no question.
  await assertOpenAiError(
    await chat({ messages: [user('hi'), { role: 'tool', content: 'x', tool_call_id: 'c1' }] }),
    400,
    'messages[1].role',
    'bad_request',
  );
  // The question must be the user's: a conversation ending with the assistant has none.
  await assertOpenAiError(
    await chat({ messages: [user('hi'), { role: 'assistant', content: 'hello' }] }),
    400,
    'messages[1].role',
    'bad_request',
  );
});

test('content must have text: empty, missing, image-only or unknown content is a 400 naming it', async () => {
  await assertOpenAiError(await chat({ messages: [user('   ')] }), 400, 'messages[0].content', 'bad_request');
  await assertOpenAiError(await chat({ messages: [{ role: 'user' }] }), 400, 'messages[0].content', 'bad_request');
  // Image parts are dropped (with a note); a question that was only an image has no text left.
  const msg = await assertOpenAiError(
    await chat({ messages: [user([{ type: 'image_url', image_url: { url: 'https://x/y.png' } }])] }),
    400,
    'messages[0].content',
    'bad_request',
  );
  assert.match(msg, /no text.*image/);
  const unknownPart = await assertOpenAiError(
    await chat({ messages: [user([{ type: 'hologram', data: 'x' }])] }),
    400,
    'messages[0].content[0]',
    'bad_request',
  );
  assert.match(unknownPart, /unknown content part type "hologram"/);
  await assertOpenAiError(await chat({ messages: [user(42)] }), 400, 'messages[0].content', 'bad_request');
});

test('a 1 MB message is a 413 naming "messages"; an over-long question under the body limit is a 400', async () => {
  const big = await chat({ model: 'grounded', messages: [user('x '.repeat(512 * 1024))] });
  assert.match(await assertOpenAiError(big, 413, 'messages', 'payload_too_large'), /limit is 262144/);
  const long = await chat({ messages: [user('word '.repeat(1000))] });
  assert.match(await assertOpenAiError(long, 400, 'messages[0].content', 'bad_request'), /limit is 4000/);
});

test('invalid JSON is a 400 with code invalid_json', async () => {
  await assertOpenAiError(await chat('{"messages": [}'), 400, null, 'invalid_json');
  await assertOpenAiError(await chat('[1, 2]'), 400, null, 'bad_request');
});

test('wrongly typed known fields are named; unknown fields are ignored', async () => {
  await assertOpenAiError(await chat({ messages: [user('hi')], stream: 'yes' }), 400, 'stream', 'bad_request');
  await assertOpenAiError(await chat({ messages: [user('hi')], model: 7 }), 400, 'model', 'bad_request');
  const ok = await chat({
    messages: [user('What does Tessaly Bio develop?')],
    tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
    tool_choice: 'auto',
    response_format: { type: 'text' },
    frequency_penalty: 0,
    seed: 1,
    logit_bias: {},
    some_future_field: { a: 1 },
  });
  assert.equal(ok.status, 200);
  // With no model the request uses `grounded`, every source.
  const body = (await ok.json()) as { model: string; choices: { message: { content: string } }[] };
  assert.equal(body.model, 'grounded');
  assert.match(body.choices[0]!.message.content, /enzyme assays/);
});

test('the openai SDK surfaces our 400s as BadRequestError with the param', async () => {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  await assert.rejects(
    client.chat.completions.create({ model: 'grounded', messages: [{ role: 'assistant', content: 'hi' }] }),
    (e: unknown) => e instanceof OpenAI.BadRequestError && e.param === 'messages[0].role',
  );
});

test('a store with no sources is a 503 in OpenAI shape, before any stream starts', async () => {
  const empty = await startTestServer();
  try {
    for (const stream of [false, true]) {
      const res = await postJson(`${empty.url}/v1/chat/completions`, { messages: [user('hi')], stream });
      assert.equal(res.status, 503);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      const body = (await res.json()) as { error: { type: string; message: string } };
      assert.equal(body.error.type, 'server_error');
      assert.match(body.error.message, /npm run ingest/);
    }
  } finally {
    await empty.close();
  }
});
