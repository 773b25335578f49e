import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gradeEvidence } from '../../src/agent/reasoner/builtin/grade.ts';
import { askOnce } from '../../src/service/ask.ts';
import { ASTRONOMY, COOKING } from '../fixtures/corpus.ts';
import { gradeInput } from '../helpers/grade-input.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * A backup tool's pages and the pages of Quorble, a monitoring panel, in one knowledge base: no page says how long
 * Quorble keeps snapshots. The hybrid search ranks the backup tool's retention page first, which lacks "Quorble"; the
 * vector search ranks Quorble's pages, which lack the rest.
 */
const BACKUPS: Record<string, string> = {
  'retention.md': `# Keeping copies\n\nSet the retention of nightly snapshots with keep-days; the default keeps seven. ${'Older copies are pruned by the cleaner when it runs, and a log line records each removal. '.repeat(6)}\n`,
};
for (let i = 0; i < 12; i++)
  BACKUPS[`quorble-${i}.md`] =
    `# Quorble panel ${i}\n\nThe quorble panel ${i} shows colours and icons for item ${i}.\n`;
for (let i = 0; i < 15; i++)
  BACKUPS[`appendix-${i}.md`] =
    `# Appendix ${i}\n\nThe ${['retention', 'snapshots', 'nightly'][i % 3]} value ${i} is listed in table ${i}, with other values.\n`;

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { cooking: COOKING, astronomy: ASTRONOMY, backups: BACKUPS } });
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

test('a run whose mode switch promotes the chunks that complete the question refuses it, naming the rule', async () => {
  const r = await askOnce(server.deps, {
    question: 'How long is the retention of nightly snapshots in Quorble?',
    sources: ['backups'],
  });
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'insufficient_coverage');
  const trace = (await server.deps.traces.get(r.run_id))!;
  const [first, ...rest] = trace.filter((x) => x.type === 'retrieval');
  assert.equal(first!.data.mode, 'hybrid');
  // The hybrid evidence lacks the key term: the grade switches to vector search.
  const grades = trace.filter((x) => x.type === 'grade');
  assert.deepEqual(grades[0]!.data.action, { type: 'switch_mode', mode: 'vector' });
  const sw = trace.find((x) => x.type === 'switch');
  assert.deepEqual([sw?.data.kind, sw?.data.from, sw?.data.to], ['mode', 'hybrid', 'vector']);
  // The vector search ranks Quorble's pages, which the hybrid evidence lacked, and promotes them into it.
  const switched = rest.find((x) => x.data.purpose === 'mode switch');
  assert.equal(switched?.data.mode, 'vector');
  const seen = new Set(grades[0]!.data.evidence as string[]);
  const promoted = trace.find((x) => x.type === 'promote' && x.data.by === 'mode switch');
  assert.ok(promoted, 'a promote record for the mode switch');
  const last = grades.at(-1)!;
  const evidence = last.data.evidence as string[];
  assert.ok(
    evidence.some((id) => !seen.has(id)),
    'the graded evidence holds a chunk the first grade did not have',
  );
  // Covered now, the question is refused: what completed it came only from the narrower search.
  assert.equal(last.data.rule, 'switched_mode');
  assert.match(String(last.data.reason), /only after switching to vector does it cover the question/);
  // Asked after an unrelated turn it stands on its own (condensing leaves it as it is): graded as a first question.
  const later = await askOnce(server.deps, {
    question: 'How long is the retention of nightly snapshots in Quorble?',
    sources: ['backups'],
    history: [
      { role: 'user', content: 'How long is a day on Xylo?' },
      { role: 'assistant', content: 'A day on Xylo lasts 31 hours.' },
    ],
  });
  assert.equal(later.status, 'refused', later.answer);
  const laterTrace = (await server.deps.traces.get(later.run_id))!;
  const condensed = laterTrace.find((x) => x.type === 'condense');
  assert.equal(condensed?.data.condensed, condensed?.data.original);
  assert.equal(laterTrace.filter((x) => x.type === 'grade').at(-1)!.data.rule, 'switched_mode');
  // Asked without the panel's name, the retention page answers it from the hybrid search.
  const plain = await askOnce(server.deps, {
    question: 'How long is the retention of nightly snapshots?',
    sources: ['backups'],
  });
  assert.equal(plain.status, 'answered', plain.answer);
  assert.match(plain.answer, /keeps seven/);
});
