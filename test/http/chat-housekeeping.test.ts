import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from './chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

type Extra = { citations: unknown[]; grounded: { run_id: string | null; task: string | null } };

let server: TestServer;
let client: OpenAI;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES } });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
after(() => server.close());

const history = `USER: ${BRINDLEWICK_QUESTION}\nASSISTANT: Brindlewick Instruments makes precision barometers for weather stations. [1]\nUSER: When were barometers first used at weather stations?`;

/** Open WebUI's task prompts, as it sends them (guidelines abridged, the shape kept). */
const openWebUi = (task: string, output: string) =>
  `### Task:\n${task}\n### Guidelines:\n- ${'Keep it clear and simple. '.repeat(160)}\n### Output:\nJSON format: ${output}\n### Chat History:\n<chat_history>\n${history}\n</chat_history>`;

const TITLE = openWebUi(
  'Generate a concise, 3-5 word title with an emoji summarizing the chat history.',
  '{ "title": "your concise title here" }',
);

const ask = (content: string, extra: Record<string, unknown> = {}) =>
  client.chat.completions.create({ model: 'grounded', messages: [{ role: 'user', content }], ...extra });

test("Open WebUI's title prompt (over 4,000 characters) gets a JSON title from the chat, with no run", async () => {
  assert.ok(TITLE.length > 4000, `${TITLE.length} characters`);
  const r = await ask(TITLE);
  const extra = r as unknown as Extra;
  assert.deepEqual(JSON.parse(r.choices[0]!.message.content!), { title: 'Brindlewick Instruments Make' });
  assert.equal(extra.grounded.task, 'title');
  assert.equal(extra.grounded.run_id, null);
  assert.deepEqual(extra.citations, []);
  assert.equal(r.choices[0]!.finish_reason, 'stop');
});

test('tags, follow-ups and query prompts each get their JSON key; streaming works the same', async () => {
  const tags = await ask(
    openWebUi(
      'Generate 1-3 broad tags categorizing the main themes of the chat history, along with 1-3 more specific subtopic tags.',
      '{ "tags": ["tag1", "tag2", "tag3"] }',
    ),
  );
  const t = JSON.parse(tags.choices[0]!.message.content!) as { tags: string[] };
  // Words the user wrote most (ties in order of appearance), never stop words.
  assert.deepEqual(t.tags, ['brindlewick', 'instruments', 'make']);

  const follow = await ask(
    openWebUi(
      'Suggest 3-5 relevant follow-up questions or prompts that the user might naturally ask next in this conversation.',
      '{ "follow_ups": ["Question 1?", "Question 2?", "Question 3?"] }',
    ),
  );
  assert.deepEqual(JSON.parse(follow.choices[0]!.message.content!), { follow_ups: [] });

  const queries = openWebUi(
    'Analyze the chat history to determine the necessity of generating search queries, in the given language.',
    '{\n  "queries": ["query1", "query2"]\n}',
  );
  const q = await ask(queries);
  assert.deepEqual(JSON.parse(q.choices[0]!.message.content!), {
    queries: ['When were barometers first used at weather stations?'],
  });
  const stream = await client.chat.completions.create({
    model: 'grounded',
    messages: [{ role: 'user', content: queries }],
    stream: true,
  });
  let joined = '';
  for await (const c of stream) joined += c.choices[0]?.delta.content ?? '';
  assert.equal(joined, q.choices[0]!.message.content);
});

test('a plain-words title request over the conversation gets a plain title', async () => {
  const r = await client.chat.completions.create({
    model: 'grounded',
    messages: [
      { role: 'user', content: 'What does Veltrane Robotics build?' },
      { role: 'assistant', content: 'Veltrane Robotics builds warehouse robots. [1]' },
      {
        role: 'user',
        content:
          'Please generate a concise, 5-word-or-less title for the conversation, using its same language, with no punctuation.',
      },
    ],
  });
  assert.equal(r.choices[0]!.message.content, 'Veltrane Robotics Build');
  assert.equal((r as unknown as Extra).grounded.task, 'title');
});

test('a question that merely mentions a title goes to the knowledge base', async () => {
  const r = await ask('What is the title of the founder of Brindlewick Instruments?');
  const extra = r as unknown as Extra;
  assert.equal(extra.grounded.task, null);
  assert.match(extra.grounded.run_id ?? '', /^run_/);
});
