import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import type { JobView } from '../../src/service/ingest-jobs.ts';
import { LanceLeases } from '../../src/store/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { GROUNDED_MAX_CONCURRENT_JOBS: '1', GROUNDED_MAX_QUEUED_JOBS: '1' } });
});
after(() => server?.close());

const upload = (source: string, id: string) =>
  fetch(`${server.url}/v1/sources/${source}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documents: [{ id, text: `Document ${id} about kettles.` }] }),
  });
const job = async (id: string) => (await (await fetch(`${server.url}/v1/jobs/${id}`)).json()) as JobView;
async function until(id: string, pred: (j: JobView) => boolean): Promise<JobView> {
  for (let i = 0; i < 200; i++) {
    const j = await job(id);
    if (pred(j)) return j;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} never got there: ${JSON.stringify(await job(id))}`);
}

test('an upload into a source another job is writing (a CLI ingest) waits for its lease; past the queue, 429 with Retry-After', async () => {
  assert.equal((await fetch(`${server.url}/v1/sources/busy`, { method: 'PUT' })).status, 201);
  // Another writer — as `npm run ingest` would be — holds the source's lease, through its own connection.
  const db = await connect(join(server.dir, 'db'), { readConsistencyInterval: 0 });
  const cli = await new LanceLeases(db, { ttlMs: 60_000 }).acquire('busy', {
    job: 'npm run ingest -- docs --source busy',
  });

  const first = ((await (await upload('busy', 'one.md')).json()) as { job_id: string }).job_id;
  const waiting = await until(first, (j) => j.state === 'waiting');
  assert.match(waiting.waiting_for ?? '', /npm run ingest -- docs --source busy/);
  assert.equal(waiting.chunks_written, 0);
  const second = await upload('busy', 'two.md');
  assert.equal(second.status, 202);
  const third = await upload('busy', 'three.md');
  assert.equal(third.status, 429);
  assert.ok(Number(third.headers.get('retry-after')) >= 1);
  assert.match(
    ((await third.json()) as { error: { message: string } }).error.message,
    /ingestion jobs are queued or running/,
  );

  await cli.release();
  db.close();
  const done = await until(first, (j) => j.state === 'done');
  assert.equal(done.documents, 1);
  const secondId = ((await second.json()) as { job_id: string }).job_id;
  assert.equal((await until(secondId, (j) => j.state === 'done')).documents, 1);
  const docs = (await (await fetch(`${server.url}/v1/sources/busy/documents`)).json()) as { total: number };
  assert.equal(docs.total, 2);
});
