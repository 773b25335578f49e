export { chunksToArrow, ftsText, rowToChunk } from './arrow-rows.ts';
export type { ChunkRow, ManifestEntry, SourceMeta, StoredChunk } from './schema.ts';
export {
  type ScoredChunk,
  type SearchOptions,
  SourceTable,
  sqlIn,
  sqlString,
  type WeightedTerm,
} from './source-table.ts';
export { type EmbedderRef, Store, type StoreOptions, validateSourceName } from './store.ts';
