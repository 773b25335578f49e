import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { access, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { runEval } from '../../evals/run.ts';
import { folderGroups, folderSets } from '../../evals/suite/folders.ts';
import { runSuite } from '../../evals/suite/run-suite.ts';
import { tempDir } from '../helpers/temp-db.ts';

const FIXTURES = resolve('test/fixtures/suite');

test('`npm run eval -- suite` runs every dataset in three modes through real ingestion and prints one table', async (t) => {
  const { dir } = await tempDir(t, 'grounded-suite-');
  const env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_TRACES: join(dir, 'traces') };
  const out = join(dir, 'run1');
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'evals/cli.ts', 'suite', '--root', FIXTURES, '--split', 'all', '--out', out, '--judge', 'none'],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  assert.equal(res.status, 0, res.stderr);
  const table = res.stdout;
  assert.match(table, /^dataset\s+metric\s+LanceDB BM25\s+single-shot\s+agent$/m);
  for (const d of [
    'scifact (all, 6)',
    'nfcorpus (all, 6)',
    'hotpotqa (all, 4)',
    'cmrc2018 (all, 6)',
    'manuals (all, 8)',
  ])
    assert.ok(table.includes(d), `${d} in\n${table}`);
  // Each kind of dataset shows its own metrics; BM25 alone has no answers, so answer rows show "–" for it.
  assert.match(table, /nDCG@10\s+[01]\.\d{3}\s+[01]\.\d{3}\s+[01]\.\d{3}/);
  assert.match(table, /all-supporting@10\s+[01]\.\d{3}\s+[01]\.\d{3}\s+[01]\.\d{3}/);
  assert.match(table, /answer containment\s+–\s+[01]\.\d{3}\s+[01]\.\d{3}/);
  assert.match(table, /grounded answer rate\s+–\s+[01]\.\d{3}\s+[01]\.\d{3}/);
  assert.match(table, /unanswerable refused\s+–\s+[01]\.\d{3}\s+[01]\.\d{3}/);
  assert.match(table, /answer in top-5 plain BM25 passages\s+1\.000\s+–\s+–/);
  assert.equal(table.match(/latency p50 ms/g)?.length, 5);
  assert.match(table, /goals on the all split/);
  assert.match(table, /^(met {4}|NOT met) {2}hotpotqa: agent all-supporting@10 ≥ single-shot \+ 0\.15: /m);
  // The corpora went through the ingestion pipeline into their own sources (the folder as a folder).
  assert.match(res.stderr, /corpus eval-manuals-dev: 2 documents, 0 unchanged, \d+ chunks written/);
  assert.match(res.stderr, /corpus eval-cmrc2018: 3 documents/);

  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  assert.equal(report.kind, 'suite');
  for (const k of [
    'scifact/bm25/ndcg@10',
    'nfcorpus/agent/ndcg@10',
    'hotpotqa/single-shot/all_supporting@5',
    'cmrc2018/agent/answer_containment',
    'manuals/agent/grounded_answer',
    'manuals/agent/citation_exactness',
    'manuals/bm25/bm25_passages:answer_in_top5',
    'scifact/agent/wall_p50_ms',
  ])
    assert.equal(typeof report.metrics[k], 'number', k);
  // The tiny sets are easy: a BM25 ranking that misses them would be a broken pipeline, not a weak model.
  assert.equal(report.metrics['scifact/bm25/recall@10'], 1);
  assert.equal(report.metrics['cmrc2018/bm25/recall@10'], 1);
  assert.equal(report.metrics['manuals/agent/citation_exactness'], 1);
  for (const d of ['scifact', 'manuals']) await access(join(out, d, 'report.html'));
  const manuals = JSON.parse(await readFile(join(out, 'manuals', 'report.json'), 'utf8'));
  assert.deepEqual(Object.keys(manuals.baselines).sort(), ['bm25-alone', 'bm25-passages', 'single-shot']);
  assert.ok(manuals.items.every((i: { trace?: { steps: unknown[] } }) => (i.trace?.steps.length ?? 0) > 2));

  // A second run on one half reuses the ingested corpora and compares itself with the first.
  const lines: string[] = [];
  const again = await runSuite(
    {
      root: FIXTURES,
      split: 'test',
      datasets: ['scifact', 'manuals'],
      modes: ['bm25', 'agent'],
      out: join(dir, 'run2'),
      compare: join(out, 'report.json'),
      judge: false,
      log: (l) => lines.push(l),
    },
    env,
  );
  assert.ok(
    lines.some((l) => /corpus eval-scifact-mini: 8 documents, 8 unchanged, 0 chunks written/.test(l)),
    lines.join('\n'),
  );
  assert.deepEqual(
    again.results.map((r) => [r.key, r.items]),
    [
      ['scifact', 3],
      ['manuals', 4],
    ],
  );
  assert.match(again.table, /^dataset\s+metric\s+LanceDB BM25\s+agent$/m);
  assert.match(again.table, /nDCG@10\s+[01]\.\d{3} \([+−]\d\.\d{3}\)/, 'deltas against the compared run');
  assert.match(again.table, /latency p50 ms\s+[\d.]+ \(×[\d.]+\)/);
});

