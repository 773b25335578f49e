import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadMusique } from '../../evals/datasets/musique.ts';
import { askOnce } from '../../src/service/ask.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// 30 HotpotQA questions with their 10 context paragraphs each (300 paragraphs; CC BY-SA 4.0, see data/README.md).
const subset = JSON.parse(readFileSync(new URL('../fixtures/hotpotqa/subset.json', import.meta.url), 'utf8')) as {
  questions: { id: string; question: string; supporting: string[] }[];
  corpus: Record<string, string>;
};

let server: TestServer;
before(async () => {
  const jsonl = Object.entries(subset.corpus)
    .map(([title, text]) => JSON.stringify({ _id: title, title, text }))
    .join('\n');
  server = await startTestServer({ sources: { hotpot: { 'corpus.jsonl': jsonl } } });
});
after(() => server.close());

/** Documents in the order the run ranked them, read back from its trace (as the eval runner does). */
async function rankedDocs(question: string, mode: 'agent' | 'single-shot'): Promise<string[]> {
  const r = await askOnce(server.deps, { question, sources: ['hotpot'], mode });
  const trace = await server.deps.traces.get(r.run_id);
  const rank = trace?.filter((x) => x.type === 'rank').at(-1);
  return [...new Set((rank?.data.doc_ids as string[]) ?? [])];
}

test('multi-hop: the agent finds both supporting paragraphs in its top 5 more often than single-shot', async () => {
  let agent = 0;
  let single = 0;
  for (const q of subset.questions) {
    const a = await rankedDocs(q.question, 'agent');
    const s = await rankedDocs(q.question, 'single-shot');
    agent += q.supporting.every((d) => a.slice(0, 5).includes(d)) ? 1 : 0;
    single += q.supporting.every((d) => s.slice(0, 5).includes(d)) ? 1 : 0;
  }
  const n = subset.questions.length;
  console.log(
    `all-supporting@5 on ${n} HotpotQA questions: agent ${(agent / n).toFixed(2)}, single-shot ${(single / n).toFixed(2)}`,
  );
  assert.ok(agent > single, `agent ${agent}/${n} should beat single-shot ${single}/${n}`);
});

test('a two-hop run follows a link: the trace shows the hop and a bridge search', async () => {
  const q = subset.questions.find((x) => x.question.includes('Leland')) ?? subset.questions[0]!;
  const r = await askOnce(server.deps, { question: q.question, sources: ['hotpot'] });
  const trace = (await server.deps.traces.get(r.run_id))!;
  const grades = trace.filter((x) => x.type === 'grade').map((x) => (x.data.action as { type: string }).type);
  assert.ok(grades.includes('hop'), `grades: ${grades}`);
  assert.ok(trace.some((x) => x.type === 'retrieval' && String(x.data.purpose).startsWith('bridge from')));
});

describe('three- and four-hop questions over a fictional world', () => {
  // The world of evals/datasets/bundled/multihop-synth (ours), read through the MuSiQue loader.
  let world: TestServer;
  before(async () => {
    const { corpus } = await loadMusique(
      fileURLToPath(new URL('../../evals/datasets/bundled/multihop-synth/multihop-synth.jsonl', import.meta.url)),
    );
    const jsonl = corpus!.map((d) => JSON.stringify({ _id: d.id, title: d.title, text: d.text })).join('\n');
    world = await startTestServer({ sources: { world: { 'corpus.jsonl': jsonl } } });
  });
  after(() => world.close());

  /** The run's answer, the titles its chain added (from the trace) and its final ranking of documents. */
  async function run(question: string) {
    const r = await askOnce(world.deps, { question, sources: ['world'] });
    const trace = (await world.deps.traces.get(r.run_id))!;
    const chain = trace.flatMap((x) => (x.type === 'hop' ? ((x.data.chain as { title: string }[]) ?? []) : []));
    const rank = trace.filter((x) => x.type === 'rank').at(-1);
    return { r, chain: chain.map((c) => c.title), docs: [...new Set(rank?.data.doc_ids as string[])] };
  }

  test("a three-hop run extends its pair along the links and answers from the chain's last paragraph", async () => {
    // The Tellan Bridge → its engineer → his school.
    const { r, chain, docs } = await run(
      'In what year was the school attended by the designer of the Tellan Bridge founded?',
    );
    // The chain's first search is one the bridge step already made: it is reused, not stopped as a repeat.
    assert.equal(r.stop_reason, 'answered');
    assert.deepEqual(chain, ['Orlen Polytechnic']);
    for (const d of ['Tellan Bridge', 'Harlow Brandt', 'Orlen Polytechnic'])
      assert.ok(docs.slice(0, 5).includes(d), `${d} in ${docs.slice(0, 5)}`);
    assert.match(r.answer, /established in 1874/);
  });

  test('a four-hop chain grows from whichever end of its pair links on, and the answer quotes its last paragraph', async () => {
    // The Tellan River's mouth → Port Ailey → its mayor → his university → its first rector. The pair ranks the mayor
    // first and Port Ailey second; nothing Port Ailey links to adds to the question, so the chain goes on from the
    // mayor, whose paragraph names his university.
    const { r, chain, docs } = await run(
      'Who was the first rector of the university the mayor of the city at the mouth of the Tellan River graduated from?',
    );
    assert.equal(r.stop_reason, 'answered');
    assert.deepEqual(chain, ['University of Halden']);
    const cited = r.citations.find((c) => c.title === 'University of Halden');
    assert.ok(cited, `citations: ${r.citations.map((c) => c.title)}`);
    for (const d of ['Port Ailey', 'Tobias Renn', 'University of Halden'])
      assert.ok(docs.slice(0, 5).includes(d), `${d} in ${docs.slice(0, 5)}`);
    // The rector's sentence, cited to the university's paragraph.
    assert.ok(r.answer.includes(`Its first rector was Anselm Teague. [${cited.n}]`), r.answer);
  });
});
