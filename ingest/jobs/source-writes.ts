import { AppError } from '../../src/errors.ts';
import { describeHolder, type Store } from '../../src/store/index.ts';

/**
 * Hold the source's writer lease (waiting at most `waitMs` for a running ingest, then 409 `source_busy` naming it)
 * while `fn` writes: deletes take the same lease as ingest jobs and the CLI.
 */
export async function withSourceWrite<T>(
  store: Store,
  source: string,
  job: string,
  waitMs: number,
  fn: () => Promise<T>,
): Promise<T> {
  const leases = await store.leases();
  const signal = AbortSignal.timeout(waitMs);
  let lease: Awaited<ReturnType<typeof leases.acquire>>;
  try {
    lease = await leases.acquire(source, { job, wait: true, signal });
  } catch (e) {
    if (!signal.aborted) throw e;
    const holder = await leases.holder(source);
    throw new AppError(
      'source_busy',
      `source ${JSON.stringify(source)} is being written${holder ? ` by ${describeHolder(holder)}` : ''}; try again when it is done`,
      { source },
    );
  }
  try {
    return await fn();
  } finally {
    await lease.release();
  }
}

/** Delete one document (404 when the source lacks it) under the source's lease. */
export function deleteDocumentOf(store: Store, source: string, docId: string, waitMs: number) {
  return withSourceWrite(store, source, `delete document ${docId}`, waitMs, async () => {
    const table = await store.latest(source);
    if (!(await table.manifest()).has(docId))
      throw new AppError('not_found', `no document ${JSON.stringify(docId)} in source ${source}`, { field: 'doc_id' });
    const chunks_deleted = await table.deleteDocuments([docId]);
    await store.markIngested(source);
    // Readers move to the version without it (`Store.publish`).
    await store.publish(table);
    return { chunks_deleted };
  });
}
