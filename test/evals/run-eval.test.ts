import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runEval } from '../../evals/run.ts';
import { ASTRONOMY, COOKING } from '../fixtures/corpus.ts';
import { ARTIFACTS, launchBrowser } from '../helpers/browser.ts';

process.env.LANCEDB_LOG ??= 'error';

let dir: string;
let env: NodeJS.ProcessEnv;
const dataset = () => join(dir, 'tiny');

/** A BEIR-format dataset made of the test corpora: one document per paragraph, graded judgements. */
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grounded-eval-'));
  env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_TRACES: join(dir, 'traces') };
  const docs = Object.entries({ ...ASTRONOMY, ...COOKING }).flatMap(([file, text]) =>
    text.split('\n\n').map((p, i) => ({ _id: `${file}#${i}`, title: file.replace('.txt', ''), text: p })),
  );
  const queries = [
    { _id: 'q1', text: 'How many moons does Xylo have?', rel: 'xylo.txt#0' },
    { _id: 'q2', text: 'Who discovered Tamsin, the moon of Xylo?', rel: 'xylo.txt#2' },
    { _id: 'q3', text: 'What is gazpacho made of?', rel: 'soup.txt#1' },
    { _id: 'q4', text: 'How long does Vendra take to orbit its star?', rel: 'vendra.txt#1' },
  ];
  await mkdir(join(dataset(), 'qrels'), { recursive: true });
  await writeFile(join(dataset(), 'corpus.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n'));
  await writeFile(
    join(dataset(), 'queries.jsonl'),
    queries.map((q) => JSON.stringify({ _id: q._id, text: q.text })).join('\n'),
  );
  await writeFile(
    join(dataset(), 'qrels', 'test.tsv'),
    `query-id\tcorpus-id\tscore\n${queries.map((q) => `${q._id}\t${q.rel}\t1`).join('\n')}\n`,
  );
});
after(() => rm(dir, { recursive: true, force: true }));

test('an eval run ingests the corpus, runs agent and baselines, and writes a report with the named metrics', async () => {
  const out = join(dir, 'out');
  const r = await runEval(
    { dataset: dataset(), mode: 'agent', baselines: ['single-shot', 'no-retrieval'], judge: 'builtin', out },
    env,
  );
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  for (const k of [
    'ndcg@10',
    'recall@10',
    'mrr',
    'faithfulness',
    'citation_precision',
    'citation_recall',
    'judge_balanced_accuracy',
    'latency_p50_ms',
    'steps_mean',
  ])
    assert.equal(typeof report.metrics[k], 'number', `metrics.${k}`);
  assert.ok(report.metrics['ndcg@10'] > 0.7, `ndcg@10 ${report.metrics['ndcg@10']}`);
  assert.ok(report.metrics.judge_balanced_accuracy > 0.9);
  assert.deepEqual(Object.keys(report.baselines).sort(), ['no-retrieval', 'single-shot']);
  assert.equal(
    report.baselines['no-retrieval'].answered_rate,
    0,
    'the builtin reasoner answers nothing without evidence',
  );
  assert.equal(report.items.length, 4);
  assert.ok(
    report.items.every((i: { trace?: { steps: unknown[] } }) => (i.trace?.steps.length ?? 0) > 3),
    'items carry their trace',
  );
  assert.equal(r.failures.length, 0);
  const md = await readFile(join(out, 'report.md'), 'utf8');
  assert.match(md, /ndcg@10/);

  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
    await page.goto(`file://${join(out, 'report.html')}`);
    assert.ok((await page.locator('svg').count()) > 0, 'charts render');
    assert.ok(await page.getByText('How many moons does Xylo have?').first().isVisible(), 'items are listed');
    await page.screenshot({ path: join(ARTIFACTS, 'eval-run-report.png'), fullPage: true });
  } finally {
    await browser.close();
  }
});

