export type MetricMap = Record<string, number>;

// Costs: smaller is better. Everything else (quality, rates of success) is larger-is-better.
const LOWER_IS_BETTER =
  /latency|tokens|duplicate|tool_error|tool_calls|steps|cost|contradiction|_ms$|refusal_rate_answerable/;
export const lowerIsBetter = (metric: string): boolean => LOWER_IS_BETTER.test(metric);

/**
 * Bookkeeping counts (how many claims, runs, stops of a kind, refusals by the rule that made them): neither better nor
 * worse, so never compared, against a baseline or an earlier report, nor charted.
 */
const NOT_COMPARED = /^(claims|runs|items)$|^(stop_reason|guardrail|refused_by|refused_answerable_by):|_total$/;
export const isBookkeeping = (metric: string): boolean => NOT_COMPARED.test(metric);

export type BaselineRow = {
  metric: string;
  baseline: string;
  agent: number;
  other: number;
  delta: number;
  beats: boolean;
};
export type BaselineComparison = { rows: BaselineRow[]; statements: string[]; beatsAll: boolean };

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(3));

/**
 * Compares the agent's metrics with each baseline's on the metrics both have, and says in words where the agent
 * does not win, because a table of numbers lets a reader miss that the extra steps bought nothing. A tie is not
 * a win: the agent costs more, so it has to be better. `margin` is the smallest difference that counts.
 */
export function compareToBaselines(
  agent: MetricMap,
  baselines: Record<string, MetricMap>,
  metrics?: readonly string[],
  margin = 0,
  subject = 'agent',
): BaselineComparison {
  const rows: BaselineRow[] = [];
  const statements: string[] = [];
  for (const [baseline, other] of Object.entries(baselines)) {
    const keys = (metrics ?? Object.keys(agent).filter((k) => !isBookkeeping(k))).filter(
      (k) => k in other && k in agent,
    );
    for (const metric of keys) {
      const a = agent[metric]!;
      const b = other[metric]!;
      const delta = a - b;
      const beats = lowerIsBetter(metric) ? delta < -margin : delta > margin;
      rows.push({ metric, baseline, agent: a, other: b, delta, beats });
      if (!beats && !lowerIsBetter(metric)) {
        statements.push(`The ${subject} does not beat ${baseline} on ${metric} (${fmt(a)} vs ${fmt(b)}).`);
      }
    }
  }
  const quality = rows.filter((r) => !lowerIsBetter(r.metric));
  const beatsAll = quality.length > 0 && quality.every((r) => r.beats);
  if (beatsAll)
    statements.unshift(
      `The ${subject} beats every baseline on every quality metric compared (${quality.length} comparisons).`,
    );
  return { rows, statements, beatsAll };
}
