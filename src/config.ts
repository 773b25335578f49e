import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { BUILTIN_DIMENSIONS } from './providers/builtin-embedder.ts';

const int = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** A `.gz` document's largest decompressed size by default, and the most it may be set to (near V8's string limit). */
export const DEFAULT_MAX_DECOMPRESSED_MB = 64;
export const MAX_DECOMPRESSED_MB_CEILING = 512;

/** Every setting is an environment variable; GROUNDED_CONFIG may name a JSON file with the same keys. */
export const ConfigSchema = z.object({
  PORT: int(8787, 0).refine((p) => p < 65536, 'must be a TCP port (0-65535)'),
  HOST: z.string().min(1).default('127.0.0.1'),
  GROUNDED_DB: z.string().min(1).default('data/lancedb'),
  GROUNDED_DB_API_KEY: z.string().optional(),
  GROUNDED_DB_REGION: z.string().optional(),
  /** An S3-compatible endpoint for s3:// stores (Cloudflare R2, Ceph, MinIO); plain http is allowed for it. */
  GROUNDED_DB_ENDPOINT: z.url().optional(),
  /** How stale a read of the store may be: a node sees other processes' writes (an ingest) within this. */
  GROUNDED_DB_CONSISTENCY_MS: int(2000, 0),
  GROUNDED_TRACES: z.string().min(1).default('data/traces'),
  /** Retrieval nodes accept this key on /node/v1/* (a Workers front sends it); unset, the API keys do. */
  GROUNDED_NODE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A Workers front: the retrieval node it searches through (or a service binding RETRIEVAL), and how long it waits. */
  GROUNDED_RETRIEVAL_URL: z.url().optional(),
  GROUNDED_RETRIEVAL_TIMEOUT_MS: int(10000),
  GROUNDED_TRACE_MAX_MB: z.coerce.number().positive().default(1024),
  GROUNDED_TRACE_RETENTION_DAYS: z.coerce.number().positive().default(7),
  GROUNDED_DEMO: bool(true),
  GROUNDED_DEMO_SOURCE: z.string().min(1).default('demo'),
  GROUNDED_API_KEYS: list,
  GROUNDED_API_KEYS_FILE: z.string().optional(),
  GROUNDED_CORS_ORIGINS: list.refine(
    (l) => l.every((o) => o === '*' || /^https?:\/\/[^/]+$/.test(o)),
    'must be `*` or origins like https://app.example.com (scheme and host, no path)',
  ),
  GROUNDED_CHAT_PROGRESS: z.enum(['off', 'reasoning']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  GROUNDED_EMBEDDER: z.enum(['builtin', 'openai-compatible']).default('builtin'),
  GROUNDED_EMBED_DIM: int(BUILTIN_DIMENSIONS, 16).refine((n) => n <= 8192, 'must be at most 8192'),
  GROUNDED_EMBED_BASE_URL: z.url().optional(),
  GROUNDED_EMBED_MODEL: z.string().optional(),
  GROUNDED_EMBED_API_KEY: z.string().optional(),
  GROUNDED_EMBED_BATCH: int(64),
  GROUNDED_EMBED_RETRIES: int(5, 0),
  GROUNDED_EMBED_TIMEOUT_MS: int(60000),

  /** workers-ai: the Workers front only (its AI binding, model GROUNDED_LLM_MODEL). */
  GROUNDED_REASONER: z.enum(['builtin', 'llm', 'workers-ai']).default('builtin'),
  GROUNDED_LLM_BASE_URL: z.url().optional(),
  GROUNDED_LLM_MODEL: z.string().optional(),
  GROUNDED_LLM_API_KEY: z.string().optional(),

  GROUNDED_RERANKER: z.enum(['none', 'cohere', 'jina', 'vllm', 'tei']).default('none'),
  GROUNDED_RERANK_BASE_URL: z.url().optional(),
  GROUNDED_RERANK_MODEL: z.string().optional(),
  GROUNDED_RERANK_API_KEY: z.string().optional(),
  GROUNDED_RERANK_TOP_N: int(20, 2),
  GROUNDED_RERANK_BATCH: int(32),
  GROUNDED_RERANK_TIMEOUT_MS: int(10000),
  GROUNDED_RERANK_RETRIES: int(2, 0),

  GROUNDED_TOP_K: int(8),
  GROUNDED_MAX_STEPS: int(24),
  GROUNDED_TOKEN_BUDGET: int(60000),
  GROUNDED_DEADLINE_MS: int(60000),
  GROUNDED_CALL_TIMEOUT_MS: int(20000),
  GROUNDED_MAX_RETRIES: int(2, 0),
  GROUNDED_MAX_QUESTION_CHARS: int(4000),
  GROUNDED_MAX_BODY_BYTES: int(256 * 1024),
  /** Unset: see admissionLimits (they depend on the CPUs and the reasoner). */
  GROUNDED_MAX_CONCURRENT_RUNS: z.coerce.number().int().min(1).optional(),
  GROUNDED_MAX_QUEUED_RUNS: z.coerce.number().int().min(0).optional(),
  GROUNDED_MAX_CONCURRENT_SEARCHES: z.coerce.number().int().min(1).optional(),
  GROUNDED_MAX_QUEUED_SEARCHES: z.coerce.number().int().min(0).optional(),
  GROUNDED_MAX_QUEUE_WAIT_MS: int(2000, 0),
  GROUNDED_RATE_LIMIT_PER_MIN: int(0, 0),
  GROUNDED_SHUTDOWN_GRACE_MS: int(10000, 0),

  GROUNDED_JOBS_DIR: z.string().min(1).optional(),
  GROUNDED_MAX_UPLOAD_BYTES: int(100 * 1024 * 1024),
  GROUNDED_MAX_UPLOAD_FILES: int(100),
  GROUNDED_MAX_UPLOAD_JSON_BYTES: int(16 * 1024 * 1024),
  GROUNDED_MAX_CONCURRENT_JOBS: int(1),
  GROUNDED_MAX_QUEUED_JOBS: int(16, 0),
  GROUNDED_JOB_RETENTION_HOURS: z.coerce.number().positive().default(24),
  GROUNDED_UPLOAD_WAIT_MS: int(30000, 0),

  GROUNDED_CHUNK_TOKENS: int(256, 16),
  GROUNDED_CHUNK_OVERLAP: int(32, 0),
  GROUNDED_INGEST_CONCURRENCY: int(4),
  GROUNDED_INGEST_LEASE_SECONDS: int(30, 2),
  GROUNDED_INGEST_MAX_DECOMPRESSED_MB: int(DEFAULT_MAX_DECOMPRESSED_MB).refine(
    (mb) => mb <= MAX_DECOMPRESSED_MB_CEILING,
    `at most ${MAX_DECOMPRESSED_MB_CEILING} (a decompressed document is held in memory as one string)`,
  ),
  GROUNDED_INDEX_STALL_SECONDS: int(60),
  /** Unset: per dimension, where a flat scan stops being cheap (1,954 rows at 1,024 dimensions). */
  GROUNDED_VECTOR_INDEX_MIN_ROWS: z.coerce.number().int().min(1).optional(),
  /** Recently returned chunks kept in the server's memory (0 turns it off). */
  GROUNDED_CHUNK_CACHE_MB: z.coerce.number().min(0).default(64),
  /**
   * Served sources' vectors kept in the server's memory and searched exactly in JS (sources up to 8M rows × dimensions
   * each, `MEMORY_HOLD_MAX_CELLS`; 0 turns it off: every vector search goes to LanceDB).
   */
  GROUNDED_VECTOR_MEMORY_MB: z.coerce.number().min(0).default(256),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Concurrent runs and searches where the configuration leaves them unset. */
export type SlotDefaults = { runs: number; searches: number };

/**
 * Slots of this host: with the builtin reasoner a run is CPU work, so one run per CPU (more only queues inside the
 * process and every run slows down); with an LLM reasoner a run mostly waits on the model, so 32. A search is CPU
 * work either way.
 */
function hostSlots(c: Config): SlotDefaults {
  const cpus = availableParallelism();
  return { runs: c.GROUNDED_REASONER === 'builtin' ? cpus : 32, searches: cpus };
}

/** Admission limits, the unset ones from `defaults` (this host's, unless given). Queues default to one per slot. */
export function admissionLimits(c: Config, defaults: SlotDefaults = hostSlots(c)) {
  const runs = c.GROUNDED_MAX_CONCURRENT_RUNS ?? defaults.runs;
  const searches = c.GROUNDED_MAX_CONCURRENT_SEARCHES ?? defaults.searches;
  return {
    runs: {
      maxConcurrent: runs,
      maxQueued: c.GROUNDED_MAX_QUEUED_RUNS ?? runs,
      maxWaitMs: c.GROUNDED_MAX_QUEUE_WAIT_MS,
    },
    searches: {
      maxConcurrent: searches,
      maxQueued: c.GROUNDED_MAX_QUEUED_SEARCHES ?? searches,
      maxWaitMs: c.GROUNDED_MAX_QUEUE_WAIT_MS,
    },
  };
}

/**
 * How to open GROUNDED_DB (and a trace store on object storage): credentials come from the usual environment
 * (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, GOOGLE_SERVICE_ACCOUNT, AZURE_STORAGE_ACCOUNT_NAME/KEY), read by LanceDB.
 */
export function storeConnection(c: Config) {
  const storageOptions: Record<string, string> = {};
  if (c.GROUNDED_DB_ENDPOINT) {
    storageOptions.endpoint = c.GROUNDED_DB_ENDPOINT;
    if (c.GROUNDED_DB_ENDPOINT.startsWith('http:')) storageOptions.allow_http = 'true';
  }
  if (c.GROUNDED_DB_REGION) storageOptions.region = c.GROUNDED_DB_REGION;
  return {
    apiKey: c.GROUNDED_DB_API_KEY,
    region: c.GROUNDED_DB_REGION,
    storageOptions,
    readConsistencySeconds: c.GROUNDED_DB_CONSISTENCY_MS / 1000,
    vectorIndexMinRows: c.GROUNDED_VECTOR_INDEX_MIN_ROWS,
    leaseTtlMs: c.GROUNDED_INGEST_LEASE_SECONDS * 1000,
  };
}

/** Parse once at start; an invalid value names its variable and what to fix. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  let merged: Record<string, unknown> = { ...env };
  if (env.GROUNDED_CONFIG) {
    let file: unknown;
    try {
      file = JSON.parse(readFileSync(env.GROUNDED_CONFIG, 'utf8'));
    } catch (e) {
      throw new AppError('config', `GROUNDED_CONFIG: cannot read ${env.GROUNDED_CONFIG} as JSON (${String(e)})`);
    }
    // Environment wins over the file, so one variable can override a shared file.
    merged = { ...(file as object), ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) };
  }
  // Empty strings mean "unset" (shells export FOO= easily).
  for (const k of Object.keys(merged)) if (merged[k] === '') delete merged[k];
  const r = ConfigSchema.safeParse(merged);
  if (!r.success) {
    const lines = r.error.issues.map(
      (i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(merged[String(i.path[0])])})`,
    );
    throw new AppError('config', `invalid configuration — ${lines.join('; ')}`);
  }
  const c = r.data;
  if (c.GROUNDED_EMBEDDER === 'openai-compatible' && (!c.GROUNDED_EMBED_BASE_URL || !c.GROUNDED_EMBED_MODEL))
    throw new AppError(
      'config',
      'GROUNDED_EMBEDDER=openai-compatible needs GROUNDED_EMBED_BASE_URL and GROUNDED_EMBED_MODEL',
    );
  if (c.GROUNDED_REASONER === 'llm' && (!c.GROUNDED_LLM_BASE_URL || !c.GROUNDED_LLM_MODEL))
    throw new AppError('config', 'GROUNDED_REASONER=llm needs GROUNDED_LLM_BASE_URL and GROUNDED_LLM_MODEL');
  if (c.GROUNDED_REASONER === 'workers-ai' && !c.GROUNDED_LLM_MODEL)
    throw new AppError(
      'config',
      'GROUNDED_REASONER=workers-ai needs GROUNDED_LLM_MODEL (e.g. @cf/meta/llama-3.1-8b-instruct)',
    );
  if (c.GROUNDED_RERANKER !== 'none' && !c.GROUNDED_RERANK_BASE_URL)
    throw new AppError('config', `GROUNDED_RERANKER=${c.GROUNDED_RERANKER} needs GROUNDED_RERANK_BASE_URL`);
  if ((c.GROUNDED_RERANKER === 'cohere' || c.GROUNDED_RERANKER === 'jina') && !c.GROUNDED_RERANK_MODEL)
    throw new AppError('config', `GROUNDED_RERANKER=${c.GROUNDED_RERANKER} needs GROUNDED_RERANK_MODEL`);
  if (c.GROUNDED_CHUNK_OVERLAP >= c.GROUNDED_CHUNK_TOKENS)
    throw new AppError('config', 'GROUNDED_CHUNK_OVERLAP must be smaller than GROUNDED_CHUNK_TOKENS');
  return c;
}
