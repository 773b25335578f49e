import type { StepType, TraceRecord } from './schema.ts';
import { TRACE_VERSION } from './schema.ts';

/** Redact anything that looks like a credential before it reaches a trace. */
const SECRET_KEYS = /^(authorization|api[_-]?key|apikey|password|secret|token|x-api-key)$/i;
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v);
    return out;
  }
  if (typeof value === 'string')
    return value.replace(/\b(sk-[A-Za-z0-9_-]{8,}|Bearer\s+[A-Za-z0-9._-]{8,})/g, '[redacted]');
  return value;
}

/** Collects a run's records in order; the agent calls `record`, the caller saves them when the run ends. */
export class Tracer {
  readonly records: TraceRecord[] = [];
  private seq = 0;

  constructor(
    readonly runId: string,
    private readonly now: () => number = Date.now,
    private readonly onRecord?: (r: TraceRecord) => void,
  ) {}

  record(
    step: number,
    type: StepType,
    data: Record<string, unknown>,
    extra: { duration_ms?: number; tokens?: { input: number; output: number } } = {},
  ): TraceRecord {
    const r: TraceRecord = {
      v: TRACE_VERSION,
      run_id: this.runId,
      seq: this.seq++,
      step,
      type,
      at: new Date(this.now()).toISOString(),
      duration_ms: Math.round((extra.duration_ms ?? 0) * 100) / 100,
      ...(extra.tokens ? { tokens: extra.tokens } : {}),
      data: redact(data) as Record<string, unknown>,
    };
    this.records.push(r);
    this.onRecord?.(r);
    return r;
  }
}
