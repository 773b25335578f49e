import type { StepType, TraceRecord } from './schema.ts';
import { TRACE_VERSION } from './schema.ts';

const SECRET_KEYS = /^(authorization|api[_-]?key|apikey|password|secret|token|x-api-key)$/i;

/**
 * Redact credentials before they reach a trace: values under credential-like keys, and every occurrence of the
 * configured secrets (API keys of the server, the model and the embedder) wherever they appear, e.g. quoted back
 * in a provider's error message. Document text is left alone unless it holds one of those exact values.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, secrets);
    return out;
  }
  if (typeof value === 'string' && secrets.length) {
    let s = value;
    for (const secret of secrets) if (s.includes(secret)) s = s.split(secret).join('[redacted]');
    return s;
  }
  return value;
}

/**
 * Collects a run's records in order; the agent calls `record`, the caller saves them when the run ends. `context`
 * (the request id and W3C trace id of the request that started the run) is added to the `start` record.
 */
export class Tracer {
  readonly records: TraceRecord[] = [];
  private seq = 0;

  constructor(
    readonly runId: string,
    private readonly now: () => number = Date.now,
    private readonly secrets: readonly string[] = [],
    private readonly context: Record<string, unknown> = {},
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
      data: redact(type === 'start' ? { ...data, ...this.context } : data, this.secrets) as Record<string, unknown>,
    };
    this.records.push(r);
    return r;
  }
}
