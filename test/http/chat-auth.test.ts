import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

// Distinctive keys, so finding one in the logs cannot be a coincidence of ids or text.
const KEY_A = 'sk-grounded-test-alpha-5531';
const KEY_B = 'sk-grounded-test-bravo-8820';
const WRONG = 'sk-grounded-test-wrong-1207';

let server: TestServer;
before(async () => {
  server = await startTestServer({
    sources: { companies: COMPANIES },
    env: { GROUNDED_API_KEYS: `${KEY_A},${KEY_B}` },
  });
});
after(() => server.close());

const messages = [{ role: 'user' as const, content: BRINDLEWICK_QUESTION }];

async function assertUnauthorized(res: Response) {
  assert.equal(res.status, 401);
  const body = (await res.json()) as { error: Record<string, unknown> };
  assert.deepEqual(body, {
    error: { message: body.error.message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
  });
}

test('without a key, or with a wrong one, chat and models are 401 in OpenAI shape', async () => {
  const url = `${server.url}/v1/chat/completions`;
  await assertUnauthorized(await postJson(url, { messages }));
  await assertUnauthorized(await postJson(url, { messages, stream: true }, { authorization: `Bearer ${WRONG}` }));
  await assertUnauthorized(await postJson(url, { messages }, { authorization: KEY_A })); // no "Bearer"
  await assertUnauthorized(await fetch(`${server.url}/v1/models`));
  await assertUnauthorized(
    await fetch(`${server.url}/v1/models/grounded`, { headers: { authorization: `Bearer ${WRONG}` } }),
  );
});

test('the openai client with a wrong key gets AuthenticationError; with a right key it works', async () => {
  const wrong = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: WRONG, maxRetries: 0 });
  await assert.rejects(wrong.chat.completions.create({ model: 'grounded', messages }), OpenAI.AuthenticationError);

  for (const key of [KEY_A, KEY_B]) {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });
    assert.equal((await client.models.list()).data.length, 2);
    const full = await client.chat.completions.create({ model: 'grounded', messages });
    assert.match(full.choices[0]!.message.content ?? '', /\[1\]/);
    const stream = await client.chat.completions.create({ model: 'grounded', messages, stream: true });
    let joined = '';
    for await (const chunk of stream) joined += chunk.choices[0]?.delta.content ?? '';
    assert.equal(joined, full.choices[0]!.message.content);
  }
});

test('keys, right or wrong, never appear in the server logs', async () => {
  await postJson(`${server.url}/v1/chat/completions`, { messages }, { authorization: `Bearer ${WRONG}` });
  const logs = server.logs.join('\n');
  assert.ok(server.logs.length > 5, 'the server logged its requests');
  assert.match(logs, /\/v1\/chat\/completions/);
  for (const key of [KEY_A, KEY_B, WRONG]) assert.ok(!logs.includes(key), `${key} is in the logs`);
});
