export { type AccessScope, canRead, FULL_SCOPE, type Role, readsAll } from './access-scope.ts';
export { chunksToArrow, ftsText, rowToChunk } from './arrow-rows.ts';
export { CHUNK_COLUMNS, ChunkCache, type ChunkRef } from './chunk-reader.ts';
export { isRetryableConflict, withConflictRetry } from './conflict-retry.ts';
export type { LeaseDeps, LeaseTiming } from './held-lease.ts';
export type { IndexStep, IndexStepEvent } from './index-refresh.ts';
export { LanceLeases } from './lance-leases.ts';
export {
  type AcquireOptions,
  busyError,
  describeHolder,
  type Lease,
  type LeaseHolder,
  type LeaseStore,
} from './lease.ts';
export {
  hasMetadata,
  META_KEY,
  META_LIMITS,
  METADATA_COLUMN,
  type Metadata,
  type MetaValue,
  parseStoredMetadata,
  readMetadata,
} from './metadata.ts';
export { currentProcess, type ProcessIdentity } from './process-identity.ts';
export type { SourceReader, StoreReader } from './reader.ts';
export type {
  ChunkRow,
  LinkStats,
  LinksMode,
  ManifestEntry,
  SourceCapabilities,
  SourceMeta,
  StoredChunk,
} from './schema.ts';
export { validateSourceName } from './source-name.ts';
export { emptyRepair, type RepairReport } from './source-repair.ts';
export {
  type Candidate,
  type ScoredChunk,
  type SearchOptions,
  SourceTable,
  type VectorIndexStats,
  type WeightedTerm,
} from './source-table.ts';
export { sqlIn, sqlString } from './sql.ts';
export { type EmbedderRef, Store, type StoreOptions } from './store.ts';
export { lanceTraceBlobs } from './trace-table.ts';
export {
  DEFAULT_VECTOR_INDEX,
  partitionsFor,
  VECTOR_INDEX_KINDS,
  type VectorIndexKind,
  type VectorIndexSpec,
} from './vector-index.ts';
