import type { StoredChunk, WeightedTerm } from '../store/index.ts';

export type RetrievalMode = 'hybrid' | 'bm25' | 'vector';
export const RETRIEVAL_MODES: readonly RetrievalMode[] = ['hybrid', 'bm25', 'vector'];

/** Metadata filters over stored chunk fields. */
export type ChunkFilter = {
  doc_ids?: string[];
  path_prefix?: string;
  page?: number;
  title?: string;
  titles?: string[];
};

export type SearchRequest = {
  query: string;
  sources: readonly string[];
  topK: number;
  mode?: RetrievalMode;
  filter?: ChunkFilter;
  /** Extra weighted terms (query expansion) added to the full-text side. */
  expansion?: readonly WeightedTerm[];
};

/** A retrieved chunk with its fused score, the per-list scores it came from, and its reranker score if reranked. */
export type Hit = StoredChunk & { score: number; bm25?: number; vector?: number; rerank?: number };
