import type { EvalDataset } from './datasets/types.ts';
import { containsAnswer, exactMatch, tokenF1 } from './metrics/answers.ts';
import { citationPrecision, citationRecall, contradictionRate, faithfulness } from './metrics/factuality.ts';
import { groundedAnswer, holdsAnswer } from './metrics/grounded.ts';
import { refusalScores } from './metrics/refusal.ts';
import { allSupportingAtK, ndcgAtK, recallAtK, reciprocalRank } from './metrics/retrieval.ts';
import { mean, percentile } from './metrics/stats.ts';
import { flattenTrajectory, trajectoryMetrics } from './metrics/trajectory.ts';
import type { Metrics } from './report/types.ts';
import type { ItemResult } from './run-item.ts';

const put = (m: Metrics, key: string, v: number | undefined) => {
  if (v !== undefined && !Number.isNaN(v)) m[key] = v;
};

/** Per-item retrieval and answer metrics (undefined where the item has no gold for them). */
export function itemMetrics(r: ItemResult): Metrics {
  const m: Metrics = {};
  const ranked = r.view?.rankedDocs ?? [];
  const gold = r.item.goldDocIds;
  if (gold && Object.keys(gold).length) {
    put(m, 'ndcg@10', ndcgAtK(ranked, gold, 10));
    put(m, 'recall@10', recallAtK(ranked, gold, 10));
    put(m, 'recall@100', recallAtK(ranked, gold, 100));
    put(m, 'mrr', reciprocalRank(ranked, gold));
  }
  const sup = r.item.supportingDocIds;
  if (sup?.length) for (const k of [2, 5, 10]) put(m, `all_supporting@${k}`, allSupportingAtK(ranked, sup, k));
  const answers = r.item.answers ?? (r.item.answer ? [r.item.answer] : []);
  if (answers.length && r.item.answerable !== false) {
    // Retrieval: does a top-5 chunk hold the answer (what the answer could have been built from)?
    const top = (r.view?.rankedChunks ?? []).slice(0, 5).map((id) => r.view?.chunks.get(id) ?? '');
    put(m, 'answer_in_top5', holdsAnswer(top, answers) ? 1 : 0);
    if (!r.retrievalOnly) {
      put(m, 'exact_match', exactMatch(r.answer, answers));
      put(m, 'token_f1', tokenF1(r.answer, answers));
      put(m, 'answer_containment', containsAnswer(r.answer, answers));
      const spans = (r.response?.citations ?? []).map((c) => c.text);
      put(m, 'grounded_answer', groundedAnswer(!r.refused, r.answer, r.citedChunks ?? [], answers));
      put(m, 'grounded_answer_spans', groundedAnswer(!r.refused, r.answer, spans, answers));
    }
  }
  put(m, 'faithfulness', faithfulness(r.claims));
  return m;
}

/** One mode's metrics over all items: means of per-item figures, claim-level factuality, refusals, trajectory. */
export function aggregate(results: readonly ItemResult[], dataset: Pick<EvalDataset, 'items'>): Metrics {
  const m: Metrics = {};
  const per = results.map(itemMetrics);
  const keys = new Set(per.flatMap((x) => Object.keys(x)).filter((k) => k !== 'faithfulness'));
  for (const k of keys) put(m, k, mean(per.map((x) => x[k])));
  const claims = results.flatMap((r) => r.claims);
  put(m, 'faithfulness', faithfulness(claims));
  put(m, 'citation_precision', citationPrecision(claims));
  put(m, 'citation_recall', citationRecall(claims));
  put(m, 'contradiction_rate', contradictionRate(claims));
  put(m, 'claims', claims.length);
  const answering = results.filter((r) => !r.retrievalOnly);
  put(m, 'answered_rate', mean(answering.map((r) => (r.refused ? 0 : 1))));
  if (answering.length && dataset.items.some((i) => i.answerable === false)) {
    const s = refusalScores(answering.map((r) => ({ answerable: r.item.answerable !== false, refused: r.refused })));
    put(m, 'refusal_precision', s.precision);
    put(m, 'refusal_recall', s.recall);
    put(m, 'refusal_rate_answerable', s.falseRefusalRate);
  }
  Object.assign(m, refusalsByRule(answering));
  const checks = results.flatMap((r) => (r.citationCheck ? [r.citationCheck] : []));
  const cited = checks.reduce((n, c) => n + c.total, 0);
  if (cited) put(m, 'citation_exactness', checks.reduce((n, c) => n + c.exact, 0) / cited);
  const runs = answering.flatMap((r) => (r.view ? [r.view.trajectory] : []));
  if (runs.length) Object.assign(m, flattenTrajectory(trajectoryMetrics(runs)));
  // Wall time per question as the eval saw it (the trace's latency_p50_ms above is the run's own clock).
  put(
    m,
    'wall_p50_ms',
    percentile(
      results.map((r) => r.ms),
      50,
    ),
  );
  put(m, 'latency_mean_ms', mean(results.map((r) => r.ms)));
  return m;
}

/**
 * How many questions each rule refused (`refused_by:<rule>` unanswerable ones, `refused_answerable_by:<rule>`
 * answerable ones): the grading rule the trace records (`TraceView.refusedBy`: a builtin `RefusalRule`, or `grade` for
 * a model's grade); else the guardrail that stopped the run (`guardrail:no_progress`), or `stop:<refusal reason>`
 * (refused without a refusing grade: nothing in a composed answer supported, or single-shot mode graded the evidence
 * short of an answer), `stop:unknown` for a run without a trace. Counts, so pooled rows add up, never compared as
 * quality (`isBookkeeping`); a threshold is judged by what it refuses of each kind.
 */
export function refusalsByRule(results: readonly ItemResult[]): Metrics {
  const m: Metrics = {};
  for (const r of results) {
    if (!r.refused) continue;
    const stop = r.view?.trajectory.stopReason;
    const rule =
      r.view?.refusedBy ??
      (stop && stop !== 'refused' && stop !== 'unknown'
        ? `guardrail:${stop}`
        : `stop:${r.response?.refusal_reason ?? 'unknown'}`);
    const key = `${r.item.answerable === false ? 'refused_by' : 'refused_answerable_by'}:${rule}`;
    m[key] = (m[key] ?? 0) + 1;
  }
  return m;
}
