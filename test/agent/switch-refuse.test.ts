import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gradeEvidence } from '../../src/agent/reasoner/builtin/grade.ts';
import { askOnce } from '../../src/service/ask.ts';
import { ASTRONOMY, COOKING } from '../fixtures/corpus.ts';
import { gradeInput } from '../helpers/grade-input.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { cooking: COOKING, astronomy: ASTRONOMY } });
});
after(() => server.close());

test('source switching: the first source lacks the answer, the trace shows the switch, the answer cites the second', async () => {
  const r = await askOnce(server.deps, {
    question: 'Who discovered Tamsin, the largest moon of Xylo?',
    sources: ['cooking', 'astronomy'],
  });
  assert.equal(r.status, 'answered');
  assert.ok(r.citations.length > 0 && r.citations.every((c) => c.source === 'astronomy'), JSON.stringify(r.citations));
  assert.match(r.answer, /Ilse Marten/);
  const trace = (await server.deps.traces.get(r.run_id))!;
  const sw = trace.find((x) => x.type === 'switch');
  assert.ok(sw, 'a switch record');
  assert.deepEqual([sw.data.kind, sw.data.from, sw.data.to], ['source', 'cooking', 'astronomy']);
  const searched = trace.filter((x) => x.type === 'retrieval').map((x) => x.data.source);
  assert.ok(searched.indexOf('cooking') < searched.indexOf('astronomy'), 'cooking was searched first');
});

test('refusal: a question the knowledge base cannot support is refused with a reason code', async () => {
  const r = await askOnce(server.deps, {
    question: 'What colour is the third moon of the planet Zorblax according to the 1642 treaty of Vyrr?',
  });
  assert.equal(r.status, 'refused');
  // Neither source ever mentions Zorblax or Vyrr: the refusal says what is missing.
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.match(r.refusal_detail ?? '', /no passage about (zorblax|vyrr)/);
  assert.match(r.answer, /No passage about/);
  assert.deepEqual(r.citations, []);
  const stop = (await server.deps.traces.get(r.run_id))!.at(-1)!;
  assert.equal(stop.type, 'stop');
  assert.equal(stop.data.status, 'refused');
  assert.equal(stop.data.refusal_reason, r.refusal_reason);
  // The grade that refused names its rule: a focus name no source mentions.
  const grade = (await server.deps.traces.get(r.run_id))!.filter((x) => x.type === 'grade').at(-1)!;
  assert.equal((grade.data.action as { type: string }).type, 'refuse');
  assert.equal(grade.data.rule, 'absent_focus');
});

test('single-shot mode retrieves once and does not switch', async () => {
  const r = await askOnce(server.deps, {
    question: 'How long is a day on Xylo?',
    sources: ['astronomy'],
    mode: 'single-shot',
  });
  assert.equal(r.status, 'answered');
  assert.match(r.answer, /31 hours/);
  const trace = (await server.deps.traces.get(r.run_id))!;
  assert.equal(trace.filter((x) => x.type === 'retrieval').length, 1);
  assert.equal(trace.filter((x) => x.type === 'switch').length, 0);
});

test('evidence that covers the question only after the mode was switched is refused, naming the rule', async () => {
  const question = 'How long is a day on Xylo?';
  const hits = await server.deps.retriever.search({ query: question, sources: ['astronomy'], topK: 8 });
  const input = gradeInput(question, hits, 'astronomy');
  assert.equal(gradeEvidence(input).action.type, 'answer');
  // The same chunks, graded after this grader found the hybrid evidence weak and switched to full text alone.
  const after = {
    ...input,
    mode: 'bm25' as const,
    tried: [...input.tried, { ...input.tried[0]!, mode: 'bm25' as const }],
  };
  const switched = gradeEvidence({ ...after, switchedMode: true });
  assert.equal(switched.action.type, 'refuse', switched.reason);
  assert.deepEqual(switched.action, { type: 'refuse', reason: 'insufficient_coverage' });
  assert.equal(switched.rule, 'switched_mode');
  assert.match(switched.reason, /hybrid search's evidence was weak; only after switching to bm25/);
  // A follow-up's carried words can crowd its own key term out of the hybrid top five: the narrower search is trusted.
  assert.equal(
    gradeEvidence({ ...after, switchedMode: true, followUp: 'And how long is a day?' }).action.type,
    'answer',
  );
  // A model may switch modes for other reasons: when its grade falls back to this one, the mode alone refuses nothing.
  assert.equal(gradeEvidence(after).action.type, 'answer');
  // A claim is checked against what the evidence says, whichever search found it.
  const claim = 'A day on Xylo lasts 31 hours.';
  const claimHits = await server.deps.retriever.search({ query: claim, sources: ['astronomy'], topK: 8 });
  const claimGrade = gradeEvidence({
    ...gradeInput(claim, claimHits, 'astronomy'),
    mode: 'vector',
    switchedMode: true,
  });
  assert.notEqual(claimGrade.action.type, 'refuse', claimGrade.reason);
});
