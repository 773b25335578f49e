import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const IMPORTS_BROWSER = /^import .* from '\.\.\/helpers\/browser\.ts';$/m;
/** Every suite that drives the browser: the test files that import the browser helper. */
const browserSuites = (dir = 'test'): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? browserSuites(join(dir, e.name))
      : e.name.endsWith('.test.ts') && IMPORTS_BROWSER.test(readFileSync(join(dir, e.name), 'utf8'))
        ? [join(dir, e.name)]
        : [],
  );

/**
 * Without Chromium the browser suites must fail at once, naming the install command, and the run must still end:
 * a server started by a `before` hook used to stay open and hang `npm test`.
 */
test('without a browser every browser suite fails, says how to install it, and the test process ends', async () => {
  const suites = browserSuites();
  assert.ok(suites.length >= 2, `browser suites found: ${suites.join(', ')}`);
  // A child of a test process inherits NODE_TEST_CONTEXT and would report to us instead of running on its own.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...suites], {
    env: { ...env, CHROMIUM_PATH: '/nonexistent/chromium' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  assert.notEqual(code, null, `the test process hung and was killed after 120 s:\n${out.slice(-2000)}`);
  assert.notEqual(code, 0, 'the browser suites must fail, not pass, without a browser');
  assert.match(out, /apt-get install -y chromium/);
});
