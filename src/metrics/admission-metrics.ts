import { Counter, Gauge, type Registry } from 'prom-client';
import type { RunControl } from '../service/run-control.ts';
import type { TraceStore } from '../trace/index.ts';

const KINDS = ['run', 'search'] as const;

/**
 * Admission and trace-store state, read at scrape time: work running and queued per kind (the queue depth),
 * refusals, whether the server is draining, and what the trace directory holds.
 */
export function registerAdmissionMetrics(registry: Registry, runs: RunControl, traces: TraceStore): void {
  const perKind = (name: string, help: string, pick: (s: ReturnType<RunControl['stats']>['run']) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        const stats = runs.stats();
        for (const kind of KINDS) this.set({ kind }, pick(stats[kind]));
      },
    });
  perKind('grounded_admission_running', 'Runs and searches being served', (s) => s.running);
  perKind('grounded_admission_queued', 'Runs and searches waiting for a slot', (s) => s.queued);
  new Counter({
    name: 'grounded_admission_rejected_total',
    help: 'Requests refused with 429 by admission (queue full or wait too long)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const stats = runs.stats();
      this.reset();
      for (const kind of KINDS) this.inc({ kind }, stats[kind].rejected);
    },
  });
  new Gauge({
    name: 'grounded_draining',
    help: '1 while the server shuts down (refusing new work)',
    registers: [registry],
    collect() {
      this.set(runs.draining ? 1 : 0);
    },
  });
  const usage = traces.usage?.bind(traces);
  if (!usage) return;
  type Usage = { files: number; bytes: number; queued: number };
  const traceGauge = (name: string, help: string, pick: (u: Usage) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(usage()));
      },
    });
  traceGauge(
    'grounded_trace_store_bytes',
    'Bytes of traces on disk (kept under GROUNDED_TRACE_MAX_MB)',
    (u) => u.bytes,
  );
  traceGauge('grounded_trace_store_files', 'Runs whose trace is on disk', (u) => u.files);
  traceGauge('grounded_trace_store_queued', 'Runs whose trace waits to be written', (u) => u.queued);
}
