import pLimit from 'p-limit';
import { loadConfig } from '../src/config.ts';
import { createDeps, type Deps } from '../src/deps.ts';
import { createChatModel } from '../src/providers/chat-model.ts';
import { aggregate, itemMetrics } from './aggregate.ts';
import { PassageBm25 } from './baselines/passage-bm25.ts';
import { type DocTexts, ensureCorpus } from './corpus.ts';
import { loadDataset } from './datasets/detect.ts';
import type { EvalDataset } from './datasets/types.ts';
import { runJudgeEval } from './judge-run.ts';
import { createBuiltinJudge } from './judges/builtin/index.ts';
import { createLlmJudge } from './judges/llm.ts';
import type { Judge } from './judges/types.ts';
import { compareToBaselines } from './metrics/baseline.ts';
import { checkThresholds, type Threshold, type ThresholdFailure } from './report/thresholds.ts';
import type { Metrics, Report, ReportItem } from './report/types.ts';
import { writeReport } from './report/write-report.ts';
import { type EvalMode, type ItemResult, runItem } from './run-item.ts';
import { pickSplit, type SplitOption } from './suite/split.ts';

export type EvalOptions = {
  dataset: string;
  mode: EvalMode;
  baselines: EvalMode[];
  judge: 'builtin' | 'llm';
  limit?: number;
  out?: string;
  compare?: string;
  thresholds?: Record<string, Threshold>;
  /** Only one half of the questions (the suite's split by a hash of the query id). */
  split?: SplitOption;
  /** Search this existing source instead of ingesting the dataset's corpus. */
  source?: string;
  concurrency?: number;
  log?: (line: string) => void;
};

export type EvalOutcome = {
  report: Report;
  /** Plain statements of where the primary mode does not beat a baseline (also rendered in the report). */
  comparison: string[];
  failures: ThresholdFailure[];
  regressions: string[];
  dir?: string;
};

/** Eval runs get their own store and traces unless GROUNDED_DB / GROUNDED_TRACES say otherwise. */
export function evalConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    GROUNDED_DB: 'data/evals/lancedb',
    GROUNDED_TRACES: 'data/evals/traces',
    ...env,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    GROUNDED_DEMO: 'false',
  });
}

export function makeJudge(kind: 'builtin' | 'llm', deps: Deps): Judge {
  if (kind === 'builtin') return createBuiltinJudge();
  const c = deps.config;
  if (!c.GROUNDED_LLM_BASE_URL || !c.GROUNDED_LLM_MODEL)
    throw new Error('--judge llm needs GROUNDED_LLM_BASE_URL and GROUNDED_LLM_MODEL');
  return createLlmJudge({ model: createChatModel(c) });
}

/** One item as the report lists it; `score` orders the worst first (folder QA: grounded, or refused when it should). */
export function toItem(r: ItemResult, folderQa = false): ReportItem {
  const m = itemMetrics(r);
  const score = folderQa
    ? r.item.answerable === false
      ? Number(r.refused)
      : (m.grounded_answer ?? 0)
    : (m['ndcg@10'] ?? m['all_supporting@5'] ?? m.faithfulness ?? (r.refused ? 0 : 1));
  return {
    id: r.item.id,
    question: r.item.question,
    answer: r.refused ? `(refused: ${r.response?.refusal_reason ?? 'no answer'})` : r.answer,
    ...(r.item.answer ? { gold: r.item.answer } : {}),
    score,
    metrics: m,
    claims: r.claims.map((c) => ({ text: c.text, verdict: c.verdict, reason: c.reason, citations: c.citations })),
    ...(r.view ? { trace: { steps: r.view.steps, stopReason: r.view.trajectory.stopReason } } : {}),
  };
}

