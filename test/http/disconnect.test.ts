import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createBuiltinReasoner } from '../../src/agent/reasoner/builtin/index.ts';
import type { Reasoner } from '../../src/agent/reasoner/types.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

/**
 * The builtin reasoner, except that grading waits until the run's signal aborts (at most 10 s): a run that is
 * still working when the client goes away, so only a real abort can end it quickly.
 */
function slowGrader(gradeStarted: () => void): Reasoner {
  const builtin = createBuiltinReasoner();
  return {
    ...builtin,
    id: 'slow-grader',
    grade: (input, ctx) =>
      new Promise((resolve, reject) => {
        gradeStarted();
        const timer = setTimeout(() => resolve(builtin.grade(input, ctx)), 10_000);
        const onAbort = () => {
          clearTimeout(timer);
          reject(ctx.signal.reason);
        };
        ctx.signal.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

let server: TestServer;
let onGrade: () => void = () => {};
let n = 0;
before(async () => {
  server = await startTestServer({
    sources: { companies: COMPANIES },
    overrides: { reasoner: slowGrader(() => onGrade()), newId: () => `run_disconnect_${++n}` },
  });
});
after(() => server.close());

const gradeStarts = () => new Promise<void>((r) => (onGrade = r));

/** Wait for the run's trace to be saved, then return its stop record. */
async function stopRecord(runId: string) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${server.url}/v1/traces/${runId}`);
    if (res.ok) {
      const t = (await res.json()) as { records: { type: string; data: Record<string, unknown> }[] };
      return t.records.find((r) => r.type === 'stop')?.data;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`no trace for ${runId}`);
}

test('closing a stream mid-run aborts the run, and the trace says so', async () => {
  const started = Date.now();
  const grading = gradeStarts();
  const res = await postJson(`${server.url}/v1/chat/completions`, {
    model: 'grounded',
    messages: [{ role: 'user', content: BRINDLEWICK_QUESTION }],
    stream: true,
  });
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.match(first, /"role":"assistant"/); // the role chunk arrives before the agent has an answer
  await grading;
  await reader.cancel(); // the client goes away
  const stop = await stopRecord('run_disconnect_1');
  assert.equal(stop?.reason, 'aborted');
  assert.ok(Date.now() - started < 5_000, 'the run ended on the abort, not on the 10 s timer');
  assert.ok(server.logs.some((l) => l.includes('run_disconnect_1') && l.includes('"stop_reason":"aborted"')));
});

test('a client that gives up on a non-streaming completion aborts the run too', async () => {
  const started = Date.now();
  const ctl = new AbortController();
  const grading = gradeStarts();
  const req = fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: BRINDLEWICK_QUESTION }] }),
    signal: ctl.signal,
  });
  await grading;
  ctl.abort();
  await assert.rejects(req, { name: 'AbortError' });
  const stop = await stopRecord('run_disconnect_2');
  assert.equal(stop?.reason, 'aborted');
  assert.ok(Date.now() - started < 5_000, 'the run ended on the abort, not on the 10 s timer');
});

test('closing /v1/query/stream mid-run aborts the run as well', async () => {
  const started = Date.now();
  const grading = gradeStarts();
  const res = await postJson(`${server.url}/v1/query/stream`, { question: BRINDLEWICK_QUESTION });
  assert.equal(res.status, 200);
  const reader = res.body!.getReader();
  assert.match(new TextDecoder().decode((await reader.read()).value), /event: rewrite/);
  await grading;
  await reader.cancel();
  const stop = await stopRecord(`run_disconnect_${n}`);
  assert.equal(stop?.reason, 'aborted');
  assert.ok(Date.now() - started < 5_000, 'the run ended on the abort, not on the 10 s timer');
});
