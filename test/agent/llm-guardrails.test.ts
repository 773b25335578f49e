import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createLlmReasoner } from '../../src/agent/reasoner/llm/index.ts';
import { askOnce } from '../../src/service/ask.ts';
import type { TraceRecord } from '../../src/trace/index.ts';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { type ScriptedReply, scriptedModel } from '../helpers/scripted-model.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const subset = JSON.parse(readFileSync(new URL('../fixtures/hotpotqa/subset.json', import.meta.url), 'utf8')) as {
  corpus: Record<string, string>;
};
const jsonl = Object.entries(subset.corpus)
  .map(([title, text]) => JSON.stringify({ _id: title, title, text }))
  .join('\n');

/**
 * A runtime's manual where the answer to "switch off the browser-style global HTTP request function" shares no word
 * with the question (it names the Fetch API), while forty other pages use the question's words.
 */
const RUNTIME: Record<string, string> = {
  'cli.txt': '--no-experimental-fetch\nDo not expose the Fetch API.',
  ...Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => `module${i + 1}`).map((m, i) => [
      `${m}.txt`,
      `The ${m} module: each HTTP request made by a function of this module is global to the process. ` +
        `A browser-style request can switch modes ${i + 1} times before it is off.`,
    ]),
  ),
};

let server: TestServer;
before(async () => {
  server = await startTestServer({
    sources: { wiki: { 'corpus.jsonl': jsonl }, astronomy: ASTRONOMY, runtime: RUNTIME },
    env: { GROUNDED_CALL_TIMEOUT_MS: '400' },
  });
});
after(() => server.close());

const j = (o: unknown) => JSON.stringify(o);
const grade = (action: Record<string, unknown>) => j({ subquestions: [], reason: 'scripted', ...action });

const LLM_KEY = 'sk-test-secret-key-12345';

/** Run one question with an LLM reasoner that answers from `script`; returns the response, trace and calls. */
async function run(script: Record<string, ScriptedReply[]>, question: string, extra: Record<string, unknown> = {}) {
  const { model, calls } = scriptedModel(script);
  const config = { ...server.deps.config, GROUNDED_LLM_API_KEY: LLM_KEY };
  const deps = { ...server.deps, config, reasoner: createLlmReasoner(model) };
  const r = await askOnce(deps, { question, ...extra });
  const trace = (await deps.traces.get(r.run_id)) as TraceRecord[];
  return { r, trace, calls };
}
const guardrails = (t: TraceRecord[]) => t.filter((x) => x.type === 'guardrail').map((x) => x.data.name);

