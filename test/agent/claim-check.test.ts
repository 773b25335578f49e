import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { askOnce } from '../../src/service/ask.ts';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { astronomy: ASTRONOMY } });
});
after(() => server.close());

// The source says Ilse Marten discovered Tamsin and never mentions Halvorsen.
const CLAIM = 'Tamsin, the largest moon of Xylo, was discovered in 1911 by the astronomer Halvorsen.';

test('a claim naming what no passage mentions is checked against the rest of it, with the caveat said', async () => {
  const r = await askOnce(server.deps, { question: CLAIM, sources: ['astronomy'] });
  assert.equal(r.status, 'answered', r.answer);
  assert.equal(r.caveat, 'no passage about halvorsen');
  // The evidence on the rest of the claim: who did discover Tamsin in 1911.
  assert.match(r.answer, /Ilse Marten/);
  assert.ok(r.citations.length > 0);
  const trace = (await server.deps.traces.get(r.run_id))!;
  const grade = trace.findLast((x) => x.type === 'grade')!.data as { action: { caveat?: string }; reason: string };
  assert.equal(grade.action.caveat, 'no passage about halvorsen');
  assert.match(grade.reason, /a claim is checked on the rest of it/);
  assert.equal(trace.at(-1)!.data.caveat, 'no passage about halvorsen');
});

test('the same asked as a question is refused: the answer would be about Halvorsen', async () => {
  const r = await askOnce(server.deps, {
    question: 'Did the astronomer Halvorsen discover Tamsin, the largest moon of Xylo, in 1911?',
    sources: ['astronomy'],
  });
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.equal(r.caveat, undefined);
});

test('a claim about nothing the source holds is still refused', async () => {
  const r = await askOnce(server.deps, {
    question: 'The third moon of Zorblax is green according to the 1642 treaty of Vyrr.',
    sources: ['astronomy'],
  });
  assert.equal(r.status, 'refused', r.answer);
});

test('a chat client sees the caveat after the answer', async () => {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'none', maxRetries: 0 });
  const res = await client.chat.completions.create({ model: 'grounded', messages: [{ role: 'user', content: CLAIM }] });
  const content = res.choices[0]!.message.content ?? '';
  assert.match(content, /Ilse Marten/);
  assert.match(content, /\n\nNot in the sources: no passage about halvorsen\./);
});