test('folder QA on its own: `npm run eval -- <folder> --split test` asks one half through ask(), with both baselines', async (t) => {
  const { dir } = await tempDir(t, 'grounded-folder-qa-');
  const env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_TRACES: join(dir, 'traces') };
  const out = join(dir, 'out');
  const r = await runEval(
    {
      dataset: join(FIXTURES, 'manuals-dev'),
      split: 'test',
      mode: 'agent',
      baselines: ['single-shot'],
      judge: 'builtin',
      out,
    },
    env,
  );
  assert.equal(r.report.config.items, 4);
  assert.deepEqual(r.report.items.map((i) => i.id).sort(), ['m-04', 'm-05', 'm-06', 'm-07']);
  for (const k of [
    'grounded_answer',
    'grounded_answer_spans',
    'refusal_recall',
    'citation_exactness',
    'answer_in_top5',
  ])
    assert.equal(typeof r.report.metrics[k], 'number', k);
  assert.deepEqual(Object.keys(r.report.baselines).sort(), ['bm25-passages', 'single-shot']);
  assert.equal(r.report.baselines['bm25-passages']!.passages, 2);
  // Worst first: an unanswerable question that was answered, or an answer without the gold, leads the report.
  const html = await readFile(join(out, 'report.html'), 'utf8');
  assert.match(html, /Worst items/);
  assert.ok(
    r.report.items.every((i) => (i.trace?.steps.length ?? 0) > 2),
    'items carry their traces',
  );
});

test('a folder-QA follow-up is asked with its earlier turns as its conversation', async (t) => {
  const { dir } = await tempDir(t, 'grounded-followups-');
  const set = join(dir, 'followups');
  await cp(join(FIXTURES, 'manuals-dev', 'corpus'), join(set, 'corpus'), { recursive: true });
  const row = {
    id: 'f-01',
    history: ['Which packit option sets the compression level?'],
    question: 'What is its default?',
    answerable: true,
    gold_answer: 'default level is 6',
    gold_file: 'tool/packit.1.txt',
    kind: 'pronoun',
  };
  await writeFile(join(set, 'questions.jsonl'), `${JSON.stringify(row)}\n`);
  const env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_TRACES: join(dir, 'traces') };
  const r = await runEval(
    { dataset: set, split: 'all', mode: 'agent', baselines: [], judge: 'builtin', out: join(dir, 'out') },
    env,
  );
  const steps = r.report.items[0]!.trace!.steps;
  const condense = steps.find((s) => s.type === 'condense');
  assert.ok(condense, JSON.stringify(steps.map((s) => s.type)));
  assert.match(condense.summary, /compression level/);
  // Asked as a chat frontend asks: the earlier question first, our answer to it sent back with the follow-up.
  assert.match(condense.summary, /"turns":2/);
  assert.equal(r.report.metrics.grounded_answer, 1);
  await writeFile(join(set, 'questions.jsonl'), `${JSON.stringify({ ...row, history: 'Which option?' })}\n`);
  await assert.rejects(
    runEval(
      { dataset: set, split: 'all', mode: 'agent', baselines: [], judge: 'builtin', out: join(dir, 'out2') },
      env,
    ),
    /questions\.jsonl:1: "history" must be a list of the earlier user turns/,
  );
});

/**
 * A folder of three sets in a temp dir: two built (the suite's manuals fixture twice) and `set-c`, whose corpus is not
 * built yet; `run` is `npm run eval -- folders` over it, on a store of its own.
 */
async function folderSets3(t: Parameters<typeof tempDir>[0], prefix: string) {
  const { dir } = await tempDir(t, prefix);
  const root = join(dir, 'bundled');
  for (const set of ['set-a', 'set-b']) await cp(join(FIXTURES, 'manuals-dev'), join(root, set), { recursive: true });
  await mkdir(join(root, 'set-c'), { recursive: true });
  await writeFile(join(root, 'set-c', 'build-corpus.sh'), 'echo build me\n');
  const env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_TRACES: join(dir, 'traces') };
  const run = (...extra: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'evals/cli.ts', 'folders', '--root', root, '--judge', 'none', ...extra],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    );
  return { dir, root, run };
}

