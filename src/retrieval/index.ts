export { collapseNearDuplicates } from './dedupe.ts';
export { filterToWhere, mergeFilters, metadataWhere, whereFor } from './filters.ts';
export { type Fused, fuseMinMax, type Scored } from './fuse.ts';
export { normaliseScores } from './normalise.ts';
export { parseRerankReply, RERANK_APIS, type RerankApi, rerankBody } from './rerank-api.ts';
export { rerankStageFromConfig } from './rerank-config.ts';
export { createHttpReranker, type HttpRerankerOptions } from './rerank-http.ts';
export { type RerankOutcome, type RerankStage, rerankHits } from './rerank-stage.ts';
export { type RerankDoc, type Reranker, rerankText } from './reranker.ts';
export { type RequestBounds, Retriever } from './retriever.ts';
export {
  type ChunkFilter,
  type Hit,
  type MetaCondition,
  type MetadataFilter,
  type MetaScalar,
  RETRIEVAL_MODES,
  type RetrievalMode,
  type Searcher,
  type SearchRequest,
} from './types.ts';
