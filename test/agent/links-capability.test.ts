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

// A manual's HTML pages as texinfo writes them: each titled "<node> (<manual>)", in a numbered file or one named
// after its node, each pointing to others by title ("as described in Keyboard Macros, …"). Titles capitalised as
// names and mentioned by other pages, as a wiki's are; they are still one manual's section titles.
const nodes = [
  'Keyboard Macros',
  'Basic Editing',
  'Search Commands',
  'Startup Files',
  'Window Layout',
  'Backup Files',
  'Shell Commands',
  'Binary Files',
  'Mail Reading',
  'Color Schemes',
  'Key Bindings',
  'Regular Expressions',
];
const page = (node: string, i: number) => {
  const others = [1, 2, 3].map((k) => nodes[(i + k) % nodes.length]);
  const body = others.map((o) => `<p>This works as described in ${o}, which the editor reads at startup.</p>`);
  return `<html><head><title>${node} (Zed’s manual)</title></head><body><h1>${node}</h1>${body.join('')}</body></html>`;
};
const numbered = Object.fromEntries(nodes.map((n, i) => [`zed${String(i + 1).padStart(3, '0')}.html`, page(n, i)]));
const named = Object.fromEntries(nodes.map((n, i) => [`${n.replace(/ /g, '-')}.html`, page(n, i)]));

let server: TestServer;
before(async () => {
  const jsonl = Object.entries(subset.corpus)
    .map(([title, text]) => JSON.stringify({ _id: title, title, text }))
    .join('\n');
  server = await startTestServer({ sources: { wiki: { 'corpus.jsonl': jsonl }, demo, numbered, named } });
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

test("a manual's pages that cite each other by title are no wiki: link-following stays off", async () => {
  for (const name of ['numbered', 'named']) {
    const meta = await server.deps.store.sourceMeta(name);
    const stats = meta!.capabilities.link_stats!;
    assert.equal(meta?.capabilities.links, false, `${name}: ${JSON.stringify(stats)}`);
    assert.equal(stats.documents, nodes.length, name);
    // The pages sharing their manual's name as a qualifier, or named after their files, are no names.
    assert.equal(stats.name_titles, 0, `${name}: ${JSON.stringify(stats)}`);
  }
});

test('an ingest run with --links auto measures an unchanged source again; one without keeps its measure', async () => {
  const root = join(server.dir, 'docs', 'numbered');
  const job = { source: 'numbered', inputs: [root], baseDir: root };
  const deps = { store: server.deps.store, embedder: server.deps.embedder };
  // As an earlier release of the measure had left it.
  const stale = { documents: nodes.length, name_titles: nodes.length, mentioned: nodes.length, chunks_scanned: 12 };
  await server.deps.store.setCapabilities('numbered', { links: true, links_mode: 'auto', link_stats: stale });
  const kept = await runIngest(job, deps);
  assert.equal(kept.capabilities?.links, true, 'nothing changed and no mode asked: the measure stands');
  const again = await runIngest({ ...job, links: 'auto' }, deps);
  assert.equal(again.capabilities?.links, false, JSON.stringify(again.capabilities));
  assert.equal(again.capabilities?.link_stats?.name_titles, 0);
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
