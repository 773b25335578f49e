export { collapseNearDuplicates } from './dedupe.ts';
export { filterToWhere } from './filters.ts';
export { type Fused, fuseMinMax, type Scored } from './fuse.ts';
export { normaliseScores } from './normalise.ts';
export { Retriever } from './retriever.ts';
export { type ChunkFilter, type Hit, RETRIEVAL_MODES, type RetrievalMode, type SearchRequest } from './types.ts';
