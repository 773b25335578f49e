import type { Config } from '../config.ts';
import { createBuiltinEmbedder } from './builtin-embedder.ts';
import type { Embedder } from './embedder.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';

export { BUILTIN_DIMENSIONS, BUILTIN_EMBEDDER_ID, createBuiltinEmbedder, embedOne } from './builtin-embedder.ts';
export type { Embedder } from './embedder.ts';
export { createOpenAIEmbedder, type OpenAIEmbedderOptions } from './openai-embedder.ts';

type EmbedderConfig = Pick<
  Config,
  | 'GROUNDED_EMBEDDER'
  | 'GROUNDED_EMBED_DIM'
  | 'GROUNDED_EMBED_BASE_URL'
  | 'GROUNDED_EMBED_MODEL'
  | 'GROUNDED_EMBED_API_KEY'
  | 'GROUNDED_EMBED_BATCH'
  | 'GROUNDED_EMBED_RETRIES'
  | 'GROUNDED_EMBED_TIMEOUT_MS'
>;

/**
 * The configured embedder. An OpenAI-compatible one is asked once for a vector, so its size is known (and the
 * server, model and key are checked) before anything is written or searched.
 */
export async function createEmbedder(
  config: EmbedderConfig,
  opts: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Embedder> {
  if (config.GROUNDED_EMBEDDER === 'builtin') return createBuiltinEmbedder(config.GROUNDED_EMBED_DIM);
  const embedder = createOpenAIEmbedder({
    baseUrl: config.GROUNDED_EMBED_BASE_URL!,
    model: config.GROUNDED_EMBED_MODEL!,
    apiKey: config.GROUNDED_EMBED_API_KEY,
    maxBatch: config.GROUNDED_EMBED_BATCH,
    maxRetries: config.GROUNDED_EMBED_RETRIES,
    timeoutMs: config.GROUNDED_EMBED_TIMEOUT_MS,
    fetch: opts.fetch,
  });
  await embedder.embed(['dimension probe'], opts.signal);
  return embedder;
}
