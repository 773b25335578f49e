import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { createDeps, type Deps, type NodeDeps } from '../../src/deps.ts';
import { aggregate } from '../aggregate.ts';
import { ensureCorpus } from '../corpus.ts';
import { loadDataset } from '../datasets/detect.ts';
import type { EvalDataset, EvalItem } from '../datasets/types.ts';
import { createBuiltinJudge } from '../judges/builtin/index.ts';
import type { Judge } from '../judges/types.ts';
import type { Change } from '../report/compare.ts';
import type { Metrics, Report } from '../report/types.ts';
import { readReport, writeReport } from '../report/write-report.ts';
import { evalConfig, passageBaseline, toItem } from '../run.ts';
import { type ItemResult, runItem } from '../run-item.ts';
import { checkGoals, type GoalCheck } from './goals.ts';
import { SUITE_DATASETS, SUITE_MODES, type SuiteDataset, type SuiteMode } from './registry.ts';
import { pickSplit, type SplitOption, splitOf } from './split.ts';
import { flatten, renderMarkdownTable, renderRefusalRules, renderTable, type SuiteDatasetResult } from './table.ts';

export type SuiteOptions = {
  /** The folder holding the dev sets (`../shared/datasets`). */
  root: string;
  split: SplitOption;
  /** Dataset keys (scifact, nfcorpus, hotpotqa, cmrc2018, manuals); all by default. */
  datasets?: readonly string[];
  /** Other datasets than the suite's, by folder under `root` (the bundled folder sets); `datasets` then unused. */
  sets?: readonly SuiteDataset[];
  /**
   * Add a row of every dataset's questions taken together (`pooled`): the folder sets are small, so one question moves
   * a set's rates by 0.03–0.07, and a change is judged on all of them at once.
   */
  pooled?: boolean;
  /**
   * With `pooled`: a row more for each group's sets taken together, for the groups run: `pooled:<group>` when all of
   * its sets ran, `pooled:<group>(<ran>/<all>)` when some did.
   */
  groups?: Readonly<Record<string, readonly string[]>>;
  /** Check the issues' goals (they name the suite's datasets; default true). */
  goals?: boolean;
  modes?: readonly SuiteMode[];
  out: string;
  compare?: string;
  /** At most this many questions per dataset (after the split), for a quick look. */
  limit?: number;
  /** Questions at once per mode (default 1: latency is measured one question at a time). */
  concurrency?: number;
  /** The builtin judge checks every answer's claims (faithfulness in the per-dataset reports); off saves time. */
  judge?: boolean;
  log?: (line: string) => void;
};

export type SuiteOutcome = {
  results: SuiteDatasetResult[];
  table: string;
  /** The issues' goals, checked on this split. */
  goals: GoalCheck[];
  metrics: Metrics;
  /** Worse than the compared run: quality by more than 0.005, latency by more than 50 % (timings are noisy here). */
  regressions: Change[];
  dir: string;
  seconds: number;
};

/** Extra metrics kept in the suite's report.json beside the table's (compared across runs, not printed). */
const KEPT = ['faithfulness', 'mrr', 'steps_mean', 'answered_rate', 'refusal_rate_answerable'];

