import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

type OpenAiError = { error: { message: string; type: string; param: string | null; code: string } };

async function openAiShape(res: Response, status: number, code: string) {
  const body = (await res.json()) as OpenAiError;
  assert.equal(res.status, status, JSON.stringify(body));
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'param', 'type']);
  assert.equal(body.error.type, 'invalid_request_error');
  assert.equal(body.error.code, code);
  assert.equal(body.error.param, null);
  return body.error.message;
}

test('an unknown /v1 route is a 404 in OpenAI shape naming the method and path', async () => {
  const msg = await openAiShape(await fetch(`${server.url}/v1/embeddings`, { method: 'POST' }), 404, 'not_found');
  assert.match(msg, /Invalid URL \(POST \/v1\/embeddings\)/);
  await openAiShape(await fetch(`${server.url}/v1/assistants/abc/threads`), 404, 'not_found');
});

test('a known /v1 route with the wrong method is a 405 with Allow, in OpenAI shape', async () => {
  const res = await fetch(`${server.url}/v1/chat/completions`);
  assert.equal(res.headers.get('allow'), 'POST');
  assert.match(await openAiShape(res, 405, 'method_not_allowed'), /GET is not allowed.*use POST/);
  const del = await fetch(`${server.url}/v1/models/grounded`, { method: 'DELETE' });
  assert.equal(del.headers.get('allow'), 'GET, HEAD');
  await openAiShape(del, 405, 'method_not_allowed');
});

test('the openai SDK raises NotFoundError for an endpoint grounded does not have', async () => {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  await assert.rejects(
    client.embeddings.create({ model: 'grounded', input: 'x' }),
    (e: unknown) => e instanceof OpenAI.NotFoundError && /Invalid URL/.test(e.message),
  );
});

test('outside /v1 an unknown route keeps the native error shape', async () => {
  const res = await fetch(`${server.url}/nope`);
  assert.equal(res.status, 404);
  const body = (await res.json()) as { error: { code: string; message: string } };
  assert.equal(body.error.code, 'not_found');
  assert.ok(!('type' in body.error));
});
