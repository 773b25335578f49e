import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runIngest } from '../../ingest/pipeline.ts';
import { askOnce } from '../../src/service/ask.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// 30 HotpotQA questions with their context paragraphs (CC BY-SA 4.0, see data/README.md), and the demo corpus.
const subset = JSON.parse(readFileSync(new URL('../fixtures/hotpotqa/subset.json', import.meta.url), 'utf8')) as {
  questions: { id: string; question: string; supporting: string[] }[];
  corpus: Record<string, string>;
};
const demoDir = new URL('../../data/demo/', import.meta.url).pathname;
const demo = Object.fromEntries(
  ['agent-loop.md', 'citations.md', 'configuration.md', 'faq.txt', 'guardrails.md', 'ingestion.md', 'overview.md'].map(
    (f) => [f, readFileSync(join(demoDir, f), 'utf8')],
  ),
);

let server: TestServer;
before(async () => {
  const jsonl = Object.entries(subset.corpus)
    .map(([title, text]) => JSON.stringify({ _id: title, title, text }))
    .join('\n');
  server = await startTestServer({ sources: { wiki: { 'corpus.jsonl': jsonl }, demo } });
});
after(() => server.close());

test('link-following switches on by itself for a wiki-like source and stays off for a documentation folder', async () => {
  const wiki = await server.deps.store.sourceMeta('wiki');
  const docs = await server.deps.store.sourceMeta('demo');
  assert.equal(wiki?.capabilities.links, true, JSON.stringify(wiki?.capabilities));
  assert.equal(docs?.capabilities.links, false, JSON.stringify(docs?.capabilities));
  const stats = wiki!.capabilities.link_stats!;
  assert.ok(stats.mentioned >= 5 && stats.name_titles >= 0.8 * stats.documents, JSON.stringify(stats));
});

test('questions on the demo knowledge base run no hop, bridge or feedback searches', async () => {
  for (const question of ['What does the agent do when evidence is weak?', 'How are citations checked?']) {
    const r = await askOnce(server.deps, { question, sources: ['demo'] });
    assert.equal(r.status, 'answered', r.answer);
    const trace = (await server.deps.traces.get(r.run_id))!;
    assert.equal(trace.filter((x) => x.type === 'hop').length, 0);
    const purposes = trace.filter((x) => x.type === 'retrieval').map((x) => String(x.data.purpose));
    assert.ok(!purposes.some((p) => /bridge|links from|feedback|named/.test(p)), purposes.join(', '));
  }
});

test('a two-hop question on the wiki source follows links', async () => {
  let hopped = 0;
  for (const q of subset.questions.slice(0, 10)) {
    const r = await askOnce(server.deps, { question: q.question, sources: ['wiki'] });
    const trace = (await server.deps.traces.get(r.run_id))!;
    if (trace.some((x) => x.type === 'hop')) hopped++;
  }
  assert.ok(hopped >= 5, `${hopped} of 10 runs hopped`);
});

test('--links off on the same corpus turns link-following off, and the choice is kept by later runs', async () => {
  const root = join(server.dir, 'docs', 'wiki');
  const job = { source: 'wiki-off', inputs: [root], baseDir: root };
  const deps = { store: server.deps.store, embedder: server.deps.embedder };
  const first = await runIngest({ ...job, links: 'off' }, deps);
  assert.equal(first.capabilities?.links, false);
  assert.equal(first.capabilities?.links_mode, 'off');
  const again = await runIngest(job, deps);
  assert.equal(again.capabilities?.links, false, 'a run without --links keeps the earlier choice');
  for (const q of subset.questions.slice(0, 5)) {
    const r = await askOnce(server.deps, { question: q.question, sources: ['wiki-off'] });
    const trace = (await server.deps.traces.get(r.run_id))!;
    assert.equal(trace.filter((x) => x.type === 'hop').length, 0, q.question);
  }
  const auto = await runIngest({ ...job, links: 'auto' }, deps);
  assert.equal(auto.capabilities?.links, true);
});
