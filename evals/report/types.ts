import type { SuiteResult } from '../judges/contradiction-suite.ts';
import type { Verdict } from '../judges/types.ts';

export type Metrics = Record<string, number>;

/** A claim of an answer as judged, with the citation markers it carried. */
export type ReportClaim = { text: string; verdict: Verdict; reason: string; citations?: number[]; passage?: string };
export type TraceStep = { type: string; summary: string; ms?: number };

/** One evaluated item. `score` in [0, 1] orders items from worst to best in the report. */
export type ReportItem = {
  id: string;
  question?: string;
  answer?: string;
  gold?: string;
  score: number;
  metrics?: Metrics;
  claims?: ReportClaim[];
  trace?: { steps: TraceStep[]; stopReason?: string };
  note?: string;
};

export type JudgeSummary = {
  id: string;
  dataset: string;
  n: number;
  balancedAccuracy: number;
  tpr: number;
  tnr: number;
  suite?: SuiteResult;
};

/**
 * What an eval run leaves behind. `metrics` is flat with stable keys ("ndcg@10", "faithfulness",
 * "judge_balanced_accuracy") so CI thresholds and `--compare` can address them; `baselines` maps a baseline's
 * name ("single-shot", "no-retrieval", "word-overlap") to its metrics under the same keys.
 */
export type Report = {
  version: 1;
  name: string;
  kind: string;
  createdAt: string;
  config: Record<string, unknown>;
  metrics: Metrics;
  baselines: Record<string, Metrics>;
  items: ReportItem[];
  judge?: JudgeSummary;
  notes?: string[];
};
