import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText } from 'ai';
import OpenAI from 'openai';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

type Cited = { n: number; chunk_id: string; source: string; doc_id: string };
type Extra = { citations: Cited[]; grounded: { run_id: string; notes: string[] } };

let server: TestServer;
let client: OpenAI;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
after(() => server.close());

function firstText(r: OpenAI.Responses.Response) {
  const msg = r.output.find((o) => o.type === 'message') as OpenAI.Responses.ResponseOutputMessage;
  return msg.content[0] as OpenAI.Responses.ResponseOutputText;
}

test('responses.create answers with [n] markers and the citations as url_citation annotations', async () => {
  const r = await client.responses.create({ model: 'grounded', input: BRINDLEWICK_QUESTION });
  assert.equal(r.object, 'response');
  assert.equal(r.status, 'completed');
  assert.match(r.id, /^resp_/);
  assert.match(r.output_text, /barometers.*\[1\]/s);
  const part = firstText(r);
  assert.equal(part.text, r.output_text);
  const cites = (r as unknown as Extra).citations;
  assert.equal(cites[0]!.doc_id, 'brindlewick.md');
  assert.equal(part.annotations.length, cites.length);
  const a = part.annotations[0] as OpenAI.Responses.ResponseOutputText.URLCitation;
  assert.equal(a.type, 'url_citation');
  assert.equal(part.text.slice(a.start_index, a.end_index), '[1]');
  assert.match(a.title, /^Brindlewick Instruments/);
  // The URL is the cited chunk in this server's API.
  const chunk = (await (await fetch(a.url)).json()) as { chunk: { id: string; doc_id: string } };
  assert.equal(chunk.chunk.id, cites[0]!.chunk_id);
  assert.ok(r.usage && r.usage.input_tokens > 0 && r.usage.output_tokens > 0);
  assert.equal(r.usage.total_tokens, r.usage.input_tokens + r.usage.output_tokens);
  assert.match((r as unknown as Extra).grounded.run_id, /^run_/);
});

test('streaming follows the Responses event sequence and ends equal to the plain response', async () => {
  const plain = await client.responses.create({ model: 'grounded', input: BRINDLEWICK_QUESTION });
  const stream = await client.responses.create({ model: 'grounded', input: BRINDLEWICK_QUESTION, stream: true });
  const types: string[] = [];
  const seqs: number[] = [];
  let deltas = '';
  let completed: OpenAI.Responses.Response | undefined;
  for await (const ev of stream) {
    types.push(ev.type);
    seqs.push(ev.sequence_number);
    if (ev.type === 'response.output_text.delta') deltas += ev.delta;
    if (ev.type === 'response.completed') completed = ev.response;
  }
  const collapsed = types.filter((t, i) => t !== types[i - 1]);
  assert.deepEqual(collapsed, [
    'response.created',
    'response.in_progress',
    'response.output_item.added',
    'response.content_part.added',
    'response.output_text.delta',
    'response.output_text.annotation.added',
    'response.output_text.done',
    'response.content_part.done',
    'response.output_item.done',
    'response.completed',
  ]);
  assert.ok(types.filter((t) => t === 'response.output_text.delta').length > 2, 'the text streams in pieces');
  assert.deepEqual(
    seqs,
    seqs.map((_, i) => i),
  );
  assert.equal(deltas, plain.output_text);
  assert.ok(completed);
  assert.deepEqual(firstText(completed).annotations, firstText(plain).annotations);

  // The SDK's own accumulator rebuilds the same response from the events.
  const final = await client.responses.stream({ model: 'grounded', input: BRINDLEWICK_QUESTION }).finalResponse();
  assert.equal(final.output_text, plain.output_text);
  assert.deepEqual(firstText(final).annotations, firstText(plain).annotations);
});

test('previous_response_id fails clearly, and no response can be retrieved', async () => {
  await assert.rejects(
    client.responses.create({ model: 'grounded', input: 'And when?', previous_response_id: 'resp_123' }),
    (e: unknown) =>
      e instanceof OpenAI.BadRequestError &&
      e.param === 'previous_response_id' &&
      e.code === 'unsupported_parameter' &&
      /stores no responses.*whole conversation/.test(e.message),
  );
  await assert.rejects(
    client.responses.retrieve('resp_123'),
    (e: unknown) => e instanceof OpenAI.NotFoundError && /stores no responses/.test(e.message),
  );
});

