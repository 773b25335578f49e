import { readFile } from 'node:fs/promises';
import type { LanguageModel } from 'ai';
import pino, { type DestinationStream, type Logger } from 'pino';
import { createBuiltinReasoner } from './agent/reasoner/builtin/index.ts';
import { createLlmReasoner } from './agent/reasoner/llm/index.ts';
import type { Reasoner } from './agent/reasoner/types.ts';
import { admissionLimits, type Config, storeConnection } from './config.ts';
import { AppError } from './errors.ts';
import type { AssetReader } from './http/ui/assets.ts';
import { registerAdmissionMetrics } from './metrics/admission-metrics.ts';
import { Metrics } from './metrics/metrics.ts';
import { createChatModel } from './providers/chat-model.ts';
import type { Embedder } from './providers/embedder.ts';
import { createEmbedder } from './providers/index.ts';
import { type RerankStage, Retriever, rerankStageFromConfig, type Searcher } from './retrieval/index.ts';
import { newRunId } from './run-id.ts';
import { KeyRing } from './service/api-keys.ts';
import type { IngestJobs } from './service/ingest-jobs.ts';
import { RunControl } from './service/run-control.ts';
import { type AccessScope, FULL_SCOPE, lanceTraceBlobs, Store, type StoreReader } from './store/index.ts';
import { batchedTraceStore } from './trace/batched-trace-store.ts';
import { fileTraceStore } from './trace/file-trace-store.ts';
import type { TraceStore } from './trace/index.ts';

/** Everything the app and the agent need, built once from config; tests pass their own pieces. */
export type Deps = {
  config: Config;
  /** The store as the app reads it: LanceDB in process here; a retrieval node's client in src/worker.ts. */
  store: StoreReader;
  /** Absent in a Workers front: searches embed on the retrieval node. */
  embedder?: Embedder;
  retriever: Searcher;
  /** Applied to each search's fused hits before the agent sees them; absent with GROUNDED_RERANKER=none. */
  rerank?: RerankStage;
  reasoner: Reasoner;
  traces: TraceStore;
  /** Admission (concurrency caps, queues, rate limit) and the shutdown drain. */
  runs: RunControl;
  /** Ingestion over HTTP; wired in by the entry point (src/main.ts), absent elsewhere (the routes answer 503). */
  jobs?: IngestJobs;
  /** The API keys and what each may read and do. */
  keys: KeyRing;
  /**
   * Whose request this is: what `store` and `retriever` let it read. The server's own deps have the full scope;
   * each request works through `withScope(deps, scope)` (src/service/scope.ts).
   */
  scope: AccessScope;
  logger: Logger;
  now: () => number;
  newId: () => string;
  /** The console's files; absent, they are read from src/http/ui/public on disk. */
  assets?: AssetReader;
  /** Prometheus metrics (`/metrics`); absent where nothing scrapes (evals). */
  metrics?: Metrics;
};

/** Deps as the Node entry builds them: the store is LanceDB in this process (ingest jobs and evals write to it). */
export type NodeDeps = Omit<Deps, 'store' | 'embedder'> & { store: Store; embedder: Embedder };

export type DepsOverrides = Partial<Omit<Deps, 'config' | 'retriever' | 'scope' | 'store'>> & {
  store?: Store;
  logDestination?: DestinationStream;
  model?: LanguageModel;
};

export { newRunId } from './run-id.ts';

/** The one wiring point: config → implementations. */
export async function createDeps(config: Config, o: DepsOverrides = {}): Promise<NodeDeps> {
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
      ...storeConnection(config),
      chunkCacheBytes: config.GROUNDED_CHUNK_CACHE_MB * 1024 * 1024,
      vectorMemoryBytes: config.GROUNDED_VECTOR_MEMORY_MB * 1024 * 1024,
    }));
  const embedder = o.embedder ?? (await createEmbedder(config));
  const keys =
    o.keys ?? (await KeyRing.from(config.GROUNDED_API_KEYS, await keysFile(config), config.GROUNDED_API_KEYS_FILE));
  if (config.GROUNDED_REASONER === 'workers-ai' && !o.model && !o.reasoner)
    throw new AppError(
      'config',
      'GROUNDED_REASONER=workers-ai runs in the Workers front only (its AI binding); on Node use GROUNDED_REASONER=llm with an OpenAI-compatible endpoint',
    );
  const model = o.model ?? (config.GROUNDED_REASONER === 'llm' ? createChatModel(config) : undefined);
  const reasoner = o.reasoner ?? (model ? createLlmReasoner(model) : createBuiltinReasoner());
  const traces = o.traces ?? (await createTraceStore(config, logger));
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
    keys,
    jobs: o.jobs,
    scope: FULL_SCOPE,
    logger,
    now: o.now ?? Date.now,
    newId: o.newId ?? newRunId,
    metrics,
  };
}

async function keysFile(config: Config): Promise<string | undefined> {
  const file = config.GROUNDED_API_KEYS_FILE;
  if (!file) return undefined;
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw new AppError('config', `GROUNDED_API_KEYS_FILE: cannot read ${file} (${(e as Error).message})`);
  }
}

/**
 * GROUNDED_TRACES: a directory (one file per run; several nodes may share it), or a URI LanceDB opens (s3://, gs://,
 * az://: a `traces` table there, with GROUNDED_DB's endpoint and credentials) so every node serves every run's trace.
 */
async function createTraceStore(config: Config, logger: Logger): Promise<TraceStore> {
  const opts = {
    maxBytes: config.GROUNDED_TRACE_MAX_MB * 1024 * 1024,
    retentionMs: config.GROUNDED_TRACE_RETENTION_DAYS * 86_400_000,
    onError: (msg: string, err?: unknown) => logger.error({ err: err instanceof Error ? err.message : err }, msg),
  };
  const where = config.GROUNDED_TRACES;
  if (!/^[a-z][a-z0-9+]*:\/\//.test(where)) return fileTraceStore(where, { ...opts, shared: true });
  const { storageOptions } = storeConnection(config);
  return batchedTraceStore(await lanceTraceBlobs(where, { storageOptions, onError: opts.onError }), opts);
}
