// `npm run eval -- <dataset path | judge> [options]` — see README "Evals".
import '../src/native-env.ts';
import { parseArgs } from 'node:util';

const { runEval } = await import('./run.ts');
const { runJudgeEval } = await import('./judge-run.ts');
const { runSuite } = await import('./suite/run-suite.ts');
const { BUNDLED_DIR, folderGroups, folderSets } = await import('./suite/folders.ts');
const { renderFolderTable } = await import('./suite/table.ts');
const { renderGoals } = await import('./suite/goals.ts');
const { readReport, writeReport } = await import('./report/write-report.ts');
const { checkThresholds } = await import('./report/thresholds.ts');
type Threshold = import('./report/thresholds.ts').Threshold;
type EvalMode = import('./run-item.ts').EvalMode;
type SuiteMode = import('./suite/registry.ts').SuiteMode;
type SplitOption = import('./suite/split.ts').SplitOption;

const USAGE = `usage: npm run eval -- suite [--split dev|test|all] [--datasets scifact,nfcorpus,hotpotqa,cmrc2018,manuals]
                        [--modes bm25,single-shot,agent] [--out DIR] [--compare OLD/report.json] [--json]
                        [--limit N] [--judge builtin|none] [--concurrency N] [--root ../shared/datasets]
       npm run eval -- folders [--datasets debian-manuals,valgrind-pdf,…] [--groups dev-en,held-out-en,…]
                        [--split all|dev|test] [--modes agent,…]
                        [--out DIR] [--compare OLD/report.json] [--json] [--judge builtin|none] [--root DIR]
       npm run eval -- <dataset> [--mode agent|single-shot|no-retrieval|bm25] [--baselines single-shot,no-retrieval|none]
                        [--judge builtin|llm] [--limit N] [--out DIR] [--compare OLD/report.json]
                        [--threshold METRIC>=VALUE ...] [--thresholds FILE.json] [--source NAME] [--concurrency N]
                        [--split dev|test|all]
       npm run eval -- judge [--dataset PATH] [--limit N] [--out DIR] [--compare OLD/report.json]
<dataset> is a BEIR folder, a HotpotQA-style folder (questions.json + corpus.json), a CMRC 2018 folder, a folder-QA
folder (corpus/ + questions.jsonl, e.g. manuals-dev), a MuSiQue .jsonl (paragraphs per question), a SQuAD-style .json
(SQuAD, CMRC 2018, DRCD as released) or a JSONL file of questions.`;

const MODES = ['agent', 'single-shot', 'no-retrieval', 'bm25'] as const;
const SUITE_MODES = ['bm25', 'single-shot', 'agent'] as const;
const SPLITS = ['dev', 'test', 'all'] as const;

function fail(msg: string): never {
  console.error(`eval: ${msg}\n${USAGE}`);
  process.exit(2);
}

/** "--threshold ndcg@10>=0.8" and a JSON file {"faithfulness": 0.9, "latency_p95_ms": {"max": 500}}. */
async function thresholdsFrom(flags: string[], file?: string): Promise<Record<string, Threshold>> {
  const out: Record<string, Threshold> = {};
  if (file) Object.assign(out, JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8')));
  for (const f of flags) {
    const m = /^([^<>=]+)(>=|<=)([-\d.]+)$/.exec(f.replace(/\s+/g, ''));
    if (!m) fail(`--threshold ${f}: write METRIC>=VALUE or METRIC<=VALUE`);
    out[m[1]!] = m[2] === '>=' ? { min: Number(m[3]) } : { max: Number(m[3]) };
  }
  return out;
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      mode: { type: 'string', default: 'agent' },
      baselines: { type: 'string' },
      judge: { type: 'string', default: 'builtin' },
      limit: { type: 'string' },
      out: { type: 'string' },
      compare: { type: 'string' },
      threshold: { type: 'string', multiple: true, default: [] },
      thresholds: { type: 'string' },
      source: { type: 'string' },
      concurrency: { type: 'string' },
      dataset: { type: 'string' },
      split: { type: 'string' },
      datasets: { type: 'string' },
      groups: { type: 'string' },
      modes: { type: 'string' },
      root: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  args = parse();
} catch (e) {
  fail((e as Error).message);
}
const { values: v, positionals } = args;
if (v.help) {
  console.log(USAGE);
  process.exit(0);
}
const target = positionals[0] ?? fail('name a dataset path, or `judge`');
const limit = v.limit === undefined ? undefined : Number(v.limit);
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) fail(`--limit ${v.limit}: a positive whole number`);
const thresholds = await thresholdsFrom(v.threshold as string[], v.thresholds);
const log = (line: string) => console.error(`eval: ${line}`);
const show = (metrics: Record<string, number>) => {
  for (const [k, val] of Object.entries(metrics))
    console.log(`${k.padEnd(28)} ${Number.isInteger(val) ? val : val.toFixed(4)}`);
};