/** `npm run eval -- <dataset>`: ingest, run every item in each mode, judge, score, report, gate. */
export async function runEval(o: EvalOptions, env: NodeJS.ProcessEnv = process.env): Promise<EvalOutcome> {
  const log = o.log ?? (() => {});
  const deps = await createDeps(evalConfig(env), { logDestination: { write: () => {} } });
  try {
    const split = o.split && o.split !== 'all' ? o.split : undefined;
    // With a split the whole corpus is kept and the limit applies to the chosen half.
    const loaded = await loadDataset(o.dataset, split ? {} : { limit: o.limit });
    const dataset = split ? { ...loaded, items: pickSplit(loaded.items, split).slice(0, o.limit) } : loaded;
    log(
      `dataset ${dataset.name} (${dataset.format}): ${dataset.items.length} questions, ${dataset.corpus?.length ?? 0} documents`,
    );
    let source = o.source;
    let docs: DocTexts | undefined;
    let failed: { path: string; reason: string }[] = [];
    if (!source) ({ source, docText: docs, failed } = await ensureCorpus(deps, dataset, log));
    const judge = makeJudge(o.judge, deps);
    const modes = [o.mode, ...o.baselines.filter((b) => b !== o.mode)];
    const byMode = new Map<EvalMode, ItemResult[]>();
    for (const mode of modes) {
      const limit = pLimit(o.concurrency ?? 2);
      const started = performance.now();
      let done = 0;
      const results = await Promise.all(
        dataset.items.map((item) =>
          limit(async () => {
            const r = await runItem(deps, item, mode, source, judge, docs);
            if (++done % 25 === 0) log(`${mode}: ${done}/${dataset.items.length}`);
            return r;
          }),
        ),
      );
      log(`${mode}: ${results.length} questions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      byMode.set(mode, results);
    }
    const metricsOf = (m: EvalMode) => aggregate(byMode.get(m)!, dataset);
    const metrics: Metrics = metricsOf(o.mode);
    const baselines: Record<string, Metrics> = Object.fromEntries(modes.slice(1).map((m) => [m, metricsOf(m)]));
    if (dataset.corpusDir) baselines['bm25-passages'] = await passageBaseline(dataset.corpusDir, dataset);
    await docs?.close();
    const judged = await runJudgeEval({ judge, baseline: false });
    metrics.judge_balanced_accuracy = judged.metrics.judge_balanced_accuracy ?? Number.NaN;
    const comparison = compareToBaselines(metrics, baselines, undefined, 0, o.mode);
    const report: Report = {
      version: 1,
      name: dataset.name,
      kind: 'rag',
      createdAt: new Date().toISOString(),
      config: {
        dataset: o.dataset,
        mode: o.mode,
        baselines: modes.slice(1),
        judge: judge.id,
        reasoner: deps.reasoner.id,
        embedder: deps.embedder.id,
        source,
        split: o.split ?? 'all',
        limit: o.limit ?? null,
        items: dataset.items.length,
      },
      metrics,
      baselines,
      items: byMode.get(o.mode)!.map((r) => toItem(r, dataset.format === 'folder')),
      ...(judged.judge ? { judge: judged.judge } : {}),
      notes: [
        ...(modes.includes('no-retrieval') && deps.reasoner.id === 'builtin'
          ? ['No-retrieval baseline: the builtin reasoner composes only from evidence, so it answers nothing.']
          : []),
        `Builtin-judge balanced accuracy on ${judged.judge?.dataset ?? 'HaluEval'}: ${metrics.judge_balanced_accuracy?.toFixed(3)} — trust factuality figures that far.`,
        ...(failed.length
          ? [
              `${failed.length} corpus file(s) failed to ingest and were left out: ${failed.map((f) => `${f.path} (${f.reason})`).join('; ')}.`,
            ]
          : []),
      ],
    };
    const failures = checkThresholds(metrics, o.thresholds ?? {});
    let regressions: string[] = [];
    if (o.out) {
      const written = await writeReport(o.out, report, o.compare ? { compare: o.compare } : {});
      regressions = written.regressions.map((c) => `${c.metric}: ${JSON.stringify(c)}`);
    }
    return { report, comparison: comparison.statements, failures, regressions, dir: o.out };
  } finally {
    // Traces are written off the run's path: wait for the queue, so a caller can remove the directory.
    await deps.traces.close();
    deps.store.close();
  }
}

/**
 * Folder QA's plain BM25 baseline: a 200-word passage holding an accepted answer in the top 5 (`answer_in_top5`,
 * the key grounded's own rankings report), and with the gold answer alone as the dataset's script counts it.
 */
export async function passageBaseline(corpusDir: string, dataset: EvalDataset): Promise<Metrics> {
  const bm25 = await PassageBm25.fromFolder(corpusDir);
  const items = dataset.items.filter((i) => i.answerable !== false && (i.answers?.length || i.answer));
  const started = performance.now();
  const hits = items.map((i) => bm25.answerAtK(i, 5));
  const ms = (performance.now() - started) / Math.max(1, items.length);
  const gold = items.map((i) => (i.answer ? bm25.answerAtK({ ...i, answers: [i.answer] }, 5) : 0));
  const m: Metrics = { passages: bm25.passages.length, items: items.length, latency_mean_ms: ms };
  if (items.length) {
    m.answer_in_top5 = hits.reduce((a, b) => a + b, 0) / items.length;
    m.gold_in_top5 = gold.reduce((a, b) => a + b, 0) / items.length;
  }
  return m;
}
