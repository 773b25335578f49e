/** What a reranker reads of a chunk: its text and where it sits. */
export type RerankDoc = { text: string; title?: string; heading_path?: readonly string[] };

/**
 * Scores documents against a query, one score per document in the order given (higher is more relevant). Scores
 * are comparable within one call only. A reranker that cannot answer throws; the stage that applies it falls back
 * to the order it was given (see rerank-stage.ts).
 */
export type Reranker = {
  /** Names the reranker in traces: `tei:BAAI/bge-reranker-base`, `builtin`. */
  readonly id: string;
  rerank(query: string, docs: readonly RerankDoc[], signal?: AbortSignal): Promise<number[]>;
};

/**
 * The text a cross-encoder reads for a chunk: its title and heading path (without a heading that repeats the
 * title) on a first line, then the chunk text, as chunks are embedded.
 */
export function rerankText(d: RerankDoc): string {
  const headings = (d.heading_path ?? []).filter((h) => h && h !== d.title);
  const head = [d.title, ...headings].filter(Boolean).join(' > ');
  return head ? `${head}\n${d.text}` : d.text;
}