test('the rewritten query is the one retrieved with, and the model reads the retrieved evidence', async () => {
  const { r, trace, calls } = await run(
    {
      rewrite: [j({ question: 'Tamsin moon of Xylo discovery', subqueries: [] })],
      grade: [grade({ action: 'answer', subquestions: [{ query: 'who discovered Tamsin', covered: true }] })],
      compose: [j({ answer: 'Tamsin was discovered in 1911 by Ilse Marten [1].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [1] }] })],
    },
    'who found the big moon of xylo??',
    { sources: ['astronomy'] },
  );
  const retrieval = trace.find((x) => x.type === 'retrieval')!;
  assert.equal((retrieval.data.queries as string[])[0], 'Tamsin moon of Xylo discovery');
  assert.match(calls[0]!.prompt, /who found the big moon of xylo/);
  const gradePrompt = calls.find((c) => c.decision === 'grade')!.prompt;
  assert.match(gradePrompt, /Ilse Marten/, 'the grade prompt carries the retrieved chunk text');
  assert.equal(r.status, 'answered');
  assert.equal(r.citations[0]?.doc_id, 'xylo.txt');
  const llm = trace.filter((x) => x.type === 'llm');
  assert.deepEqual(
    llm.map((x) => x.data.decision),
    ['rewrite', 'grade', 'compose', 'verify'],
  );
  assert.ok(
    llm.every((x) => x.data.raw && x.data.parsed),
    'raw output and parsed decision are traced',
  );
  assert.ok(r.usage.input_tokens >= 400, 'model tokens are counted');
});

test('malformed JSON is fed back once with the parse error, then parsed', async () => {
  const { r, trace, calls } = await run(
    {
      rewrite: ['this is not json', j({ question: 'Xylo moons', subqueries: [] })],
      grade: [grade({ action: 'answer' })],
      compose: [j({ answer: 'Xylo has seven moons [1].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [1] }] })],
    },
    'How many moons does Xylo have?',
    { sources: ['astronomy'] },
  );
  const rewrites = calls.filter((c) => c.decision === 'rewrite');
  assert.equal(rewrites.length, 2);
  assert.match(rewrites[1]!.prompt, /not valid/, 'the second call carries the parse error');
  const llm = trace.filter((x) => x.type === 'llm' && x.data.decision === 'rewrite');
  assert.ok(llm[0]!.data.error && llm[1]!.data.parsed);
  assert.equal(r.status, 'answered');
});

test('malformed twice: the step fails gracefully to the builtin decision and the trace says so', async () => {
  const { r, trace } = await run(
    { rewrite: ['nope', '{"question": 5}'], grade: [grade({ action: 'answer' })], compose: ['{}', '{}'], verify: [] },
    'How many moons does Xylo have?',
    { sources: ['astronomy'] },
  );
  const errs = trace.filter((x) => x.type === 'guardrail' && x.data.name === 'reasoner_error');
  assert.deepEqual(
    errs.map((x) => x.data.call),
    ['rewrite', 'compose', 'verify'],
  );
  assert.equal(r.status, 'answered', 'builtin fallbacks finish the run');
});

test('duplicate-call detection stops a model that repeats the same search', async () => {
  const search = grade({ action: 'search', query: 'Stephen King directed film' });
  const { r, trace } = await run(
    {
      rewrite: [j({ question: 'film shot in Leland North Carolina 1986 director', subqueries: [] })],
      grade: [search, search, search],
    },
    'Who directed the film that was shot in or around Leland, North Carolina in 1986?',
    {
      sources: ['wiki'],
    },
  );
  assert.ok(guardrails(trace).includes('duplicate_call'), `guardrails: ${guardrails(trace)}`);
  assert.equal(trace.at(-1)!.data.reason, 'duplicate_call');
  assert.equal(r.stop_reason, 'duplicate_call');
  assert.equal(
    trace.filter((x) => x.type === 'retrieval' && x.data.purpose === 'reasoner query').length,
    1,
    'the repeat was not executed',
  );
});

test('no-progress detection stops a search round that adds no new chunk', async () => {
  const { trace } = await run(
    {
      rewrite: [j({ question: 'Xylo', subqueries: [] })],
      grade: [grade({ action: 'search', query: 'Xylo planet moons' })],
    },
    'Tell me about Xylo',
    { sources: ['astronomy'] },
  );
  assert.ok(guardrails(trace).includes('no_progress'));
  assert.equal(trace.at(-1)!.data.reason, 'no_progress');
});

test('a hanging model call hits its timeout; the trace records it and the run goes on', async () => {
  const started = Date.now();
  const { r, trace } = await run(
    {
      rewrite: [{ hang: true }],
      grade: [grade({ action: 'answer' })],
      compose: [j({ answer: 'Xylo has seven moons [1].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [1] }] })],
    },
    'How many moons does Xylo have?',
    { sources: ['astronomy'] },
  );
  const timeout = trace.find((x) => x.type === 'guardrail' && x.data.name === 'call_timeout');
  assert.ok(timeout, 'call_timeout recorded');
  assert.equal(timeout.data.call, 'rewrite');
  assert.ok(Date.now() - started < 5000, 'the hang did not hold the run');
  assert.equal(r.status, 'answered');
});

test('a run over its token budget stops with budget_exhausted', async () => {
  const { r, trace } = await run(
    {
      rewrite: [j({ question: 'Xylo moons', subqueries: [] })],
      grade: [grade({ action: 'search', query: 'Tamsin' }), grade({ action: 'answer' })],
      compose: [],
      verify: [],
    },
    'How many moons does Xylo have?',
    { sources: ['astronomy'], limits: { token_budget: 150 } },
  );
  assert.equal(r.status, 'refused');
  assert.equal(r.refusal_reason, 'budget_exhausted');
  assert.equal(r.stop_reason, 'token_budget');
  assert.equal(trace.at(-1)!.data.reason, 'token_budget');
});

test('a run over its step cap stops with max_steps', async () => {
  const { r, trace } = await run(
    { rewrite: [j({ question: 'Xylo moons', subqueries: [] })], grade: [] },
    'How many moons does Xylo have?',
    { sources: ['astronomy'], limits: { max_steps: 2 } },
  );
  assert.equal(r.stop_reason, 'max_steps');
  assert.ok(guardrails(trace).includes('max_steps'));
});

test('a provider error that quotes the model key is traced with the key redacted', async () => {
  const { r, trace } = await run(
    {
      rewrite: [{ error: new Error(`401 Unauthorized: incorrect API key ${LLM_KEY}`) }],
      grade: [grade({ action: 'answer' })],
      compose: [j({ answer: 'Xylo has seven moons [1].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [1] }] })],
    },
    'How many moons does Xylo have?',
    { sources: ['astronomy'] },
  );
  const err = trace.find((x) => x.type === 'guardrail' && x.data.name === 'reasoner_error');
  assert.match(String(err?.data.detail), /incorrect API key \[redacted\]/);
  assert.ok(!JSON.stringify(trace).includes(LLM_KEY), 'the key appears nowhere in the trace');
  assert.equal(r.status, 'answered');
});

test('a model decision the loop cannot carry out (switch to an unknown source) falls back to the builtin grade', async () => {
  const { r, trace } = await run(
    {
      rewrite: [j({ question: 'Xylo moons', subqueries: [] })],
      grade: [grade({ action: 'switch_source', source: 'nowhere' })],
      compose: [j({ answer: 'Xylo has seven moons [1].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [1] }] })],
    },
    'How many moons does Xylo have?',
    { sources: ['astronomy'] },
  );
  const err = trace.find((x) => x.type === 'guardrail' && x.data.name === 'reasoner_error');
  assert.equal(err?.data.call, 'grade');
  assert.match(String(err?.data.detail), /not an untried source/);
  assert.equal(r.status, 'answered');
});

test('after a hop the model reads which evidence came in by links, and in what order', async () => {
  const { trace, calls } = await run(
    {
      rewrite: [j({ question: 'film shot around Leland, North Carolina in 1986 director', subqueries: [] })],
      grade: [grade({ action: 'hop' }), grade({ action: 'answer' })],
      compose: [j({ answer: 'It was directed by the director named in [2].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [2] }] })],
    },
    'Who directed the film that was shot in or around Leland, North Carolina in 1986',
    { sources: ['wiki'] },
  );
  const hop = trace.find((x) => x.type === 'hop');
  assert.equal(hop?.data.accepted, true, JSON.stringify(hop?.data));
  const prompt = calls.find((c) => c.decision === 'compose')!.prompt;
  assert.match(prompt, /\[1\] \(wiki \/ [^)\n]+ \/ hop 1 of the linked documents followed\)/);
  assert.match(prompt, /\[2\] \(wiki \/ [^)\n]+ \/ hop 2 of the linked documents followed\)/);
});

test("a model's search in the manual's words brings its hit into the evidence, though it shares no word with the question", async () => {
  const question = 'How can I switch off the browser-style global HTTP request function?';
  const { r, trace, calls } = await run(
    {
      rewrite: [j({ question, subqueries: [] })],
      grade: [grade({ action: 'search', query: 'Fetch API option' }), grade({ action: 'answer' })],
      compose: [j({ answer: 'Start the runtime with --no-experimental-fetch [4].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [4] }] })],
    },
    question,
    { sources: ['runtime'] },
  );
  const grades = calls.filter((c) => c.decision === 'grade');
  assert.doesNotMatch(grades[0]!.prompt, /no-experimental-fetch/, 'the question alone does not find it');
  assert.match(
    grades[1]!.prompt,
    /\[4\][^\n]*\n--no-experimental-fetch/,
    'the hit is evidence [4], after the top three',
  );
  const promoted = trace.find((x) => x.type === 'promote' && x.data.by === 'reasoner query');
  assert.ok(promoted, 'the promotion is traced');
  assert.equal(r.status, 'answered');
  assert.equal(r.citations[0]?.doc_id, 'cli.txt');
});

test("a model's sub-question in the manual's words brings its hit into the evidence as well", async () => {
  const question = 'How can I switch off the browser-style global HTTP request function?';
  const { r, calls } = await run(
    {
      rewrite: [j({ question, subqueries: ['Which option stops exposing the Fetch API?'] })],
      grade: [grade({ action: 'answer' })],
      compose: [j({ answer: 'Start the runtime with --no-experimental-fetch [4].' })],
      verify: [j({ verdicts: [{ claim: 0, supported: true, cites: [4] }] })],
    },
    question,
    { sources: ['runtime'] },
  );
  const prompt = calls.find((c) => c.decision === 'grade')!.prompt;
  assert.match(prompt, /\[4\][^\n]*\n--no-experimental-fetch/, 'the hit is evidence [4], after the top three');
  assert.equal(r.citations[0]?.doc_id, 'cli.txt');
});
