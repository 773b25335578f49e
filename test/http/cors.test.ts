import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

/** Another web app: a plain page on its own port, so its origin differs from the API's. */
let app: Server;
let appOrigin: string;
let api: TestServer;
let browser: Browser;
before(async () => {
  requireChromium(); // before anything starts: a missing browser fails here and leaves nothing open
  app = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>another app</title><p>hello');
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  api = await startTestServer({
    sources: { companies: COMPANIES },
    env: { GROUNDED_CORS_ORIGINS: `https://other.example, ${appOrigin}`, GROUNDED_API_KEYS: 'sk-cors-test' },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await api?.close();
  await new Promise((r) => app?.close(r) ?? r(undefined));
});

const preflight = (origin: string, path = '/v1/chat/completions') =>
  fetch(`${api.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-stainless-os',
    },
  });

test('a preflight from a configured origin is answered (204) before auth, allowing the asked headers', async () => {
  const res = await preflight(appOrigin);
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), appOrigin);
  assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.equal(res.headers.get('access-control-allow-headers'), 'authorization,content-type,x-stainless-os');
  assert.equal(res.headers.get('access-control-max-age'), '600');
  assert.match(res.headers.get('vary') ?? '', /Origin/);
  // Every /v1 route and /mcp take preflights the same way.
  for (const path of ['/v1/responses', '/v1/query', '/v1/models', '/mcp'])
    assert.equal((await preflight(appOrigin, path)).headers.get('access-control-allow-origin'), appOrigin, path);
});

test('an origin not configured gets no CORS headers, so the browser blocks it', async () => {
  const res = await preflight('https://evil.example');
  assert.equal(res.headers.get('access-control-allow-origin'), null);
});

test('without GROUNDED_CORS_ORIGINS there are no CORS headers at all', async () => {
  const plain = await startTestServer();
  try {
    const res = await fetch(`${plain.url}/health`, { headers: { origin: appOrigin } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  } finally {
    await plain.close();
  }
});

/** A chat request from inside a page: a real cross-origin fetch with a bearer key, so the browser preflights it. */
async function chatFromPage(pageUrl: string) {
  const page = await browser.newPage();
  try {
    await page.goto(pageUrl);
    return await page.evaluate(
      async ({ url, question }) => {
        try {
          const r = await fetch(url, {
            method: 'POST',
            headers: { authorization: 'Bearer sk-cors-test', 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'grounded', messages: [{ role: 'user', content: question }] }),
          });
          const body = await r.json();
          return {
            status: r.status,
            requestId: r.headers.get('x-request-id'),
            content: body.choices[0].message.content,
          };
        } catch (e) {
          return { error: String(e) };
        }
      },
      { url: `${api.url}/v1/chat/completions`, question: BRINDLEWICK_QUESTION },
    );
  } finally {
    await page.close();
  }
}

test('Chromium: a page on the configured origin calls the chat API cross-origin and reads the reply', async () => {
  const r = await chatFromPage(`${appOrigin}/`);
  assert.ok(!('error' in r), JSON.stringify(r));
  assert.equal(r.status, 200);
  assert.match(r.content, /barometers.*\[1\]/s);
  // X-Request-Id is exposed to the page.
  assert.match(r.requestId ?? '', /^req_[0-9a-f]{24}$/);
});

test('Chromium: the same page served from an origin not configured is blocked', async () => {
  const other = appOrigin.replace('127.0.0.1', 'localhost');
  const r = await chatFromPage(`${other}/`);
  assert.ok('error' in r, JSON.stringify(r));
  assert.match(String(r.error), /Failed to fetch/);
});
