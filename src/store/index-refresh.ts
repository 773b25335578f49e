import { Index, type Table } from '@lancedb/lancedb';
import { withConflictRetry } from './conflict-retry.ts';
import { watchIndexBuild } from './index-watchdog.ts';
import { optimizeKeepingPublished } from './published-version.ts';
import { CJK_COLUMN, FTS_COLUMN, IDENT_COLUMN } from './schema.ts';

/**
 * Small fragments (about one per write) a table may hold before a run compacts them. Compaction rewrites the whole
 * table (~0.3 s and ~40 MB for 8k chunks of 1024 dims), which a few fragments do not repay; LanceDB's own advice is
 * to optimize after some 20 writes.
 */
const COMPACT_AFTER_FRAGMENTS = 16;
/** Table versions kept by `refreshIndexes` (older ones are deleted): longer than any read of an older version lasts. */
const KEEP_VERSIONS_MS = 10 * 60_000;
/** The manifest's versions are kept as long as LanceDB keeps them by default. */
const KEEP_MANIFEST_VERSIONS_MS = 7 * 24 * 3_600_000;

/** A build using no CPU for this long is stuck (a slow one keeps a core busy). */
export const DEFAULT_INDEX_STALL_MS = 60_000;

export type IndexStep = 'optimize' | 'fts' | 'fts-cjk' | 'fts-ident' | 'vector';
/** One step of `refreshIndexes` and how long it took (for benchmarks and logs). */
export type IndexStepEvent = { source: string; step: IndexStep; ms: number };

const manyFragments = async (table: Table): Promise<boolean> => {
  try {
    return (await table.stats()).fragmentStats.numSmallFragments > COMPACT_AFTER_FRAGMENTS;
  } catch {
    return true;
  }
};

const STEP_NAMES: Record<IndexStep, string> = {
  optimize: 'update (optimize: new rows folded into the indexes)',
  fts: `full-text (${FTS_COLUMN})`,
  'fts-cjk': `n-gram full-text (${CJK_COLUMN})`,
  'fts-ident': `identifier full-text (${IDENT_COLUMN})`,
  vector: 'vector',
};

/**
 * Bring a source's indexes up to date after writes: missing full-text indexes are created, and the vector index once
 * the source is large enough; then `optimize` when an index built earlier misses rows or writes left many small
 * fragments: it folds the rows added since into the existing indexes (new rows are assigned to the vector index's
 * partitions, nothing is retrained), compacts, and removes table versions older than ten minutes (readers refresh
 * every few seconds), but never the published one. Indexes are built before compaction: built over one compacted fragment, the full-text index
 * of a 50 MB file peaked 50 MB higher. Every step runs under a watchdog.
 */
export async function refreshIndexes(
  chunks: Table,
  manifest: Table,
  opts: {
    source: string;
    vectorIndexMinRows: number;
    stallMs?: number;
    /** Builds the vector index over every row (the source's index spec). */
    buildVectorIndex: () => Promise<void>;
    onStep?: (e: IndexStepEvent) => void;
    now?: () => number;
  },
): Promise<void> {
  const now = opts.now ?? Date.now;
  const step = async (name: IndexStep, build: () => Promise<unknown>) => {
    const t0 = performance.now();
    await watchIndexBuild({ index: STEP_NAMES[name], source: opts.source }, build, {
      stallMs: opts.stallMs ?? DEFAULT_INDEX_STALL_MS,
    });
    opts.onStep?.({ source: opts.source, step: name, ms: performance.now() - t0 });
  };
  const indices = await chunks.listIndices();
  const has = (col: string) => indices.some((i) => i.columns.includes(col));
  if (!has(FTS_COLUMN)) await step('fts', () => chunks.createIndex(FTS_COLUMN, { config: Index.fts() }));
  if (!has(CJK_COLUMN))
    await step('fts-cjk', () =>
      chunks.createIndex(CJK_COLUMN, {
        config: Index.fts({
          baseTokenizer: 'ngram',
          ngramMinLength: 2,
          ngramMaxLength: 3,
          stem: false,
          removeStopWords: false,
          asciiFolding: false,
          lowercase: true,
        }),
      }),
    );
  // Sources ingested before the identifier column existed lack it until upgraded.
  const hasIdentColumn = (await chunks.schema()).fields.some((f) => f.name === IDENT_COLUMN);
  if (!has(IDENT_COLUMN) && hasIdentColumn)
    await step('fts-ident', () =>
      chunks.createIndex(IDENT_COLUMN, {
        config: Index.fts({
          baseTokenizer: 'whitespace',
          stem: false,
          removeStopWords: false,
          asciiFolding: false,
          lowercase: true,
          maxTokenLength: 64,
        }),
      }),
    );
  if (!has('vector') && (await chunks.countRows()) >= opts.vectorIndexMinRows)
    await step('vector', opts.buildVectorIndex);
  // Unknown (remote tables): optimize, as LanceDB Cloud expects.
  const stale = indices.some((i) => i.numUnindexedRows === undefined || i.numUnindexedRows > 0);
  if (stale || (await manyFragments(chunks)))
    await step('optimize', () =>
      withConflictRetry(() => optimizeKeepingPublished(chunks, new Date(now() - KEEP_VERSIONS_MS))),
    );
  if (await manyFragments(manifest))
    await withConflictRetry(() => optimizeKeepingPublished(manifest, new Date(now() - KEEP_MANIFEST_VERSIONS_MS)));
}
