/** Anything that turns texts into fixed-size vectors. A table records the `id` and `dimensions` that filled it. */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /**
   * The same embedder at another size, when it has no fixed one (the builtin hashing embedder): a source keeps the
   * size it was filled at whatever size new sources get.
   */
  resize?(dimensions: number): Embedder;
}

/** The embedder that writes and searches a source filled by `stored`: this one, resized to it when it can be. */
export function embedderFor(embedder: Embedder, stored: { embedderId: string; dimensions: number }): Embedder {
  if (embedder.id !== stored.embedderId || embedder.dimensions === stored.dimensions || !embedder.resize)
    return embedder;
  return embedder.resize(stored.dimensions);
}
