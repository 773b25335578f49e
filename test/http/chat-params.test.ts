import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { CHAT_PARAMS } from '../../src/http/chat/params.ts';
import { ChatRequest } from '../../src/http/chat/request.ts';
import { countTokens } from '../../src/text/index.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

type Cited = { n: number; doc_id: string };
type Extra = { citations: Cited[]; grounded: { run_id: string | null; notes: string[]; task: string | null } };
type Trace = { records: { type: string; data: Record<string, unknown> }[] };

let server: TestServer;
let client: OpenAI;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
after(() => server.close());

const messages = [{ role: 'user' as const, content: BRINDLEWICK_QUESTION }];
const extra = (r: unknown) => r as Extra;

test('every Chat Completions parameter of the request schema is classified', () => {
  assert.deepEqual(Object.keys(ChatRequest.shape).sort(), Object.keys(CHAT_PARAMS).sort());
});

test('max_tokens truncates the reply with finish_reason "length", plain and streamed alike', async () => {
  const whole = await client.chat.completions.create({ model: 'grounded', messages });
  const full = whole.choices[0]!.message.content!;
  assert.ok(countTokens(full) > 5, full);
  const cut = await client.chat.completions.create({ model: 'grounded', messages, max_tokens: 5 });
  const text = cut.choices[0]!.message.content!;
  assert.equal(cut.choices[0]!.finish_reason, 'length');
  assert.ok(full.startsWith(text) && text.length > 0, `${JSON.stringify(text)} is a prefix of the reply`);
  assert.ok(countTokens(text) <= 5);
  assert.equal(cut.usage!.completion_tokens, countTokens(text));
  // The newer name wins over the older one.
  const newer = await client.chat.completions.create({
    model: 'grounded',
    messages,
    max_tokens: 500,
    max_completion_tokens: 5,
  });
  assert.equal(newer.choices[0]!.message.content, text);

  const stream = await client.chat.completions.create({ model: 'grounded', messages, max_tokens: 5, stream: true });
  let joined = '';
  let finish: string | null = null;
  for await (const c of stream) {
    joined += c.choices[0]?.delta.content ?? '';
    finish = c.choices[0]?.finish_reason ?? finish;
  }
  assert.equal(joined, text);
  assert.equal(finish, 'length');
});

test('a stop sequence ends the reply before it, streamed or not', async () => {
  const r = await client.chat.completions.create({ model: 'grounded', messages, stop: ['barometers'] });
  const text = r.choices[0]!.message.content!;
  assert.equal(r.choices[0]!.finish_reason, 'stop');
  assert.ok(!text.includes('barometers') && text.length > 0, text);
  const stream = await client.chat.completions.create({
    model: 'grounded',
    messages,
    stop: 'barometers',
    stream: true,
  });
  let joined = '';
  for await (const c of stream) joined += c.choices[0]?.delta.content ?? '';
  assert.equal(joined, text);
});

test('parameters that cannot be honoured are 400s naming them, before any run', async () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ n: 2 }, 'n', 'unsupported_value'],
    [
      { tools: [{ type: 'function', function: { name: 'f', parameters: {} } }], tool_choice: 'required' },
      'tool_choice',
      'unsupported_value',
    ],
    [
      {
        tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
        tool_choice: { type: 'function', function: { name: 'f' } },
      },
      'tool_choice',
      'unsupported_value',
    ],
    [{ functions: [{ name: 'f' }], function_call: { name: 'f' } }, 'function_call', 'unsupported_value'],
    [{ logprobs: true }, 'logprobs', 'unsupported_parameter'],
    [{ top_logprobs: 3 }, 'top_logprobs', 'unsupported_parameter'],
    [{ modalities: ['text', 'audio'] }, 'modalities', 'unsupported_value'],
    [{ audio: { voice: 'alloy', format: 'mp3' } }, 'audio', 'unsupported_parameter'],
    [{ web_search_options: {} }, 'web_search_options', 'unsupported_parameter'],
    [{ temperature: 'hot' }, 'temperature', 'bad_request'],
  ];
  for (const [params, param, code] of cases) {
    await assert.rejects(
      client.chat.completions.create({ model: 'grounded', messages, ...params } as never),
      (e: unknown) => {
        assert.ok(e instanceof OpenAI.BadRequestError, String(e));
        assert.equal(e.param, param);
        assert.equal(e.code, code);
        assert.ok(e.message.includes(param), e.message);
        return true;
      },
      JSON.stringify(params),
    );
  }
});

