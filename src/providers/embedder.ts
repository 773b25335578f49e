/** Anything that turns texts into fixed-size vectors. A table records the `id` and `dimensions` that filled it. */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
