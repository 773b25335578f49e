import type { Config } from '../config.ts';
import { createHttpReranker } from './rerank-http.ts';
import type { RerankStage } from './rerank-stage.ts';

/** The rerank stage the configuration asks for, or none (`GROUNDED_RERANKER=none`, the default). */
export function rerankStageFromConfig(config: Config, opts: { fetch?: typeof fetch } = {}): RerankStage | undefined {
  if (config.GROUNDED_RERANKER === 'none') return undefined;
  const reranker = createHttpReranker({
    api: config.GROUNDED_RERANKER,
    // loadConfig refuses an HTTP reranker without a base URL.
    baseUrl: config.GROUNDED_RERANK_BASE_URL!,
    model: config.GROUNDED_RERANK_MODEL,
    apiKey: config.GROUNDED_RERANK_API_KEY,
    batchSize: config.GROUNDED_RERANK_BATCH,
    timeoutMs: config.GROUNDED_RERANK_TIMEOUT_MS,
    maxRetries: config.GROUNDED_RERANK_RETRIES,
    fetch: opts.fetch,
  });
  return { reranker, topN: config.GROUNDED_RERANK_TOP_N, timeoutMs: config.GROUNDED_RERANK_TIMEOUT_MS };
}
