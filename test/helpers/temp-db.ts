import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { Store, type StoreOptions } from '../../src/store/index.ts';
import { PUBLISHED_TAG } from '../../src/store/published-version.ts';

process.env.LANCEDB_LOG ??= 'error';

/** Anything with node:test's `after` hook (a TestContext, or the suite via `{ after }`). */
type Cleanup = { after(fn: () => unknown): void };

export type TempDir = { dir: string; cleanup(): Promise<void> };
export type TempDb = TempDir & { uri: string; store: Store };

/** A fresh temporary directory, removed after the test when a context is given (or by `cleanup()`). */
export async function tempDir(t?: Cleanup, prefix = 'grounded-test-'): Promise<TempDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  t?.after(cleanup);
  return { dir, cleanup };
}

/**
 * A real LanceDB store in a fresh temporary directory (`uri` is `<dir>/db`; the directory is free for other test
 * files). Closed and removed after the test when a context is given.
 */
export async function tempDb(t?: Cleanup, opts: StoreOptions = {}): Promise<TempDb> {
  const { dir } = await tempDir(undefined, 'grounded-db-');
  const uri = join(dir, 'db');
  const store = await Store.open(uri, { readConsistencySeconds: 0, ...opts });
  const cleanup = async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  };
  t?.after(cleanup);
  return { dir, uri, store, cleanup };
}

/**
 * Remove a source's published version (`src/store/published-version.ts`), as a store written by a version of
 * grounded from before it has none: for tests that turn a fresh source into an older one by writing its tables.
 */
export async function forgetPublished(uri: string, source: string): Promise<void> {
  const raw = await connect(uri);
  try {
    for (const name of [source, `_manifest_${source}`])
      await (await (await raw.openTable(name)).tags()).delete(PUBLISHED_TAG);
  } finally {
    raw.close();
  }
}
