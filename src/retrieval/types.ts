import type { StoredChunk, WeightedTerm } from '../store/index.ts';
import type { RequestBounds } from './retriever.ts';

export type RetrievalMode = 'hybrid' | 'bm25' | 'vector';
export const RETRIEVAL_MODES: readonly RetrievalMode[] = ['hybrid', 'bm25', 'vector'];

export type MetaScalar = string | number | boolean;
/**
 * One metadata key's condition: a value (equal; a string also matches inside a string array), a list (any of them),
 * or operators. Strings compare as strings (ISO dates sort), numbers as numbers.
 */
export type MetaCondition =
  | MetaScalar
  | MetaScalar[]
  | {
      eq?: MetaScalar;
      ne?: MetaScalar;
      in?: MetaScalar[];
      nin?: MetaScalar[];
      gt?: string | number;
      gte?: string | number;
      lt?: string | number;
      lte?: string | number;
      exists?: boolean;
    };
/** Conditions on document metadata, all of which must hold. */
export type MetadataFilter = Record<string, MetaCondition>;

/** Filters over stored chunk fields, evaluated inside LanceDB. */
export type ChunkFilter = {
  doc_ids?: string[];
  path_prefix?: string;
  page?: number;
  title?: string;
  titles?: string[];
  metadata?: MetadataFilter;
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

/**
 * A retrieved chunk with its fused score, the per-list scores it came from, its reranker score if reranked, and for a
 * search stating a claim its cosine with the claim in the candidates' latent topics (`latentCosines`) if it was among
 * the candidates reordered by them.
 */
export type Hit = StoredChunk & { score: number; bm25?: number; vector?: number; rerank?: number; latent?: number };

/**
 * What the agent and the search routes search through: the in-process `Retriever` over LanceDB, or a client of a
 * retrieval node (src/remote/) in a Workers front.
 */
export interface Searcher {
  search(req: SearchRequest, signal?: AbortSignal): Promise<Hit[]>;
  /** This searcher for one request: only the sources `scope` may read, and `filter` added to every search. */
  forRequest(b: RequestBounds): Searcher;
}
