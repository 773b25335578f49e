import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';

/**
 * Without Chromium the browser suites must fail at once, naming the install command, and the run must still end:
 * a server started by a `before` hook used to stay open and hang `npm test`.
 */
test('a missing browser fails the console suite at once and the test process ends', async () => {
  const started = performance.now();
  // A child of a test process inherits NODE_TEST_CONTEXT and would report to us instead of running on its own.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', 'test/e2e/console.test.ts'], {
    env: { ...env, CHROMIUM_PATH: '/nonexistent/chromium' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  assert.notEqual(code, null, `the test process hung and was killed after 60 s:\n${out.slice(-2000)}`);
  assert.notEqual(code, 0, 'the browser suites must fail, not pass, without a browser');
  assert.match(out, /apt-get install -y chromium/);
  assert.ok(performance.now() - started < 30_000, `took ${Math.round(performance.now() - started)} ms`);
});
