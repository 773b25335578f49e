import { isBookkeeping, lowerIsBetter } from '../metrics/baseline.ts';
import type { Metrics } from './types.ts';

export type Change = {
  metric: string;
  before: number;
  after: number;
  delta: number;
  regressed: boolean;
  improved: boolean;
};

/**
 * Metric-by-metric change from an earlier report. A change counts as a regression when it moves the wrong
 * way by more than `tolerance` (absolute), so run-to-run noise in latency or a rounding wobble does not
 * cry wolf; metrics present in only one report, and bookkeeping counts (`isBookkeeping`), are left out.
 */
export function compareMetrics(after: Metrics, before: Metrics, tolerance = 0.005): Change[] {
  const out: Change[] = [];
  for (const metric of Object.keys(after)) {
    const b = before[metric];
    const a = after[metric]!;
    if (b === undefined || isBookkeeping(metric) || !Number.isFinite(a) || !Number.isFinite(b)) continue;
    const delta = a - b;
    const worse = lowerIsBetter(metric) ? delta > tolerance * Math.max(1, Math.abs(b)) : delta < -tolerance;
    const better = lowerIsBetter(metric) ? delta < -tolerance * Math.max(1, Math.abs(b)) : delta > tolerance;
    out.push({ metric, before: b, after: a, delta, regressed: worse, improved: better });
  }
  return out;
}

export const regressions = (changes: readonly Change[]): Change[] => changes.filter((c) => c.regressed);