const list = (x: string | undefined) =>
  x
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** The suite's modes from --modes, each checked. */
function suiteModes(): SuiteMode[] | undefined {
  const modes = list(v.modes) as SuiteMode[] | undefined;
  for (const m of modes ?? []) if (!SUITE_MODES.includes(m)) fail(`--modes ${m}: one of ${SUITE_MODES.join(', ')}`);
  return modes;
}
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
/** What `suite` and `folders` pass alike to the run. */
const runOptions = () => ({
  compare: v.compare,
  limit,
  concurrency: v.concurrency ? Number(v.concurrency) : undefined,
  judge: v.judge === 'builtin',
  log,
});

let failures: { message: string }[] = [];
try {
  if (target === 'folders') {
    // Every folder set of evals/datasets/bundled whose corpus is built, agent only unless --modes says more.
    v.split ??= 'all';
    if (!SPLITS.includes(v.split as SplitOption)) fail(`--split ${v.split}: one of ${SPLITS.join(', ')}`);
    if (v.judge !== 'builtin' && v.judge !== 'none') fail(`--judge ${v.judge}: builtin or none here`);
    const root = v.root ?? BUNDLED_DIR;
    const [{ ready, unbuilt }, groups] = await Promise.all([folderSets(root), folderGroups(root)]);
    const known = [...ready, ...unbuilt].map((d) => d.key);
    for (const k of list(v.datasets) ?? [])
      if (!known.includes(k)) fail(`--datasets ${k}: no folder set ${k} in ${root}`);
    for (const [g, members] of Object.entries(groups))
      for (const k of members)
        if (!known.includes(k)) fail(`${root}/groups.json: ${g} names ${k}, which is no folder set in ${root}`);
    if (v.groups !== undefined && !list(v.groups)?.length) fail('--groups: name one or more groups of groups.json');
    for (const g of list(v.groups) ?? []) {
      if (!groups[g])
        fail(`--groups ${g}: no group ${g} in ${root}/groups.json (${Object.keys(groups).join(', ') || 'none'})`);
      if (groups[g]!.length === 0) fail(`--groups ${g}: the group has no sets in ${root}/groups.json`);
    }
    // The sets named, and those of the groups named; all when neither is given.
    const named = [...(list(v.datasets) ?? []), ...(list(v.groups) ?? []).flatMap((g) => groups[g]!)];
    const wanted = v.datasets === undefined && v.groups === undefined ? undefined : named;
    const grouped = new Set(Object.values(groups).flat());
    for (const r of ready)
      if (!grouped.has(r.key) && (!wanted || wanted.includes(r.key)))
        log(`${r.key}: in no group of ${root}/groups.json (held out until measured untouched; then add it)`);
    for (const u of unbuilt)
      if (!wanted || wanted.includes(u.key)) log(`${u.key}: left out, its corpus is not built (${u.build})`);
    const sets = ready.filter((d) => !wanted || wanted.includes(d.key));
    if (sets.length === 0) throw new Error(`no folder set with a built corpus in ${root}`);
    const modes = suiteModes() ?? ['agent'];
    const outcome = await runSuite({
      ...runOptions(),
      root,
      split: v.split as SplitOption,
      sets,
      pooled: true,
      groups,
      goals: false,
      modes,
      out: v.out ?? `data/evals/folders/${stamp()}-${v.split}`,
    });
    const before = v.compare ? (await readReport(v.compare)).metrics : undefined;
    const summary = [
      ...modes.flatMap((m) => [renderFolderTable(outcome.results, m, before), '']),
      ...outcome.regressions.map((c) => `regression: ${c.metric} ${c.before.toFixed(3)} → ${c.after.toFixed(3)}`),
      `folders: ${outcome.seconds.toFixed(1)} s; report: ${outcome.dir}/report.json (pass to --compare), items: ${outcome.dir}/<set>/report.html`,
    ].join('\n');
    if (v.json) {
      console.error(summary);
      console.log(JSON.stringify({ dir: outcome.dir, metrics: outcome.metrics, datasets: outcome.results }, null, 2));
    } else console.log(summary);
    failures = checkThresholds(outcome.metrics, thresholds);
  } else if (target === 'suite') {
    v.split ??= 'dev';
    if (!SPLITS.includes(v.split as SplitOption)) fail(`--split ${v.split}: one of ${SPLITS.join(', ')}`);
    const modes = suiteModes();
    if (v.judge !== 'builtin' && v.judge !== 'none') fail(`--judge ${v.judge}: builtin or none in the suite`);
    const outcome = await runSuite({
      ...runOptions(),
      root: v.root ?? '../shared/datasets',
      split: v.split as SplitOption,
      datasets: list(v.datasets),
      modes,
      out: v.out ?? `data/evals/suite/${stamp()}-${v.split}`,
    });
    const summary = [
      outcome.table,
      '',
      `goals on the ${v.split} split (quote test, tune on dev):`,
      renderGoals(outcome.goals),
      '',
      ...outcome.regressions.map((c) => `regression: ${c.metric} ${c.before.toFixed(3)} → ${c.after.toFixed(3)}`),
      `suite: ${outcome.seconds.toFixed(1)} s; report: ${outcome.dir}/report.json (pass to --compare), tables: ${outcome.dir}/suite.md, items: ${outcome.dir}/<dataset>/report.html`,
    ].join('\n');
    if (v.json) {
      console.error(summary);
      console.log(
        JSON.stringify(
          { dir: outcome.dir, seconds: outcome.seconds, metrics: outcome.metrics, datasets: outcome.results },
          null,
          2,
        ),
      );
    } else console.log(summary);
    failures = checkThresholds(outcome.metrics, thresholds);
  } else if (target === 'judge') {
    const report = await runJudgeEval({ dataset: v.dataset, limit, out: v.out, compare: v.compare });
    if (v.out && !v.compare) await writeReport(v.out, report);
    show(report.metrics);
    failures = checkThresholds(report.metrics, thresholds);
  } else {
    if (!MODES.includes(v.mode as EvalMode)) fail(`--mode ${v.mode}: one of ${MODES.join(', ')}`);
    if (v.judge !== 'builtin' && v.judge !== 'llm') fail(`--judge ${v.judge}: builtin or llm`);
    const mode = v.mode as EvalMode;
    const baselines = (v.baselines ?? (mode === 'agent' ? 'single-shot,no-retrieval' : 'none'))
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== 'none') as EvalMode[];
    for (const b of baselines) if (!MODES.includes(b)) fail(`--baselines ${b}: one of ${MODES.join(', ')} or none`);
    if (!SPLITS.includes((v.split ?? 'all') as SplitOption)) fail(`--split ${v.split}: one of ${SPLITS.join(', ')}`);
    const outcome = await runEval({
      dataset: target,
      split: (v.split ?? 'all') as SplitOption,
      mode,
      baselines,
      judge: v.judge,
      limit,
      out: v.out,
      compare: v.compare,
      thresholds,
      source: v.source,
      concurrency: v.concurrency ? Number(v.concurrency) : undefined,
      log,
    });
    show(outcome.report.metrics);
    for (const line of [...outcome.comparison, ...(outcome.report.notes ?? [])]) console.log(`note: ${line}`);
    for (const r of outcome.regressions) console.log(`regression: ${r}`);
    if (outcome.dir) console.log(`report: ${outcome.dir}/report.html`);
    failures = outcome.failures;
  }
} catch (e) {
  // A failed run (unreadable dataset, embedder mismatch, store error) is one clear line, not a stack trace.
  console.error(`eval: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
for (const f of failures) console.error(`threshold failed: ${f.message}`);
process.exit(failures.length ? 1 : 0);
