import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { CONSOLE_CSP } from '../../src/http/ui.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PUBLIC = new URL('../../src/http/ui/public/', import.meta.url);
const REQUIRED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
];

describe('web console routes', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ env: { GROUNDED_API_KEYS: 'secret-key' } });
  });
  after(() => s.close());

  for (const [path, script] of [
    ['/', 'chat.js'],
    ['/runs/run_abc123', 'run.js'],
    ['/sources', 'sources.js'],
  ] as const)
    test(`${path} is an HTML page with a strict CSP and no key needed`, async () => {
      const res = await fetch(s.url + path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const d of REQUIRED_CSP) assert.ok(csp.split(/;\s*/).includes(d), `CSP lacks ${d}: ${csp}`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      const html = await res.text();
      assert.ok(html.includes(`<script type="module" src="/assets/${script}"></script>`));
    });

  test('the chat page carries its question box in the HTML itself, not only after scripts run', async () => {
    const html = await (await fetch(s.url + '/')).text();
    assert.match(html, /<textarea id="question"[^>]*>/);
    assert.match(html, /<label for="question"/);
  });

  test('the API behind the pages still needs the key', async () => {
    assert.equal((await fetch(`${s.url}/v1/sources`)).status, 401);
    const ok = await fetch(`${s.url}/v1/sources`, { headers: { authorization: 'Bearer secret-key' } });
    assert.equal(ok.status, 200);
  });

  test('every asset a page or module refers to is served with its type', async () => {
    const names = new Set<string>();
    for (const page of ['index.html', 'run.html', 'sources.html', 'docs.html']) {
      const html = await readFile(new URL(page, PUBLIC), 'utf8');
      for (const m of html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)) names.add(m[1]!);
    }
    for (const f of (await readdir(PUBLIC)).filter((f) => f.endsWith('.js'))) {
      const js = await readFile(new URL(f, PUBLIC), 'utf8');
      for (const m of js.matchAll(/from '\.\/([^']+)'/g)) names.add(m[1]!);
    }
    assert.ok(names.has('style.css') && names.has('chat.js') && names.has('sse.js'), [...names].join(','));
    const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, svg: /^image\/svg\+xml/ };
    for (const name of names) {
      const res = await fetch(`${s.url}/assets/${name}`);
      assert.equal(res.status, 200, name);
      assert.match(res.headers.get('content-type') ?? '', types[name.split('.').pop()!]!, name);
      await res.body?.cancel();
    }
  });

  test('an unchanged asset revalidates to 304', async () => {
    const first = await fetch(`${s.url}/assets/style.css`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    await first.body?.cancel();
    const again = await fetch(`${s.url}/assets/style.css`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });

  test('nothing outside the asset folder, and no page or server file, is reachable as an asset', async () => {
    for (const path of [
      '/assets/..%2Fui.ts',
      '/assets/%2e%2e%2f%2e%2e%2fapp.ts',
      '/assets/../../package.json',
      '/assets/assets.ts',
      '/assets/index.html',
      '/assets/tsconfig.json',
      '/assets/missing.js',
    ]) {
      const res = await fetch(s.url + path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(await res.text(), /"compilerOptions"|import \{|"dependencies"/, path);
    }
  });

  test('the CSP names no inline sources', () => {
    assert.doesNotMatch(CONSOLE_CSP, /unsafe-inline|unsafe-eval|\*/);
  });
});

describe('web console assets', () => {
  test('pages have no inline script, style or event-handler attribute', async () => {
    for (const page of ['index.html', 'run.html', 'sources.html', 'docs.html']) {
      const html = await readFile(new URL(page, PUBLIC), 'utf8');
      assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, page);
      assert.doesNotMatch(html, /\sstyle=|<style|\son[a-z]+=/i, page);
    }
  });

  test('scripts never turn strings into markup or code', async () => {
    for (const f of (await readdir(PUBLIC)).filter((f) => f.endsWith('.js'))) {
      const js = await readFile(new URL(f, PUBLIC), 'utf8');
      assert.doesNotMatch(
        js,
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|createContextualFragment/,
        f,
      );
    }
  });
});
