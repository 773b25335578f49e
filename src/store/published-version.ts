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

/**
 * LanceDB dates a version for cleanup by when its commit began, which can be well before the version's own timestamp
 * (20+ ms on small tables, measured; longer for big commits).
 */
const COMMIT_SLACK_MS = 60_000;

/**
 * When `optimize` may clean up versions before `before`: never reaching the published version. LanceDB refuses to
 * clean up a tagged version and fails the whole optimize ("tagged version(s) have been marked for cleanup"), which
 * failed every re-ingest of a source published more than ten minutes before. Versions from a minute before the
 * published one on are kept until a later run has published a newer one.
 */
async function cleanupCutoff(table: Table, before: Date): Promise<Date> {
  const tagged = await publishedVersion(table);
  if (tagged === undefined) return before;
  const published = (await table.listVersions()).find((v) => v.version === tagged);
  return new Date(Math.min(before.getTime(), published ? published.timestamp.getTime() - COMMIT_SLACK_MS : 0));
}

const TAGGED_CLEANUP = /tagged version\(s\) have been marked for cleanup/;

/**
 * `optimize` with cleanup up to `before` but never of the published version; should LanceDB still count it among the
 * old ones (a commit that took longer than the slack), the optimize runs again without cleanup.
 */
export async function optimizeKeepingPublished(table: Table, before: Date): Promise<void> {
  try {
    await table.optimize({ cleanupOlderThan: await cleanupCutoff(table, before) });
  } catch (e) {
    if (!TAGGED_CLEANUP.test(String(e))) throw e;
    await table.optimize({ cleanupOlderThan: new Date(0) });
  }
}
