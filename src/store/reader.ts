import type { FocusTerm } from '../text/index.ts';
import type { AccessScope } from './access-scope.ts';
import type { ManifestEntry, SourceMeta, StoredChunk } from './schema.ts';

/**
 * The read side of one source: what the agent (titles, focus-term presence), the read-only routes and the metrics
 * use. In process it is a LanceDB `SourceTable`; in a Workers front it is a client of a retrieval node.
 */
export interface SourceReader {
  readonly name: string;
  count(): Promise<number>;
  manifest(): Promise<Map<string, ManifestEntry>>;
  documentTitles(): Promise<string[]>;
  presence(terms: readonly FocusTerm[]): Promise<Map<string, boolean | undefined>>;
  getChunks(ids: readonly string[]): Promise<StoredChunk[]>;
  /** The chunks of one document whose positions are in [from, to], in order. */
  neighbours(docId: string, from: number, to: number): Promise<StoredChunk[]>;
}

/** The read side of the store: sources and their capabilities. `Store` in process, `RemoteStore` over HTTP. */
export interface StoreReader {
  listSources(): Promise<SourceMeta[]>;
  sourceMeta(name: string): Promise<SourceMeta | undefined>;
  /** An existing source; an unknown name is an `unknown_source` error. */
  source(name: string): Promise<SourceReader>;
  /** A view that lists and opens only the sources `scope` may read (any other is an unknown source). */
  scoped(scope: AccessScope): StoreReader;
  /** Throws when the store cannot be read (readiness). */
  ping(): Promise<void>;
  close(): void;
}
