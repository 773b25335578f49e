import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { groundedCitations } from '../../examples/ai-sdk-citations.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
let provider: ReturnType<typeof createOpenAICompatible>;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  // includeUsage makes the provider send stream_options.include_usage, as OpenAI-style frontends do.
  provider = createOpenAICompatible({ name: 'grounded', baseURL: `${server.url}/v1`, includeUsage: true });
});
after(() => server.close());

test('AI SDK generateText gets a cited answer with usage', async () => {
  const r = await generateText({
    model: provider.chatModel('grounded'),
    system: 'You are a helpful assistant.',
    prompt: BRINDLEWICK_QUESTION,
    temperature: 0,
    maxRetries: 0,
  });
  assert.match(r.text, /barometers.*\[1\]/s);
  assert.match(r.text, /Sources:\n\[1\] Brindlewick Instruments/);
  assert.equal(r.finishReason, 'stop');
  assert.ok((r.usage.inputTokens ?? 0) > 0 && (r.usage.outputTokens ?? 0) > 0, JSON.stringify(r.usage));
  // The provider keeps the raw body: our citations are there for programs that want them.
  const body = r.response.body as { citations: { n: number; doc_id: string }[] };
  assert.equal(body.citations[0]!.doc_id, 'brindlewick.md');
});

test('AI SDK streamText streams the same text as generateText', async () => {
  const model = provider.chatModel('grounded/companies');
  const whole = await generateText({ model, prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  const s = streamText({ model, prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  const parts: string[] = [];
  for await (const delta of s.textStream) parts.push(delta);
  assert.ok(parts.length > 2, `streamed in pieces (${parts.length})`);
  assert.equal(parts.join(''), whole.text);
  assert.match(parts.join(''), /\[1\]/);
  assert.equal(await s.finishReason, 'stop');
  const usage = await s.usage;
  assert.equal(usage.inputTokens, whole.usage.inputTokens);
  assert.equal(usage.outputTokens, whole.usage.outputTokens);
});

test('the metadataExtractor recipe puts the citations and run id in providerMetadata, plain and streamed', async () => {
  const withCitations = createOpenAICompatible({
    name: 'grounded',
    baseURL: `${server.url}/v1`,
    metadataExtractor: groundedCitations,
  });
  const model = withCitations.chatModel('grounded');
  type Meta = { citations: { n: number; doc_id: string; text: string }[]; run_id: string; status: string };
  const r = await generateText({ model, prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  const meta = r.providerMetadata?.grounded as Meta;
  assert.equal(meta.citations[0]!.doc_id, 'brindlewick.md');
  assert.match(meta.citations[0]!.text, /barometers/);
  assert.match(meta.run_id, /^run_/);
  assert.equal(meta.status, 'answered');

  const s = streamText({ model, prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  await s.consumeStream();
  const streamed = (await s.providerMetadata)?.grounded as Meta;
  assert.deepEqual(streamed.citations, meta.citations);
  assert.match(streamed.run_id, /^run_/);
});
