import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES }, env: { GROUNDED_CHAT_PROGRESS: 'reasoning' } });
});
after(() => server.close());

test('with GROUNDED_CHAT_PROGRESS=reasoning the agent steps stream as delta.reasoning_content before the answer', async () => {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  const stream = await client.chat.completions.create({
    model: 'grounded',
    messages: [{ role: 'user', content: BRINDLEWICK_QUESTION }],
    stream: true,
  });
  const order: ('reasoning' | 'content')[] = [];
  let reasoning = '';
  let content = '';
  for await (const c of stream) {
    const d = c.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
    if (d?.reasoning_content) {
      order.push('reasoning');
      reasoning += d.reasoning_content;
    }
    if (d?.content) {
      order.push('content');
      content += d.content;
    }
  }
  assert.match(reasoning, /^Searching for "What does Brindlewick Instruments make\?"/);
  assert.match(reasoning, /Round 1: searched companies \(hybrid\).*Brindlewick Instruments/);
  assert.match(reasoning, /Coverage \d\.\d\d: answer/);
  // Progress comes first, as it happens; the answer follows and is free of it.
  assert.equal(order[0], 'reasoning');
  assert.ok(order.lastIndexOf('reasoning') < order.indexOf('content'), order.join(','));
  assert.match(content, /barometers.*\[1\]/s);
  assert.doesNotMatch(content, /Round 1/);

  // The non-streamed message carries the same progress as reasoning_content.
  const whole = await client.chat.completions.create({
    model: 'grounded',
    messages: [{ role: 'user', content: BRINDLEWICK_QUESTION }],
  });
  assert.equal((whole.choices[0]!.message as { reasoning_content?: string }).reasoning_content, reasoning);
  assert.equal(whole.choices[0]!.message.content, content);
});

test('the AI SDK shows the progress as reasoning parts, separate from the text', async () => {
  const provider = createOpenAICompatible({ name: 'grounded', baseURL: `${server.url}/v1` });
  const s = streamText({ model: provider.chatModel('grounded'), prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  const kinds: string[] = [];
  for await (const part of s.fullStream)
    if (part.type === 'reasoning-delta' || part.type === 'text-delta') kinds.push(part.type);
  assert.match((await s.reasoningText) ?? '', /Round 1: searched companies/);
  assert.match(await s.text, /barometers.*\[1\]/s);
  assert.equal(kinds[0], 'reasoning-delta');
});

test('the Responses API carries the same progress as a reasoning item before the message', async () => {
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  const stream = await client.responses.create({ model: 'grounded', input: BRINDLEWICK_QUESTION, stream: true });
  const types: string[] = [];
  let summary = '';
  for await (const ev of stream) {
    types.push(ev.type);
    if (ev.type === 'response.reasoning_summary_text.delta') summary += ev.delta;
  }
  assert.match(summary, /Round 1: searched companies/);
  assert.ok(
    types.lastIndexOf('response.reasoning_summary_text.delta') < types.indexOf('response.output_text.delta'),
    types.join(','),
  );
  const final = await client.responses.stream({ model: 'grounded', input: BRINDLEWICK_QUESTION }).finalResponse();
  assert.deepEqual(
    final.output.map((o) => o.type),
    ['reasoning', 'message'],
  );
  const reasoning = final.output[0] as OpenAI.Responses.ResponseReasoningItem;
  assert.equal(reasoning.summary[0]!.text, summary);
  assert.match(final.output_text, /barometers.*\[1\]/s);

  const openai = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused' });
  const r = await generateText({ model: openai('grounded'), prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  assert.match(r.reasoningText ?? '', /Round 1: searched companies/);
  assert.match(r.text, /barometers.*\[1\]/s);
});
