import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import { runIngest } from '../ingest/pipeline.ts';
import { loadConfig } from '../src/config.ts';
import { createDeps, type Deps } from '../src/deps.ts';
import { createChatModel } from '../src/providers/chat-model.ts';
import { aggregate, itemMetrics } from './aggregate.ts';
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

export type EvalOptions = {
  dataset: string;
  mode: EvalMode;
  baselines: EvalMode[];
  judge: 'builtin' | 'llm';
  limit?: number;
  out?: string;
  compare?: string;
  thresholds?: Record<string, Threshold>;
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
function evalConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    GROUNDED_DB: 'data/evals/lancedb',
    GROUNDED_TRACES: 'data/evals/traces',
    ...env,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    GROUNDED_DEMO: 'false',
  });
}

const sourceName = (name: string) =>
  `eval-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'dataset'
  }`;

/** Ingest the dataset's corpus into its own source through the ingestion pipeline (incremental: re-runs skip it). */
async function ensureCorpus(deps: Deps, dataset: EvalDataset, log: (l: string) => void): Promise<string> {
  const source = sourceName(dataset.name);
  if (!dataset.corpus?.length)
    throw new Error(`${dataset.name} has no corpus; pass --source NAME to search an existing source`);
  // The corpus file sits beside a local store (data/evals/corpora by default), else in the temp dir.
  const db = deps.config.GROUNDED_DB;
  const dir = /^[a-z][a-z0-9+.-]*:\/\//i.test(db)
    ? join(tmpdir(), 'grounded-eval-corpora')
    : join(dirname(db), 'corpora');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${source}.jsonl`);
  const body = `${dataset.corpus.map((d) => JSON.stringify({ _id: d.id, title: d.title, text: d.text })).join('\n')}\n`;
  if ((await readFile(file, 'utf8').catch(() => '')) !== body) await writeFile(file, body);
  // The eval source is derived data: when the embedder changed since the last run, fill it again.
  const meta = await deps.store.sourceMeta(source);
  const reembed = !!meta && (meta.embedder_id !== deps.embedder.id || meta.dimensions !== deps.embedder.dimensions);
  const s = await runIngest(
    {
      source,
      reembed,
      inputs: [`${source}.jsonl`],
      baseDir: dir,
      chunkTokens: deps.config.GROUNDED_CHUNK_TOKENS,
      chunkOverlap: deps.config.GROUNDED_CHUNK_OVERLAP,
    },
    { store: deps.store, embedder: deps.embedder },
  );
  log(
    `corpus ${source}: ${s.documents} documents, ${s.skipped_unchanged} unchanged, ${s.chunks_written} chunks written (${Math.round(s.elapsed_ms)} ms)`,
  );
  if (s.failed.length) throw new Error(`corpus ingestion failed: ${JSON.stringify(s.failed)}`);
  return source;
}

function makeJudge(kind: 'builtin' | 'llm', deps: Deps): Judge {
  if (kind === 'builtin') return createBuiltinJudge();
  const c = deps.config;
  if (!c.GROUNDED_LLM_BASE_URL || !c.GROUNDED_LLM_MODEL)
    throw new Error('--judge llm needs GROUNDED_LLM_BASE_URL and GROUNDED_LLM_MODEL');
  return createLlmJudge({ model: createChatModel(c) });
}

function toItem(r: ItemResult): ReportItem {
  const m = itemMetrics(r);
  const score = m['ndcg@10'] ?? m['all_supporting@5'] ?? m.faithfulness ?? (r.refused ? 0 : 1);
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
    const dataset = await loadDataset(o.dataset, { limit: o.limit });
    log(
      `dataset ${dataset.name} (${dataset.format}): ${dataset.items.length} questions, ${dataset.corpus?.length ?? 0} documents`,
    );
    const source = o.source ?? (await ensureCorpus(deps, dataset, log));
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
            const r = await runItem(deps, item, mode, source, judge);
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
        limit: o.limit ?? null,
        items: dataset.items.length,
      },
      metrics,
      baselines,
      items: byMode.get(o.mode)!.map(toItem),
      ...(judged.judge ? { judge: judged.judge } : {}),
      notes: [
        ...(modes.includes('no-retrieval') && deps.reasoner.id === 'builtin'
          ? ['No-retrieval baseline: the builtin reasoner composes only from evidence, so it answers nothing.']
          : []),
        `Builtin-judge balanced accuracy on ${judged.judge?.dataset ?? 'HaluEval'}: ${metrics.judge_balanced_accuracy?.toFixed(3)} — trust factuality figures that far.`,
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
    deps.store.close();
  }
}
