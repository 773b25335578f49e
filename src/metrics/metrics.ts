import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueryResponse } from '../agent/types.ts';
import type { Store } from '../store/index.ts';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The server's Prometheus metrics, in a registry of its own (so two apps in one process do not mix): HTTP requests
 * by route pattern and status with latency histograms, agent runs by status and stop reason with their duration,
 * tokens, per-source sizes read from the store at scrape time (the ingest counters: they move with every ingest,
 * CLI or HTTP), and Node's process metrics.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'grounded_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'grounded_http_request_duration_seconds',
    help: 'Time to the response head, by method and route pattern (streams: until the stream starts)',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly runs = new Counter({
    name: 'grounded_runs_total',
    help: 'Agent runs by status (answered, refused, failed) and stop reason',
    labelNames: ['status', 'stop_reason'] as const,
    registers: [this.registry],
  });
  private readonly runTime = new Histogram({
    name: 'grounded_run_duration_seconds',
    help: 'Agent run wall time',
    labelNames: ['status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly tokens = new Counter({
    name: 'grounded_tokens_total',
    help: 'Tokens read and written by the reasoner (model tokens, or the builtin estimate)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor(store?: Pick<Store, 'listSources' | 'source'>) {
    collectDefaultMetrics({ register: this.registry });
    if (!store) return;
    const sizes = async () => {
      const out: { source: string; rows: number; documents: number; last: number }[] = [];
      for (const m of await store.listSources()) {
        const src = await store.source(m.name);
        const [rows, manifest] = await Promise.all([src.count(), src.manifest()]);
        const last = Date.parse(m.last_ingest || m.created_at);
        out.push({ source: m.name, rows, documents: manifest.size, last: Number.isNaN(last) ? 0 : last / 1000 });
      }
      return out;
    };
    // One store read per scrape serves the three gauges.
    let pending: ReturnType<typeof sizes> | undefined;
    const read = () => {
      pending ??= sizes().finally(() => setTimeout(() => (pending = undefined), 0));
      return pending;
    };
    const gauge = (name: string, help: string, pick: (s: Awaited<ReturnType<typeof sizes>>[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['source'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const s of await read()) this.set({ source: s.source }, pick(s));
        },
      });
    gauge('grounded_source_chunks', 'Chunks stored per source', (s) => s.rows);
    gauge('grounded_source_documents', 'Documents stored per source', (s) => s.documents);
    gauge('grounded_source_last_ingest_timestamp_seconds', 'When each source was last ingested', (s) => s.last);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  run(r: Pick<QueryResponse, 'status' | 'stop_reason' | 'usage' | 'timings'>): void {
    this.runs.inc({ status: r.status, stop_reason: r.stop_reason });
    this.runTime.observe({ status: r.status }, r.timings.total_ms / 1000);
    this.tokens.inc({ kind: 'input' }, r.usage.input_tokens);
    this.tokens.inc({ kind: 'output' }, r.usage.output_tokens);
  }

  failedRun(stopReason: string, seconds: number): void {
    this.runs.inc({ status: 'failed', stop_reason: stopReason });
    this.runTime.observe({ status: 'failed' }, seconds);
  }
}
