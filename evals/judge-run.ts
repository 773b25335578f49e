import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { type JudgePair, loadJudgePairs } from './datasets/judge-pairs.ts';
import { createBuiltinJudge } from './judges/builtin/index.ts';
import { runContradictionSuite, type SuiteResult } from './judges/contradiction-suite.ts';
import { createOverlapJudge } from './judges/overlap.ts';
import type { Judge, Judgement } from './judges/types.ts';
import { accuracy as acc, balancedAccuracy, confusion, tnr, tpr } from './metrics/classification.ts';
import type { Metrics, Report, ReportItem } from './report/types.ts';
import { writeReport } from './report/write-report.ts';

const SHARED_HALUEVAL = fileURLToPath(new URL('../../shared/datasets/halueval/qa.jsonl', import.meta.url));
/** The first 100 lines of HaluEval QA, shipped so a checkout without ../shared can still measure its judge. */
export const BUNDLED_HALUEVAL = fileURLToPath(new URL('./datasets/bundled/halueval-qa-100.jsonl', import.meta.url));
/** HaluEval QA from ../shared/datasets when it is there (500 items), else the bundled 100-item sample. */
export const DEFAULT_JUDGE_DATASET = existsSync(SHARED_HALUEVAL) ? SHARED_HALUEVAL : BUNDLED_HALUEVAL;

export type JudgeEvalOptions = {
  /** HaluEval QA JSONL or generic `{context, claim, label}` JSONL; defaults to ../shared/datasets/halueval/qa.jsonl. */
  dataset?: string;
  /** Directory for report.json / report.md / report.html; nothing is written without it. */
  out?: string;
  /** Read only the first N lines (a HaluEval line gives two pairs). */
  limit?: number;
  judge?: Judge;
  /** The judge to compare against; the word-overlap rule by default, `false` for none. */
  baseline?: Judge | false;
  /** Pass each pair's question to the judge as context (default true). */
  useQuestion?: boolean;
  /** Earlier report.json to highlight regressions against. */
  compare?: string;
  concurrency?: number;
  signal?: AbortSignal;
  now?: () => Date;
};

type Scored = { pair: JudgePair; j: Judgement };

/** Scores a judge on labelled claims: balanced accuracy, per-class rates, the contradiction suite, misjudged examples. */
export async function runJudgeEval(opts: JudgeEvalOptions = {}): Promise<Report> {
  const dataset = opts.dataset ?? DEFAULT_JUDGE_DATASET;
  const pairs = await loadJudgePairs(dataset, opts.limit);
  const judge = opts.judge ?? createBuiltinJudge();
  const baseline = opts.baseline === false ? undefined : (opts.baseline ?? createOverlapJudge());
  const useQuestion = opts.useQuestion ?? true;

  const main = await scoreAll(judge, pairs, useQuestion, opts);
  const suite = await runContradictionSuite(judge);
  const metrics = judgeMetrics(main, suite);
  const baselines: Record<string, Metrics> = {};
  if (baseline)
    baselines[baseline.id] = judgeMetrics(
      await scoreAll(baseline, pairs, useQuestion, opts),
      await runContradictionSuite(baseline),
    );

  const report: Report = {
    version: 1,
    name: basename(dataset),
    kind: 'judge',
    createdAt: (opts.now?.() ?? new Date()).toISOString(),
    config: { dataset, judge: judge.id, limit: opts.limit ?? null, useQuestion, pairs: pairs.length },
    metrics,
    baselines,
    items: main.map(toItem),
    judge: {
      id: judge.id,
      dataset: basename(dataset),
      n: pairs.length,
      balancedAccuracy: metrics.judge_balanced_accuracy ?? Number.NaN,
      tpr: metrics.judge_tpr ?? Number.NaN,
      tnr: metrics.judge_tnr ?? Number.NaN,
      suite,
    },
    notes: misjudged(main, 8),
  };
  if (opts.out) await writeReport(opts.out, report, opts.compare ? { compare: opts.compare } : {});
  return report;
}

async function scoreAll(
  judge: Judge,
  pairs: readonly JudgePair[],
  useQuestion: boolean,
  opts: JudgeEvalOptions,
): Promise<Scored[]> {
  const limit = pLimit(opts.concurrency ?? 4);
  return Promise.all(
    pairs.map((pair) =>
      limit(async () => {
        const context = useQuestion && pair.question ? { question: pair.question } : undefined;
        return { pair, j: await judge.judge(pair.claim, pair.passages, opts.signal, context) };
      }),
    ),
  );
}

function judgeMetrics(scored: readonly Scored[], suite: SuiteResult): Metrics {
  const c = confusion(
    scored.map(({ pair, j }) => ({ actual: pair.label === 'supported', predicted: j.verdict === 'supported' })),
  );
  const entries: [string, number | undefined][] = [
    ['judge_balanced_accuracy', balancedAccuracy(c)],
    ['judge_tpr', tpr(c)],
    ['judge_tnr', tnr(c)],
    ['judge_accuracy', acc(c)],
    ['contradiction_suite_accuracy', suite.total ? suite.correct / suite.total : undefined],
    ['contradiction_suite_exact', suite.total ? suite.exact / suite.total : undefined],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, number] => e[1] !== undefined));
}

/** Per pair, the judge's confidence in the right label: misjudged pairs fall below 0.5 and head the report. */
function toItem({ pair, j }: Scored): ReportItem {
  const right = (j.verdict === 'supported') === (pair.label === 'supported');
  const score = pair.label === 'supported' ? j.score : 1 - j.score;
  return {
    id: pair.id,
    ...(pair.question ? { question: pair.question } : {}),
    answer: pair.claim,
    gold: pair.label,
    score: right ? Math.max(score, 0.5) : Math.min(score, 0.49),
    metrics: { correct: right ? 1 : 0, judge_score: j.score },
    claims: [
      { text: pair.claim, verdict: j.verdict, reason: j.reason, passage: pair.passages.join('\n\n').slice(0, 1200) },
    ],
    note: `${j.verdict}: ${j.reason}`,
  };
}

function misjudged(scored: readonly Scored[], n: number): string[] {
  const wrong = scored.filter(({ pair, j }) => (j.verdict === 'supported') !== (pair.label === 'supported'));
  const pick = (label: string) => wrong.filter((w) => w.pair.label === label).slice(0, Math.ceil(n / 2));
  return [...pick('supported'), ...pick('unsupported')].map(
    ({ pair, j }) =>
      `Misjudged ${pair.id} (${pair.label}, judged ${j.verdict}): "${pair.claim}"${pair.question ? ` for "${pair.question}"` : ''} (${j.reason})`,
  );
}