test('max_output_tokens ends the response as incomplete; a json_schema text format fills our fields', async () => {
  const cut = await client.responses.create({ model: 'grounded', input: BRINDLEWICK_QUESTION, max_output_tokens: 4 });
  assert.equal(cut.status, 'incomplete');
  assert.equal(cut.incomplete_details?.reason, 'max_output_tokens');
  assert.equal(cut.output_text, 'Brindlewick Instruments makes'); // 3 words ≈ 4 tokens

  const json = await client.responses.create({
    model: 'grounded',
    input: BRINDLEWICK_QUESTION,
    text: {
      format: {
        type: 'json_schema',
        name: 'answer',
        schema: {
          type: 'object',
          properties: { answer: { type: 'string' }, status: { type: 'string' } },
          required: ['answer'],
        },
      },
    },
  });
  const body = JSON.parse(json.output_text);
  assert.deepEqual(Object.keys(body), ['answer', 'status']);
  assert.match(body.answer, /barometers/);
  assert.deepEqual(firstText(json).annotations, []);
});

test('a message list with tool items and an image is read as a conversation; skipped items are noted', async () => {
  const r = await client.responses.create({
    model: 'grounded',
    input: [
      { role: 'user', content: 'Which company makes barometers?' },
      { type: 'function_call', call_id: 'c1', name: 'lookup', arguments: '{"q":"barometers"}' },
      { type: 'function_call_output', call_id: 'c1', output: 'Brindlewick Instruments' },
      { type: 'item_reference', id: 'msg_old' },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'When was Brindlewick Instruments founded?' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' },
        ],
      },
    ],
  });
  assert.match(r.output_text, /1923.*\[\d\]/s);
  const notes = (r as unknown as Extra).grounded.notes;
  assert.ok(
    notes.some((n) => /^input\[3\]: item_reference msg_old skipped/.test(n)),
    notes.join('\n'),
  );
  assert.ok(
    notes.includes('input[4].content[1]: input_image part dropped; grounded answers from the text of the conversation'),
  );
});

test('request errors are 400s naming the input', async () => {
  const res = await postJson(`${server.url}/v1/responses`, { model: 'grounded' });
  assert.equal(res.status, 400);
  const body = (await res.json()) as { error: { param: string; message: string; type: string } };
  assert.equal(body.error.param, 'input');
  assert.equal(body.error.type, 'invalid_request_error');
  const last = await postJson(`${server.url}/v1/responses`, { input: [{ role: 'assistant', content: 'hi' }] });
  assert.equal(((await last.json()) as { error: { param: string } }).error.param, 'input[0].role');
});

test("the AI SDK's default OpenAI model (Responses API) gets cited text and sources, plain and streamed", async () => {
  const openai = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused' });
  const r = await generateText({ model: openai('grounded'), prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  assert.match(r.text, /barometers.*\[1\]/s);
  assert.equal(r.finishReason, 'stop');
  const source = r.sources[0];
  assert.ok(source && source.sourceType === 'url', JSON.stringify(r.sources));
  assert.match(source.title ?? '', /^Brindlewick Instruments/);
  assert.match(source.url, /\/v1\/sources\/companies\/chunks\//);
  assert.ok((r.usage.inputTokens ?? 0) > 0);

  const s = streamText({ model: openai('grounded'), prompt: BRINDLEWICK_QUESTION, maxRetries: 0 });
  let text = '';
  for await (const d of s.textStream) text += d;
  assert.equal(text, r.text);
  const sources = await s.sources;
  assert.deepEqual(
    sources.map((x) => (x.sourceType === 'url' ? x.url : '')),
    r.sources.map((x) => (x.sourceType === 'url' ? x.url : '')),
  );

  // A follow-up with the AI SDK's default store: true sends the earlier answer as an item_reference, which is
  // skipped with a note; with store: false it sends the text, and the history is read.
  const followUp = async (store?: boolean) =>
    generateText({
      model: openai('grounded'),
      messages: [
        { role: 'user', content: BRINDLEWICK_QUESTION },
        ...r.response.messages,
        { role: 'user', content: 'When was it founded?' },
      ],
      providerOptions: store === undefined ? {} : { openai: { store } },
      maxRetries: 0,
    });
  const withRef = await followUp();
  assert.match(JSON.stringify(withRef.response.body), /item_reference/);
  const noStore = await followUp(false);
  assert.doesNotMatch(JSON.stringify(noStore.response.body), /item_reference/);
});
