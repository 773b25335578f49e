import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createLlmReasoner } from '../../src/agent/reasoner/llm/index.ts';
import { createChatModel } from '../../src/providers/chat-model.ts';
import { askOnce } from '../../src/service/ask.ts';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A stand-in for a remote OpenAI-compatible chat server: answers each decision from a script, records requests. */
type Recorded = {
  auth?: string;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string } };
  };
};
const requests: Recorded[] = [];
const replies: Record<string, string> = {
  rewrite: JSON.stringify({ question: 'Xylo moons count', subqueries: [] }),
  grade: JSON.stringify({
    subquestions: [{ query: 'Xylo moons', covered: true }],
    action: 'answer',
    reason: 'the evidence states it',
  }),
  compose: JSON.stringify({ answer: 'Xylo has seven moons [1].' }),
  verify: JSON.stringify({ verdicts: [{ claim: 0, supported: true, cites: [1] }] }),
};

const readBody = async (req: IncomingMessage) => {
  let s = '';
  for await (const c of req) s += c;
  return JSON.parse(s);
};

let llm: Server;
let llmUrl: string;
let server: TestServer;
before(async () => {
  llm = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ auth: req.headers.authorization, body });
    const decision = body.response_format?.json_schema?.name ?? 'unknown';
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: replies[decision] ?? '{}' }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
      }),
    );
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
  server = await startTestServer({ sources: { astronomy: ASTRONOMY } });
});
after(async () => {
  await server.close();
  await new Promise((r) => llm.close(r));
});

test('the llm reasoner speaks to an OpenAI-compatible server over HTTP with typed (json_schema) outputs', async () => {
  const model = createChatModel({
    GROUNDED_LLM_BASE_URL: llmUrl,
    GROUNDED_LLM_MODEL: 'test-model',
    GROUNDED_LLM_API_KEY: 'sk-local-test-key',
  });
  const deps = { ...server.deps, reasoner: createLlmReasoner(model) };
  const r = await askOnce(deps, { question: 'how many moons has xylo', sources: ['astronomy'] });
  assert.equal(r.status, 'answered');
  assert.match(r.answer, /seven moons\. \[1\]/);
  assert.equal(r.citations[0]?.doc_id, 'xylo.txt');
  assert.deepEqual(
    requests.map((q) => q.body.response_format?.json_schema?.name),
    ['rewrite', 'grade', 'compose', 'verify'],
  );
  assert.ok(requests.every((q) => q.body.model === 'test-model' && q.auth === 'Bearer sk-local-test-key'));
  assert.match(
    requests[1]!.body.messages.at(-1)!.content,
    /seven moons/,
    'the grade request carries the retrieved evidence',
  );
  const trace = (await deps.traces.get(r.run_id))!;
  assert.equal((trace.find((x) => x.type === 'retrieval')!.data.queries as string[])[0], 'Xylo moons count');
  assert.equal(r.usage.input_tokens >= 200, true);
});
