import { histogram, mean, percentile } from './stats.ts';

export type ToolCall = { name: string; args: unknown; error?: string | boolean };
/** What one agent run did, as read from its trace. */
export type Trajectory = {
  steps: number;
  toolCalls: readonly ToolCall[];
  stopReason: string;
  /** Names of the guardrails that fired (step cap, token budget, duplicate call, no progress, ...). */
  guardrails?: readonly string[];
  tokens?: number;
  latencyMs?: number;
};

export type TrajectoryMetrics = {
  runs: number;
  steps_mean?: number;
  tool_calls_mean?: number;
  /** Calls repeating an earlier call of the same run (same tool, same arguments), in total and per call. */
  duplicate_calls: number;
  duplicate_call_rate?: number;
  tool_errors: number;
  tool_error_rate?: number;
  /** Of runs that hit a tool error, the share that made a successful call afterwards. */
  recovery_rate?: number;
  stop_reasons: Record<string, number>;
  guardrail_triggers: Record<string, number>;
  tokens_mean?: number;
  tokens_total: number;
  latency_p50_ms?: number;
  latency_p95_ms?: number;
};

/** Arguments compared by value with keys sorted: {a:1,b:2} and {b:2,a:1} are the same call. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

export function duplicateCalls(calls: readonly ToolCall[]): number {
  const seen = new Set<string>();
  let dups = 0;
  for (const c of calls) {
    const key = `${c.name}:${canonical(c.args)}`;
    if (seen.has(key)) dups++;
    seen.add(key);
  }
  return dups;
}

const failed = (c: ToolCall) => c.error !== undefined && c.error !== false && c.error !== '';

export function trajectoryMetrics(runs: readonly Trajectory[]): TrajectoryMetrics {
  const calls = runs.reduce((s, r) => s + r.toolCalls.length, 0);
  const dups = runs.reduce((s, r) => s + duplicateCalls(r.toolCalls), 0);
  const errors = runs.reduce((s, r) => s + r.toolCalls.filter(failed).length, 0);
  const withError = runs.filter((r) => r.toolCalls.some(failed));
  const recovered = withError.filter((r) => {
    const first = r.toolCalls.findIndex(failed);
    return r.toolCalls.slice(first + 1).some((c) => !failed(c));
  });
  const latencies = runs.flatMap((r) => (r.latencyMs === undefined ? [] : [r.latencyMs]));
  const out: TrajectoryMetrics = {
    runs: runs.length,
    duplicate_calls: dups,
    tool_errors: errors,
    stop_reasons: histogram(runs.map((r) => r.stopReason)),
    guardrail_triggers: histogram(runs.flatMap((r) => r.guardrails ?? [])),
    tokens_total: runs.reduce((s, r) => s + (r.tokens ?? 0), 0),
  };
  const optional: Partial<TrajectoryMetrics> = {
    steps_mean: mean(runs.map((r) => r.steps)),
    tool_calls_mean: mean(runs.map((r) => r.toolCalls.length)),
    duplicate_call_rate: calls ? dups / calls : undefined,
    tool_error_rate: calls ? errors / calls : undefined,
    recovery_rate: withError.length ? recovered.length / withError.length : undefined,
    tokens_mean: mean(runs.map((r) => r.tokens)),
    latency_p50_ms: percentile(latencies, 50),
    latency_p95_ms: percentile(latencies, 95),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** The numeric part as flat report metrics; histograms become "stop_reason:<name>" and "guardrail:<name>" counts. */
export function flattenTrajectory(t: TrajectoryMetrics): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(t)) if (typeof v === 'number') out[k] = v;
  for (const [k, v] of Object.entries(t.stop_reasons)) out[`stop_reason:${k}`] = v;
  for (const [k, v] of Object.entries(t.guardrail_triggers)) out[`guardrail:${k}`] = v;
  return out;
}
