import type { Table } from '@lancedb/lancedb';

/**
 * The version of a source's tables that readers serve: tagged by the writer once a run has finished and its indexes
 * cover every row. Between those moments a re-ingest rewrites rows that no index covers yet, and a query on the
 * latest version scans them all (seconds per query on 8k rewritten chunks); a reader held on the published version
 * answers from indexes until the next one is published. A tagged version is also kept from cleanup.
 */
export const PUBLISHED_TAG = 'published';

/** The published version of a table, if a writer ever published one. */
export async function publishedVersion(table: Table): Promise<number | undefined> {
  const tags = await (await table.tags()).list();
  return tags[PUBLISHED_TAG]?.version;
}

/** Make the table's latest version the one readers serve. */
export async function publishLatest(table: Table): Promise<number> {
  await table.checkoutLatest();
  const version = await table.version();
  const tags = await table.tags();
  const current = (await tags.list())[PUBLISHED_TAG]?.version;
  if (current === version) return version;
  if (current === undefined) await tags.create(PUBLISHED_TAG, version);
  else await tags.update(PUBLISHED_TAG, version);
  return version;
}

/**
 * Hold a freshly opened table on its published version (read only from then on). Returns that version, or undefined
 * for a table never published, which stays on its latest version.
 */
export async function checkoutPublished(table: Table): Promise<number | undefined> {
  const version = await publishedVersion(table);
  if (version !== undefined) await table.checkout(version);
  return version;
}