test('parameters documented as ignored are accepted with a normal answer', async () => {
  const r = await client.chat.completions.create({
    model: 'grounded',
    messages,
    temperature: 0.2,
    top_p: 0.5,
    frequency_penalty: 0.1,
    presence_penalty: 0.1,
    seed: 7,
    logit_bias: { '50256': -100 },
    reasoning_effort: 'low',
    verbosity: 'low',
    service_tier: 'auto',
    store: true,
    metadata: { team: 'x' },
    user: 'u1',
    safety_identifier: 's1',
    prompt_cache_key: 'k',
    parallel_tool_calls: false,
    tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }],
    tool_choice: 'auto',
    logprobs: false,
    n: 1,
    modalities: ['text'],
  } as never);
  assert.match(r.choices[0]!.message.content!, /barometers.*\[1\]/s);
  assert.equal(r.choices[0]!.message.tool_calls, undefined);
});

test('response_format json_object replies with one JSON object {answer, citations, status}', async () => {
  const r = await client.chat.completions.create({
    model: 'grounded',
    messages,
    response_format: { type: 'json_object' },
  });
  const body = JSON.parse(r.choices[0]!.message.content!) as { answer: string; citations: Cited[]; status: string };
  assert.deepEqual(Object.keys(body), ['answer', 'citations', 'status']);
  assert.match(body.answer, /barometers.*\[1\]/s);
  assert.equal(body.status, 'answered');
  assert.equal(body.citations[0]!.doc_id, 'brindlewick.md');
});

test('response_format json_schema: a schema over our fields is filled and fits; a foreign one is a clear 400', async () => {
  const schema = {
    type: 'object',
    properties: {
      answer: { type: 'string' },
      citations: {
        type: 'array',
        items: {
          type: 'object',
          properties: { n: { type: 'integer' }, doc_id: { type: 'string' } },
          required: ['n', 'doc_id'],
          additionalProperties: false,
        },
      },
    },
    required: ['answer', 'citations'],
    additionalProperties: false,
  };
  const r = await client.chat.completions.create({
    model: 'grounded',
    messages,
    response_format: { type: 'json_schema', json_schema: { name: 'cited', schema, strict: true } },
  });
  const body = JSON.parse(r.choices[0]!.message.content!);
  assert.deepEqual(Object.keys(body), ['answer', 'citations']);
  assert.deepEqual(body.citations[0], { n: 1, doc_id: 'brindlewick.md' });

  const foreign = {
    type: 'object',
    properties: { sentiment: { type: 'string', enum: ['positive', 'negative'] } },
    required: ['sentiment'],
  };
  await assert.rejects(
    client.chat.completions.create({
      model: 'grounded',
      messages,
      response_format: { type: 'json_schema', json_schema: { name: 'mood', schema: foreign } },
    }),
    (e: unknown) =>
      e instanceof OpenAI.BadRequestError &&
      e.param === 'response_format' &&
      /requires sentiment/.test(e.message) &&
      /answer, citations, status/.test(e.message),
  );
  // The right name with the wrong type is caught before the run too.
  await assert.rejects(
    client.chat.completions.create({
      model: 'grounded',
      messages,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'x', schema: { type: 'object', properties: { citations: { type: 'string' } } } },
      },
    }),
    (e: unknown) => e instanceof OpenAI.BadRequestError && /citations/.test(e.message),
  );
});

test('tool calls and tool results in the history are read as context, not rejected', async () => {
  const r = await client.chat.completions.create({
    model: 'grounded',
    messages: [
      { role: 'system', content: 'Answer from the knowledge base.' },
      { role: 'user', content: 'Which company makes barometers?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"barometers"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Brindlewick Instruments' },
      { role: 'assistant', content: 'Brindlewick Instruments makes them.' },
      { role: 'user', content: 'When was Brindlewick Instruments founded?' },
    ],
  });
  assert.match(r.choices[0]!.message.content!, /1923.*\[\d\]/s);
  const runId = extra(r).grounded.run_id!;
  const trace = (await (await fetch(`${server.url}/v1/traces/${runId}`)).json()) as Trace;
  // user, the tool call, the tool result and the assistant's answer: four turns of context.
  assert.equal(trace.records.find((x) => x.type === 'start')!.data.history_turns, 4);
  const condense = trace.records.find((x) => x.type === 'condense')!;
  assert.equal(condense.data.turns, 4);
});

test('an image part is dropped with a note in the reply metadata; the text is answered', async () => {
  const r = await client.chat.completions.create({
    model: 'grounded',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: BRINDLEWICK_QUESTION },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ],
  });
  assert.match(r.choices[0]!.message.content!, /barometers/);
  assert.deepEqual(extra(r).grounded.notes, [
    'messages[0].content[1]: image_url part dropped; grounded answers from the text of the conversation',
  ]);
  // Streamed: the note is on the last chunk with the citations.
  const res = await postJson(`${server.url}/v1/chat/completions`, {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'x' } },
          { type: 'text', text: 'Hi' },
        ],
      },
    ],
    stream: true,
  });
  const body = await res.text();
  assert.match(body, /messages\[0\]\.content\[0\]: image_url part dropped/);
});
