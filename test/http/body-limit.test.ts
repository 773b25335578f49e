import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-db.ts';

type Reply = { status: number; body: string; sent: number };

/**
 * POST `total` bytes in 64 KB pieces with chunked framing (no content-length) or a declared length; stops sending
 * once the server has answered, as a real client would when the server gave up on its body.
 */
function send(url: string, total: number, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const piece = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, sent }));
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

let server: ServerProcess;
let cleanup: () => Promise<void>;
before(async () => {
  const { dir, cleanup: rm } = await tempDir();
  cleanup = rm;
  server = await startServerProcess({ GROUNDED_DB: `${dir}/db`, GROUNDED_TRACES: `${dir}/traces` });
});
after(async () => {
  server.kill();
  await server.exited;
  await cleanup();
});

test('a 50 MB chunked body is cut at the limit: 413 in our error shape, and the server memory stays flat', async () => {
  await send(`${server.url}/v1/query`, 1024 * 1024); // warm the route's code paths before measuring
  const before = server.rssMb();
  const r = await send(`${server.url}/v1/query`, 50 * 1024 * 1024);
  const grew = server.rssMb() - before;
  assert.equal(r.status, 413);
  const err = JSON.parse(r.body).error;
  assert.equal(err.code, 'payload_too_large');
  assert.equal(err.limit, 256 * 1024);
  assert.match(err.message, /limit is 262144 bytes/);
  assert.ok(grew < 30, `server RSS grew ${grew.toFixed(1)} MB for a 50 MB body`);
  assert.ok(r.sent < 50 * 1024 * 1024, 'the server answered before the client finished sending');
});

test('the chat route cuts a chunked body the same way, in OpenAI error shape', async () => {
  const r = await send(`${server.url}/v1/chat/completions`, 2 * 1024 * 1024);
  assert.equal(r.status, 413);
  const err = JSON.parse(r.body).error;
  assert.equal(err.code, 'payload_too_large');
  assert.equal(err.param, 'messages');
  assert.equal(err.type, 'invalid_request_error');
});

test('a declared length over the limit is refused before the body is read', async () => {
  const started = performance.now();
  const r = await send(`${server.url}/v1/search`, 64 * 1024, { 'content-length': String(20 * 1024 * 1024) });
  assert.equal(r.status, 413);
  assert.match(JSON.parse(r.body).error.message, /20971520 bytes/);
  assert.ok(performance.now() - started < 5000, 'answered without waiting for the 20 MB it announced');
});

test('the server keeps serving after cutting bodies off', async () => {
  const res = await fetch(`${server.url}/health`);
  assert.equal(res.status, 200);
});