export function resolveDatasets(keys: readonly string[] | undefined) {
  if (!keys?.length) return [...SUITE_DATASETS];
  const known = SUITE_DATASETS.map((d) => d.key);
  const unknown = keys.filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`unknown dataset(s) ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return SUITE_DATASETS.filter((d) => keys.includes(d.key));
}

async function runMode(
  deps: Deps,
  dataset: EvalDataset,
  mode: SuiteMode,
  o: { source: string; judge?: Judge; docs?: Parameters<typeof runItem>[5]; concurrency: number },
): Promise<ItemResult[]> {
  const limit = pLimit(o.concurrency);
  return Promise.all(dataset.items.map((item) => limit(() => runItem(deps, item, mode, o.source, o.judge, o.docs))));
}

/**
 * `npm run eval -- suite`: every dev set, one half of its questions, in each mode (LanceDB BM25 alone,
 * single-shot, agent), one table. Corpora go into their own sources through the ingestion pipeline once and are
 * reused while unchanged. Writes `<out>/report.json` (flat `dataset/mode/metric`, for `--compare`), `suite.md`,
 * and a full report per dataset (`<out>/<dataset>/report.html`: worst items with their traces, baselines).
 */
export async function runSuite(o: SuiteOptions, env: NodeJS.ProcessEnv = process.env): Promise<SuiteOutcome> {
  const log = o.log ?? (() => {});
  const started = performance.now();
  const modes = SUITE_MODES.filter((m) => (o.modes ?? SUITE_MODES).includes(m));
  const previous = o.compare ? await readReport(o.compare) : undefined;
  const deps = await createDeps(evalConfig(env), { logDestination: { write: () => {} } });
  const judge = o.judge === false ? undefined : createBuiltinJudge();
  const results: SuiteDatasetResult[] = [];
  // Every question of every dataset, per mode, for the pooled row.
  const pool = new Map<SuiteMode, ItemResult[]>();
  // Each dataset's, per mode, for the groups' rows.
  const perSet = new Map<SuiteDatasetResult, Map<SuiteMode, ItemResult[]>>();
  try {
    for (const d of o.sets ?? resolveDatasets(o.datasets)) {
      const t0 = performance.now();
      const full = await loadDataset(join(o.root, d.path));
      const halves = { dev: 0, test: 0 };
      for (const i of full.items) halves[splitOf(i.id)]++;
      const items = pickSplit(full.items, o.split).slice(0, o.limit);
      const dataset: EvalDataset = { ...full, items };
      log(
        `${d.key}: ${items.length} of ${full.items.length} questions (${o.split}; halves ${halves.dev}/${halves.test})`,
      );
      const { source, docText } = await ensureCorpus(deps, full, (l) => log(`${d.key}: ${l}`));
      const byMode = new Map<SuiteMode, ItemResult[]>();
      for (const mode of modes) {
        const t = performance.now();
        const rs = await runMode(deps, dataset, mode, {
          source,
          judge,
          docs: docText,
          concurrency: o.concurrency ?? 1,
        });
        byMode.set(mode, rs);
        pool.set(mode, (pool.get(mode) ?? []).concat(rs));
        log(`${d.key}: ${mode} ${rs.length} questions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      const metrics = Object.fromEntries([...byMode].map(([m, rs]) => [m, aggregate(rs, dataset)]));
      if (full.corpusDir && modes.includes('bm25')) {
        const p = await passageBaseline(full.corpusDir, dataset);
        for (const [k, v] of Object.entries(p)) metrics.bm25![`bm25_passages:${k}`] = v;
      }
      await docText.close();
      const result: SuiteDatasetResult = {
        key: d.key,
        name: full.name,
        format: full.format,
        split: o.split,
        items: items.length,
        halves,
        ...(full.format === 'folder' ? { counts: countsOf(items) } : {}),
        modes: metrics,
        seconds: (performance.now() - t0) / 1000,
      };
      results.push(result);
      perSet.set(result, byMode);
      await writeDatasetReport(join(o.out, d.key), result, byMode, { source, deps });
    }
    if (o.pooled) {
      const rows: SuiteDatasetResult[] = [];
      for (const [group, keys] of Object.entries(o.groups ?? {})) {
        const members = results.filter((r) => keys.includes(r.key));
        if (members.length === 0) continue;
        const groupPool = new Map<SuiteMode, ItemResult[]>();
        for (const r of members)
          for (const [m, rs] of perSet.get(r)!) groupPool.set(m, (groupPool.get(m) ?? []).concat(rs));
        // A group run in part is keyed by how much of it ran, so a comparison never takes it for the whole group.
        const all = new Set(keys).size;
        const part = members.length < all ? `(${members.length}/${all})` : '';
        rows.push(pooledResult(`pooled:${group}${part}`, members, groupPool, o.split));
      }
      if (results.length > 1) rows.push(pooledResult('pooled', results, pool, o.split));
      results.push(...rows);
    }
  } finally {
    // Traces are written off the run's path: wait for the queue, so a caller can remove the directory.
    await deps.traces.close();
    deps.store.close();
  }
  const metrics = flatten(results, KEPT);
  const report: Report = {
    version: 1,
    name: `${o.sets ? 'folders' : 'suite'} (${o.split})`,
    kind: 'suite',
    createdAt: new Date().toISOString(),
    config: {
      split: o.split,
      datasets: results.map((r) => r.key),
      modes,
      items: Object.fromEntries(results.map((r) => [r.key, r.items])),
      limit: o.limit ?? null,
      reasoner: deps.reasoner.id,
      embedder: deps.embedder.id,
    },
    metrics,
    baselines: {},
    items: [],
    notes: [`Split: SHA-256 of the query id, first byte < 128 → dev, else test.`],
  };
  const written = await writeReport(o.out, report, previous ? { compare: previous } : {});
  const regressions = written.changes.filter((c) =>
    c.metric.endsWith('_ms') ? c.after > c.before * 1.5 : c.regressed,
  );
  const table = renderTable(results, modes, previous?.metrics);
  const goals = o.goals === false ? [] : checkGoals(results);
  const rules = renderRefusalRules(results, modes.includes('agent') ? 'agent' : modes.at(-1)!);
  await writeFile(
    join(o.out, 'suite.md'),
    `# ${o.sets ? 'Folder sets' : 'Eval suite'}, ${o.split} split\n\n${renderMarkdownTable(results, modes, previous?.metrics)}\n` +
      (goals.length
        ? `\nGoals (issues 10 and 15) on this split:\n\n${goals.map((g) => `- ${g.met ? 'met' : '**not met**'}: ${g.goal} (${g.value})`).join('\n')}\n`
        : '') +
      (rules ? `\nRefusals by the rule that made them:\n\n${rules}\n` : ''),
  );
  return { results, table, goals, metrics, regressions, dir: o.out, seconds: (performance.now() - started) / 1000 };
}

