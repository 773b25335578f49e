import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

type Cited = { n: number; doc_id: string; text: string };
type Extra = { citations: Cited[]; grounded: { run_id: string; question: string } };
type Trace = { records: { type: string; data: Record<string, unknown> }[] };

let server: TestServer;
let client: OpenAI;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
after(() => server.close());

const trace = async (runId: string) => (await (await fetch(`${server.url}/v1/traces/${runId}`)).json()) as Trace;

test('a follow-up ("When was it founded?") is condensed with the earlier turn and retrieves the right company', async () => {
  const system = { role: 'system' as const, content: 'You are a helpful assistant. Be concise.' };
  const first = await client.chat.completions.create({
    model: 'grounded',
    messages: [system, { role: 'user', content: BRINDLEWICK_QUESTION }],
  });
  const answer = first.choices[0]!.message.content!;
  assert.equal((first as unknown as Extra).citations[0]!.doc_id, 'brindlewick.md');

  // The frontend sends our whole earlier answer back, Sources list included.
  const second = await client.chat.completions.create({
    model: 'grounded',
    messages: [
      system,
      { role: 'user', content: BRINDLEWICK_QUESTION },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'When was it founded?' },
    ],
  });
  const content = second.choices[0]!.message.content!;
  const extra = second as unknown as Extra;
  assert.match(content, /1923/);
  assert.ok(extra.citations.length > 0);
  assert.ok(
    extra.citations.every((c) => c.doc_id === 'brindlewick.md'),
    JSON.stringify(extra.citations.map((c) => c.doc_id)),
  );
  assert.ok(extra.citations.some((c) => /founded in 1923/.test(c.text)));
  assert.match(extra.grounded.question, /Brindlewick Instruments/);

  const records = (await trace(extra.grounded.run_id)).records;
  const condense = records.filter((r) => r.type === 'condense');
  assert.equal(condense.length, 1);
  assert.equal(condense[0]!.data.original, 'When was it founded?');
  assert.equal(condense[0]!.data.condensed, 'When was it founded? (Brindlewick Instruments make)');
  // The system prompt is not conversation: only the user and assistant turns were condensed with.
  assert.equal(condense[0]!.data.turns, 2);
});

test('the follow-up follows the latest topic, streams the same as it answers, and accepts text-part content', async () => {
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'user', content: [{ type: 'text', text: 'What does Veltrane Robotics build?' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Warehouse robots. [1]' }] },
    { role: 'user', content: 'And what does Quorvex Foods make?' },
    { role: 'assistant', content: 'Frozen dumplings. [1]' },
    { role: 'user', content: [{ type: 'text', text: 'When was it founded?' }] },
  ];
  const full = await client.chat.completions.create({ model: 'grounded/companies', messages });
  const extra = full as unknown as Extra;
  assert.match(full.choices[0]!.message.content!, /2004/);
  assert.ok(extra.citations.every((c) => c.doc_id === 'quorvex.md'));

  const stream = await client.chat.completions.create({ model: 'grounded/companies', messages, stream: true });
  let joined = '';
  let final: Extra | undefined;
  for await (const chunk of stream) {
    joined += chunk.choices[0]?.delta.content ?? '';
    if (chunk.choices[0]?.finish_reason === 'stop') final = chunk as unknown as Extra;
  }
  assert.equal(joined, full.choices[0]!.message.content);
  assert.deepEqual(final?.citations, extra.citations);
  const condense = (await trace(final!.grounded.run_id)).records.find((r) => r.type === 'condense');
  assert.equal(condense?.data.condensed, 'When was it founded? (Quorvex Foods make)');
});

test('an elliptical follow-up ("And Tessaly Bio?") asks the previous question about the new company', async () => {
  const res = await client.chat.completions.create({
    model: 'grounded',
    messages: [
      { role: 'user', content: 'When was Marrowby Shipping founded?' },
      { role: 'assistant', content: 'Marrowby Shipping was founded in 1871 in Hull by Josiah Marrow. [1]' },
      { role: 'user', content: 'And Tessaly Bio?' },
    ],
  });
  const extra = res as unknown as Extra;
  assert.equal(extra.grounded.question, 'When was Tessaly Bio founded?');
  assert.match(res.choices[0]!.message.content!, /2015/);
  assert.ok(extra.citations.length > 0 && extra.citations.every((c) => c.doc_id === 'tessaly.md'));
});

test('a single-turn question records no condense step', async () => {
  const res = await client.chat.completions.create({
    model: 'grounded',
    messages: [{ role: 'user', content: 'When was Marrowby Shipping founded?' }],
  });
  const extra = res as unknown as Extra;
  assert.ok(extra.citations.every((c) => c.doc_id === 'marrowby.md'));
  const records = (await trace(extra.grounded.run_id)).records;
  assert.equal(records.filter((r) => r.type === 'condense').length, 0);
});