test('`npm run eval -- folders` runs every folder set whose corpus is built, a row each and one pooled', async (t) => {
  const { dir, run } = await folderSets3(t, 'grounded-folders-');
  const out = join(dir, 'out');
  const res = run('--out', out);
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stderr, /set-c: left out, its corpus is not built \(bash .*set-c\/build-corpus\.sh\)/);
  assert.match(
    res.stdout,
    /^set\s+grounded\s+gold in answer\s+answer in top 5\s+unanswerable refused\s+answerable refused\s+p50 ms$/m,
  );
  // Each rate with the count it stands for: six answerable and two unanswerable questions per set.
  for (const set of ['set-a', 'set-b'])
    assert.match(res.stdout, new RegExp(`^${set}\\s+[01]\\.\\d{3} \\d/6\\s+.*\\d/2\\s+[01]\\.\\d{3} \\d/6`, 'm'));
  assert.match(res.stdout, /^pooled\s+[01]\.\d{3} \d+\/12\s+.*\d\/4\s+/m);
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  // The same questions over the same documents: the pooled rate is each set's.
  assert.equal(report.metrics['pooled/agent/grounded_answer'], report.metrics['set-a/agent/grounded_answer']);
  assert.equal(typeof report.metrics['set-b/agent/refusal_rate_answerable'], 'number');
  await access(join(out, 'set-a', 'report.html'));
  // One set by name, compared with the first run; a set that is not there is a usage error.
  const one = run('--datasets', 'set-b', '--out', join(dir, 'out2'), '--compare', join(out, 'report.json'));
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^set-b\s+[01]\.\d{3} \(\+0\.000\) \d\/6/m);
  assert.doesNotMatch(one.stdout, /^(set-a|pooled)/m);
  const bad = run('--datasets', 'set-z');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--datasets set-z: no folder set set-z in /);
});

test('`npm run eval -- folders` pools each group of groups.json in a row of its own, and --groups runs a group', async (t) => {
  const { dir, root, run } = await folderSets3(t, 'grounded-folder-groups-');
  // set-c's corpus is not built, so its group runs in part; set-b is in no group.
  const groups = (g: Record<string, string[]>) => writeFile(join(root, 'groups.json'), JSON.stringify(g));
  await groups({ 'dev-en': ['set-a', 'set-c'], 'held-out-en': [] });
  const out = join(dir, 'out');
  const res = run('--out', out);
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stderr, /set-b: in no group of .*groups\.json/);
  assert.doesNotMatch(res.stderr, /set-a: in no group/);
  // The group's row counts the questions of the one set of two that ran, and says so in its key; a group with no set
  // run has no row.
  assert.match(res.stdout, /^pooled:dev-en\(1\/2\)\s+[01]\.\d{3} \d\/6\s+.*\d\/2\s+/m);
  assert.doesNotMatch(res.stdout, /^pooled:held-out-en/m);
  assert.match(res.stdout, /^pooled\s+[01]\.\d{3} \d+\/12\s+/m);
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  assert.equal(
    report.metrics['pooled:dev-en(1/2)/agent/grounded_answer'],
    report.metrics['set-a/agent/grounded_answer'],
  );
  // A group by name runs its sets only; run whole, its row has the group's own key.
  await groups({ 'dev-en': ['set-a', 'set-c'], 'held-out-en': ['set-b'] });
  const one = run('--groups', 'held-out-en', '--out', join(dir, 'out2'));
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^set-b\s/m);
  assert.match(one.stdout, /^pooled:held-out-en\s+[01]\.\d{3} \d\/6\s/m);
  assert.doesNotMatch(one.stdout, /^set-a\s/m);
  const unknown = run('--groups', 'nope');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /--groups nope: no group nope in .*groups\.json \(dev-en, held-out-en\)/);
  // What groups.json names must be there, and each set in one group: a typo or a set pooled twice is refused.
  await groups({ 'dev-en': ['set-a', 'set-z'] });
  const typo = run('--out', join(dir, 'out3'));
  assert.equal(typo.status, 2);
  assert.match(typo.stderr, /groups\.json: dev-en names set-z, which is no folder set in /);
  await groups({ 'dev-en': ['set-a'], 'held-out-en': ['set-a'] });
  const twice = run('--out', join(dir, 'out4'));
  assert.equal(twice.status, 1);
  assert.match(twice.stderr, /groups\.json: set-a is in two groups, dev-en and held-out-en/);
});

test('every bundled folder set is in one group of groups.json (a new set is added there once measured)', async () => {
  const [{ ready, unbuilt }, groups] = await Promise.all([folderSets(), folderGroups()]);
  const grouped = Object.values(groups).flat();
  for (const set of [...ready, ...unbuilt]) assert.ok(grouped.includes(set.key), `${set.key} is in no group`);
  const known = new Set([...ready, ...unbuilt].map((s) => s.key));
  for (const set of grouped) assert.ok(known.has(set), `groups.json names ${set}, which is no bundled set`);
  assert.ok(groups['dev-en']?.length && groups['held-out-en']?.length);
});
