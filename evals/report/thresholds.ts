import type { Metrics } from './types.ts';

/** A bare number is a minimum ("faithfulness": 0.8); an object can set either bound. */
export type Threshold = number | { min?: number; max?: number };
export type ThresholdFailure = { metric: string; value?: number; min?: number; max?: number; message: string };

/**
 * The CI gate: every failed bound, with a message that names the metric and both numbers. A threshold on a
 * metric the report lacks fails too: a gate that silently passes on a missing figure gates nothing.
 */
export function checkThresholds(metrics: Metrics, thresholds: Record<string, Threshold>): ThresholdFailure[] {
  const failures: ThresholdFailure[] = [];
  for (const [metric, t] of Object.entries(thresholds)) {
    const { min, max } = typeof t === 'number' ? { min: t, max: undefined } : t;
    const value = metrics[metric];
    const bounds = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    if (value === undefined || Number.isNaN(value)) {
      failures.push({ metric, ...bounds, message: `${metric}: not in the report` });
      continue;
    }
    if (min !== undefined && value < min)
      failures.push({
        metric,
        value,
        ...bounds,
        message: `${metric} = ${value.toFixed(4)} is below the minimum ${min}`,
      });
    if (max !== undefined && value > max)
      failures.push({
        metric,
        value,
        ...bounds,
        message: `${metric} = ${value.toFixed(4)} is above the maximum ${max}`,
      });
  }
  return failures;
}
