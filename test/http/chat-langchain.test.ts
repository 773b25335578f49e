import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
let chat: ChatOpenAI;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  chat = new ChatOpenAI({
    model: 'grounded',
    apiKey: 'unused',
    configuration: { baseURL: `${server.url}/v1` },
    maxRetries: 0,
  });
});
after(() => server.close());

test('LangChain ChatOpenAI invoke and stream get the cited answer', async () => {
  const r = await chat.invoke([
    ['system', 'Answer from the knowledge base.'],
    ['human', BRINDLEWICK_QUESTION],
  ]);
  assert.match(String(r.content), /barometers.*\[1\].*Sources:\n\[1\] Brindlewick Instruments/s);
  assert.equal(r.response_metadata.finish_reason, 'stop');
  assert.ok((r.usage_metadata?.input_tokens ?? 0) > 0);
  let streamed = '';
  for await (const chunk of await chat.stream(BRINDLEWICK_QUESTION)) streamed += String(chunk.content);
  assert.equal(streamed, r.content);
});

test('LangChain withStructuredOutput (its default json_schema method) gets an object of our fields', async () => {
  const Cited = z.object({
    answer: z.string(),
    citations: z.array(z.object({ n: z.number(), doc_id: z.string(), text: z.string() })),
  });
  const out = await chat.withStructuredOutput(Cited).invoke(BRINDLEWICK_QUESTION);
  assert.match(out.answer, /barometers.*\[1\]/s);
  assert.equal(out.citations[0]!.doc_id, 'brindlewick.md');
  assert.deepEqual(Object.keys(out.citations[0]!), ['n', 'doc_id', 'text']);
});

test('LangChain withStructuredOutput with a schema grounded cannot fill, or by function calling, is a clear 400', async () => {
  const Mood = z.object({ sentiment: z.enum(['positive', 'negative']), confidence: z.number() });
  await assert.rejects(chat.withStructuredOutput(Mood).invoke(BRINDLEWICK_QUESTION), (e: Error) => {
    assert.match(e.message, /400/);
    assert.match(e.message, /requires sentiment, confidence, which grounded has no data for/);
    return true;
  });
  const Cited = z.object({ answer: z.string() });
  await assert.rejects(
    chat.withStructuredOutput(Cited, { method: 'functionCalling' }).invoke(BRINDLEWICK_QUESTION),
    (e: Error) => /tool_choice.*cannot force a tool call/.test(e.message),
  );
});

test('LangChain with useResponsesApi gets the citations as annotations on the text block', async () => {
  const responses = new ChatOpenAI({
    model: 'grounded',
    apiKey: 'unused',
    configuration: { baseURL: `${server.url}/v1` },
    useResponsesApi: true,
    maxRetries: 0,
  });
  const r = await responses.invoke(BRINDLEWICK_QUESTION);
  const [block] = r.contentBlocks as {
    type: string;
    text: string;
    annotations: { url: string; title: string; startIndex: number; endIndex: number }[];
  }[];
  assert.equal(block!.type, 'text');
  assert.match(block!.text, /barometers.*\[1\]/s);
  const a = block!.annotations[0]!;
  assert.equal(block!.text.slice(a.startIndex, a.endIndex), '[1]');
  assert.match(a.title, /^Brindlewick Instruments/);
  assert.match(a.url, /\/v1\/sources\/companies\/chunks\//);
});
