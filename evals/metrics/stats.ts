/** Mean of the defined values; undefined when there are none (an empty set has no average, not 0). */
export function mean(values: Iterable<number | undefined>): number | undefined {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === undefined || Number.isNaN(v)) continue;
    sum += v;
    n++;
  }
  return n ? sum / n : undefined;
}

/**
 * Percentile by linear interpolation between closest ranks (numpy's default): p50 of [1, 2, 3, 4] is 2.5.
 * `p` is in [0, 100].
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Counts of each value: stop reasons, guardrail names. */
export function histogram(values: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
