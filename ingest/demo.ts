import { fileURLToPath } from 'node:url';
import type { Embedder } from '../src/providers/embedder.ts';
import type { Store } from '../src/store/index.ts';
import { type IngestProgress, type IngestSummary, runIngest } from './pipeline.ts';

/** The demo knowledge base shipped in `data/demo/`, and the project root its document ids are relative to. */
export const DEMO_DIR = fileURLToPath(new URL('../data/demo/', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

export type DemoOptions = {
  /** Source name (default `demo`). */
  source?: string;
  /** Folder to ingest (default `data/demo/`). */
  dir?: string;
  chunkTokens?: number;
  chunkOverlap?: number;
  onProgress?: (p: IngestProgress) => void;
};

/**
 * Ingest the demo corpus when its source is missing or empty, so a fresh checkout can answer questions at once.
 * Returns the ingest summary, or undefined when the source already holds chunks (it is never touched then). An
 * empty demo source left by another embedder is simply started again.
 */
export async function ensureDemoSource(
  store: Store,
  embedder: Embedder,
  opts: DemoOptions = {},
): Promise<IngestSummary | undefined> {
  const source = opts.source ?? 'demo';
  const meta = await store.sourceMeta(source);
  // A demo embedded by another embedder (an upgrade changed the builtin one) is embedded again: its vectors would
  // be refused as an embedder mismatch on every hybrid search.
  const otherEmbedder =
    meta !== undefined && (meta.embedder_id !== embedder.id || meta.dimensions !== embedder.dimensions);
  if (meta && !otherEmbedder && (await (await store.source(source)).count()) > 0) return undefined;
  return runIngest(
    {
      source,
      inputs: [opts.dir ?? DEMO_DIR],
      baseDir: opts.dir ? undefined : PROJECT_ROOT,
      chunkTokens: opts.chunkTokens,
      chunkOverlap: opts.chunkOverlap,
      reembed: otherEmbedder,
    },
    // Two servers starting on one fresh store: the second waits for the first one's demo ingest.
    { store, embedder, onProgress: opts.onProgress, wait: true },
  );
}
