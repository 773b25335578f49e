import { type BaselineComparison, compareToBaselines } from '../metrics/baseline.ts';
import type { Change } from './compare.ts';
import type { Report, ReportItem } from './types.ts';

/** What both the Markdown and the HTML report say, computed once so they cannot disagree. */
export type Summary = {
  baselineNames: string[];
  rows: { metric: string; value: number; baselines: (number | undefined)[]; change?: Change }[];
  comparison: BaselineComparison;
  judgeLine?: string;
  suiteLine?: string;
  worst: ReportItem[];
  regressions: Change[];
  /** Who is compared with the baselines: "agent", or "judge builtin" in a judge report. */
  subject: string;
};

const subjectOf = (r: Report) => (r.kind === 'judge' ? `judge ${r.judge?.id ?? ''}`.trim() : 'agent');

export const fmt = (v: number | undefined): string =>
  v === undefined || Number.isNaN(v)
    ? '–'
    : Number.isInteger(v)
      ? String(v)
      : Math.abs(v) >= 100
        ? v.toFixed(1)
        : v.toFixed(3);

export function summarize(report: Report, changes: readonly Change[] = [], worstCount = 10): Summary {
  const baselineNames = Object.keys(report.baselines);
  const byMetric = new Map(changes.map((c) => [c.metric, c]));
  const rows = Object.entries(report.metrics).map(([metric, value]) => {
    const change = byMetric.get(metric);
    return {
      metric,
      value,
      baselines: baselineNames.map((b) => report.baselines[b]?.[metric]),
      ...(change ? { change } : {}),
    };
  });
  const j = report.judge;
  const judgeLine = j
    ? `Judge \`${j.id}\` balanced accuracy on ${j.dataset}: ${fmt(j.balancedAccuracy)} (TPR ${fmt(j.tpr)}, TNR ${fmt(j.tnr)}, n = ${j.n}).`
    : undefined;
  const s = j?.suite;
  const suiteLine = s
    ? `Contradiction suite (negation, direction, numbers): ${s.correct}/${s.total} judged right, ${s.exact}/${s.total} exact verdicts.`
    : undefined;
  const worst = [...report.items].sort((a, b) => a.score - b.score).slice(0, worstCount);
  return {
    baselineNames,
    rows,
    comparison: compareToBaselines(report.metrics, report.baselines, undefined, 0, subjectOf(report)),
    subject: subjectOf(report),
    ...(judgeLine ? { judgeLine } : {}),
    ...(suiteLine ? { suiteLine } : {}),
    worst,
    regressions: changes.filter((c) => c.regressed),
  };
}