/** A folder set's answerable questions (with a gold answer) and unanswerable ones. */
function countsOf(items: readonly EvalItem[]): { answerable: number; unanswerable: number } {
  const unanswerable = items.filter((i) => i.answerable === false).length;
  const answerable = items.filter((i) => i.answerable !== false && (i.answers?.length || i.answer)).length;
  return { answerable, unanswerable };
}

/**
 * Datasets' questions taken together, per mode, as one more row (`pooled`, or `pooled:<group>` for a group's); its
 * format is the first one's.
 */
function pooledResult(
  key: string,
  results: readonly SuiteDatasetResult[],
  pool: ReadonlyMap<SuiteMode, ItemResult[]>,
  split: SplitOption,
): SuiteDatasetResult {
  const items = [...pool.values()][0] ?? [];
  const dataset = { items: items.map((r) => r.item) };
  return {
    key,
    name: key,
    format: results[0]!.format,
    split,
    items: items.length,
    halves: { dev: 0, test: 0 },
    ...(results[0]!.format === 'folder' ? { counts: countsOf(dataset.items) } : {}),
    modes: Object.fromEntries([...pool].map(([m, rs]) => [m, aggregate(rs, dataset)])),
    seconds: results.reduce((t, r) => t + r.seconds, 0),
  };
}

/** The dataset's own report: agent first (or the last mode run), the other modes and the passage baseline beside it. */
async function writeDatasetReport(
  dir: string,
  r: SuiteDatasetResult,
  byMode: Map<SuiteMode, ItemResult[]>,
  ctx: { source: string; deps: NodeDeps },
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const primary = byMode.has('agent') ? 'agent' : [...byMode.keys()].at(-1)!;
  const baselines: Record<string, Metrics> = {};
  for (const [mode, m] of Object.entries(r.modes)) {
    if (mode === primary) continue;
    const own = Object.fromEntries(Object.entries(m).filter(([k]) => !k.startsWith('bm25_passages:')));
    baselines[mode === 'bm25' ? 'bm25-alone' : mode] = own;
    const passages = Object.entries(m).filter(([k]) => k.startsWith('bm25_passages:'));
    if (passages.length)
      baselines['bm25-passages'] = Object.fromEntries(passages.map(([k, v]) => [k.slice('bm25_passages:'.length), v]));
  }
  await writeReport(dir, {
    version: 1,
    name: `${r.name} (${r.split})`,
    kind: 'rag',
    createdAt: new Date().toISOString(),
    config: {
      split: r.split,
      mode: primary,
      baselines: Object.keys(baselines),
      source: ctx.source,
      items: r.items,
      reasoner: ctx.deps.reasoner.id,
      embedder: ctx.deps.embedder.id,
    },
    metrics: r.modes[primary] ?? {},
    baselines,
    items: (byMode.get(primary) ?? []).map((x) => toItem(x, r.format === 'folder')),
  });
}
