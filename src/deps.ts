import type { LanguageModel } from 'ai';
import pino, { type DestinationStream, type Logger } from 'pino';
import { createBuiltinReasoner } from './agent/reasoner/builtin/index.ts';
import { createLlmReasoner } from './agent/reasoner/llm/index.ts';
import type { Reasoner } from './agent/reasoner/types.ts';
import { admissionLimits, type Config } from './config.ts';
import { registerAdmissionMetrics } from './metrics/admission-metrics.ts';
import { Metrics } from './metrics/metrics.ts';
import { createChatModel } from './providers/chat-model.ts';
import type { Embedder } from './providers/embedder.ts';
import { createEmbedder } from './providers/index.ts';
import { type RerankStage, Retriever, rerankStageFromConfig } from './retrieval/index.ts';
import { RunControl } from './service/run-control.ts';
import { Store } from './store/index.ts';
import { fileTraceStore, type TraceStore } from './trace/index.ts';

/** Everything the app and the agent need, built once from config; tests pass their own pieces. */
export type Deps = {
  config: Config;
  store: Store;
  embedder: Embedder;
  retriever: Retriever;
  /** Applied to each search's fused hits before the agent sees them; absent with GROUNDED_RERANKER=none. */
  rerank?: RerankStage;
  reasoner: Reasoner;
  traces: TraceStore;
  /** Admission (concurrency caps, queues, rate limit) and the shutdown drain. */
  runs: RunControl;
  logger: Logger;
  now: () => number;
  newId: () => string;
  /** Prometheus metrics (`/metrics`); absent where nothing scrapes (evals). */
  metrics?: Metrics;
};

export type DepsOverrides = Partial<Omit<Deps, 'config' | 'retriever'>> & {
  logDestination?: DestinationStream;
  model?: LanguageModel;
};

export const newRunId = (): string => `run_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

/** The one wiring point: config → implementations. */
export async function createDeps(config: Config, o: DepsOverrides = {}): Promise<Deps> {
  const logger =
    o.logger ??
    pino(
      {
        level: config.LOG_LEVEL,
        base: null,
        redact: {
          paths: ['*.authorization', '*.apiKey', '*.api_key', 'req.headers.authorization'],
          censor: '[redacted]',
        },
      },
      o.logDestination ?? pino.destination(1),
    );
  const store =
    o.store ??
    (await Store.open(config.GROUNDED_DB, {
      apiKey: config.GROUNDED_DB_API_KEY,
      region: config.GROUNDED_DB_REGION,
      vectorIndexMinRows: config.GROUNDED_VECTOR_INDEX_MIN_ROWS,
    }));
  const embedder = o.embedder ?? (await createEmbedder(config));
  const model = o.model ?? (config.GROUNDED_REASONER === 'llm' ? createChatModel(config) : undefined);
  const reasoner = o.reasoner ?? (model ? createLlmReasoner(model) : createBuiltinReasoner());
  const traces =
    o.traces ??
    fileTraceStore(config.GROUNDED_TRACES, {
      maxBytes: config.GROUNDED_TRACE_MAX_MB * 1024 * 1024,
      retentionMs: config.GROUNDED_TRACE_RETENTION_DAYS * 86_400_000,
      onError: (msg, err) => logger.error({ err: err instanceof Error ? err.message : err }, msg),
    });
  const runs =
    o.runs ?? new RunControl({ ...admissionLimits(config), ratePerMinute: config.GROUNDED_RATE_LIMIT_PER_MIN });
  const metrics = o.metrics ?? new Metrics(store);
  if (!o.metrics) registerAdmissionMetrics(metrics.registry, runs, traces);
  return {
    config,
    store,
    embedder,
    retriever: new Retriever(store, embedder),
    rerank: 'rerank' in o ? o.rerank : rerankStageFromConfig(config),
    reasoner,
    traces,
    runs,
    logger,
    now: o.now ?? Date.now,
    newId: o.newId ?? newRunId,
    metrics,
  };
}