test('questions marked unanswerable give refusal precision and recall; re-runs skip the unchanged corpus', async () => {
  const file = join(dir, 'questions.jsonl');
  const items = [
    { question: 'How many moons does Xylo have?', answer: 'seven' },
    { question: 'What colour is the third moon of Zorblax according to the treaty of Vyrr?', answerable: false },
  ];
  await writeFile(file, items.map((i) => JSON.stringify(i)).join('\n'));
  const first = await runEval({ dataset: dataset(), mode: 'single-shot', baselines: [], judge: 'builtin' }, env);
  assert.equal(first.report.config.source, 'eval-tiny');
  const r = await runEval({ dataset: file, mode: 'agent', baselines: [], judge: 'builtin', source: 'eval-tiny' }, env);
  assert.equal(r.report.metrics.refusal_precision, 1);
  assert.equal(r.report.metrics.refusal_recall, 1);
  assert.equal(r.report.metrics.answer_containment, 1);
});

test('a MuSiQue file runs as it is released: multi-hop metrics, a refusal for the question marked unanswerable', async () => {
  const file = join(dir, 'musique_full_v1.0_dev.jsonl');
  const [xylo, surface, tamsin] = ASTRONOMY['xylo.txt'].split('\n\n');
  const paragraphs = [
    { idx: 0, title: 'Xylo', paragraph_text: xylo, is_supporting: true },
    { idx: 1, title: 'Xylo', paragraph_text: surface, is_supporting: false },
    { idx: 2, title: 'Tamsin', paragraph_text: tamsin, is_supporting: true },
    { idx: 3, title: 'Gazpacho', paragraph_text: COOKING['soup.txt'].split('\n\n')[1], is_supporting: false },
  ];
  const rows = [
    {
      id: '2hop__1',
      question: 'Who discovered the largest moon of the fourth planet of the Brenner system?',
      answer: 'Ilse Marten',
      answer_aliases: [],
      answerable: true,
      paragraphs,
    },
    {
      id: '2hop__2',
      question: 'What colour is the third moon of Zorblax according to the treaty of Vyrr?',
      answer: '',
      answerable: false,
      paragraphs: paragraphs.map((p) => ({ ...p, is_supporting: false })),
    },
  ];
  await writeFile(file, rows.map((r) => JSON.stringify(r)).join('\n'));
  const r = await runEval({ dataset: file, mode: 'agent', baselines: [], judge: 'builtin' }, env);
  assert.equal(r.report.config.items, 2);
  assert.equal(r.report.metrics['all_supporting@10'], 1);
  assert.equal(r.report.metrics.answer_containment, 1, 'the answer names Ilse Marten');
  assert.equal(r.report.metrics.refusal_recall, 1);
});

test('the CLI exits non-zero when a threshold fails, naming the metric', () => {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'evals/cli.ts', dataset(), '--mode', 'single-shot', '--threshold', 'ndcg@10>=1.01'],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  assert.equal(res.status, 1, res.stderr);
  assert.match(res.stderr, /threshold failed: ndcg@10 = [\d.]+ is below the minimum 1.01/);
  assert.match(res.stdout, /^ndcg@10\s+[\d.]+$/m);
});

test('a folder with a file that fails to ingest is still evaluated; the report names the file and why', async () => {
  const folder = join(dir, 'folder-with-a-bad-file');
  await mkdir(join(folder, 'corpus'), { recursive: true });
  await writeFile(join(folder, 'corpus', 'xylo.md'), `# Xylo\n\n${ASTRONOMY['xylo.txt']}`);
  // A PDF that is not one: ingest reports it and goes on, as it does for a user.
  await writeFile(join(folder, 'corpus', 'scan.pdf'), '%PDF-1.4\nthis is not a PDF body\n');
  await writeFile(
    join(folder, 'questions.jsonl'),
    `${JSON.stringify({ id: 'f-1', question: 'How many moons does Xylo have?', answerable: true, gold_answer: 'seven', gold_file: 'xylo.md' })}\n`,
  );
  const r = await runEval({ dataset: folder, mode: 'agent', baselines: [], judge: 'builtin' }, env);
  assert.equal(r.report.config.items, 1);
  assert.equal(r.report.metrics.grounded_answer, 1);
  const note = r.report.notes?.find((n) => n.includes('failed to ingest'));
  assert.match(note ?? '', /^1 corpus file\(s\) failed to ingest and were left out: corpus\/scan\.pdf \(.+\)\.$/);
});
