import { Index, type Table } from '@lancedb/lancedb';
import { withConflictRetry } from './conflict-retry.ts';
import { watchIndexBuild } from './index-watchdog.ts';
import { CJK_COLUMN, FTS_COLUMN, IDENT_COLUMN } from './schema.ts';

/**
 * Small fragments (about one per write) a table may hold before a run compacts them. Compaction rewrites the whole
 * table (~0.3 s and ~40 MB for 8k chunks of 1024 dims), which a few fragments do not repay; LanceDB's own advice is
 * to optimize after some 20 writes.
 */
const COMPACT_AFTER_FRAGMENTS = 16;

/** A build using no CPU for this long is stuck (a slow one keeps a core busy). */
export const DEFAULT_INDEX_STALL_MS = 60_000;

const manyFragments = async (table: Table): Promise<boolean> => {
  try {
    return (await table.stats()).fragmentStats.numSmallFragments > COMPACT_AFTER_FRAGMENTS;
  } catch {
    return true;
  }
};

/**
 * Create missing full-text indexes, fold new rows into existing ones, and add a vector index once large. An index
 * built here covers every row; `optimize` runs when an index built earlier misses rows (it folds them in and
 * compacts) or when writes left many small fragments. Every build runs under a watchdog.
 */
export async function refreshIndexes(
  chunks: Table,
  manifest: Table,
  opts: { source: string; vectorIndexMinRows: number; stallMs?: number },
): Promise<void> {
  const watch = (index: string, build: () => Promise<unknown>) =>
    watchIndexBuild({ index, source: opts.source }, build, { stallMs: opts.stallMs ?? DEFAULT_INDEX_STALL_MS });
  const indices = await chunks.listIndices();
  const has = (col: string) => indices.some((i) => i.columns.includes(col));
  const rows = await chunks.countRows();
  if (!has(FTS_COLUMN))
    await watch(`full-text (${FTS_COLUMN})`, () => chunks.createIndex(FTS_COLUMN, { config: Index.fts() }));
  if (!has(CJK_COLUMN))
    await watch(`n-gram full-text (${CJK_COLUMN})`, () =>
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
    await watch(`identifier full-text (${IDENT_COLUMN})`, () =>
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
  if (!has('vector') && rows >= opts.vectorIndexMinRows)
    await watch('vector (HNSW)', () =>
      chunks.createIndex('vector', { config: Index.hnswSq({ distanceType: 'cosine' }) }),
    );
  // Unknown (remote tables): optimize, as LanceDB Cloud expects.
  const stale = indices.some((i) => i.numUnindexedRows === undefined || i.numUnindexedRows > 0);
  if (stale || (await manyFragments(chunks)))
    await watch('update (optimize: new rows folded into the indexes)', () =>
      withConflictRetry(() => chunks.optimize()),
    );
  if (await manyFragments(manifest)) await withConflictRetry(() => manifest.optimize());
}
