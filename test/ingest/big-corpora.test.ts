import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { Store } from '../../src/store/index.ts';
import { chinesePassages, syntheticDocs, writeJsonl } from '../helpers/corpora.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { lastJson, runCli } from './cli-helpers.ts';

// LanceDB 0.31 deadlocks building full-text indexes on small CPU pools (README "Known issues"). These runs leave
// LANCE_CPU_THREADS unset, as a user's shell would: the CLI must size the pool itself, on this 2-core machine too.
const asUser = (db: string) => ({ GROUNDED_DB: db, GROUNDED_EMBED_DIM: '64', LANCE_CPU_THREADS: undefined });

/** The chunk table's full-text indexes all cover every row. */
async function assertIndexed(db: string, source: string): Promise<void> {
  const ix = await indexes(db, source);
  assert.ok('fts_text' in ix && 'cjk_text' in ix, JSON.stringify(ix));
  assert.ok(
    Object.values(ix).every((unindexed) => unindexed === 0),
    JSON.stringify(ix),
  );
}

/** Every index of the chunk table, and how many rows it misses. */
async function indexes(db: string, source: string) {
  const conn = await connect(db);
  try {
    const table = await conn.openTable(source);
    const list = await table.listIndices();
    return Object.fromEntries(
      await Promise.all(
        list.map(async (i) => [i.columns.join(), (await table.indexStats(i.name))?.numUnindexedRows] as const),
      ),
    );
  } finally {
    conn.close();
  }
}

describe('large corpora on this machine, LANCE_CPU_THREADS unset', { timeout: 300_000 }, () => {
  test('7,990 Chinese passages are ingested and indexed to completion, and found by a Chinese query', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'zh.jsonl');
    const passages = await chinesePassages();
    assert.ok(passages.length >= 7000);
    await writeJsonl(
      file,
      passages.map((text, i) => ({ _id: `p${i}`, text })),
    );
    const r = await runCli([file, '--source', 'zh', '--json'], asUser(join(dir, 'db')));
    assert.equal(r.code, 0, r.stderr.slice(-2000));
    const s = lastJson(r.stdout) as { documents: number; chunks_written: number };
    assert.equal(s.documents, passages.length);
    await assertIndexed(join(dir, 'db'), 'zh');
    const store = await Store.open(join(dir, 'db'));
    t.after(() => store.close());
    const hits = await (await store.source('zh')).fullText('中国', { limit: 5 });
    assert.equal(hits.length, 5);
    assert.ok(hits.every((h) => h.text.includes('中国')));
  });

  test('20,000 English chunks are ingested and indexed to completion', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'en.jsonl');
    await writeJsonl(file, syntheticDocs(20_000));
    const r = await runCli([file, '--source', 'en', '--json'], asUser(join(dir, 'db')));
    assert.equal(r.code, 0, r.stderr.slice(-2000));
    const s = lastJson(r.stdout) as { chunks_written: number };
    assert.ok(s.chunks_written >= 20_000, JSON.stringify(s));
    await assertIndexed(join(dir, 'db'), 'en');
  });

  test('a stuck index build is reported naming the index, the source and the fix; the next run finishes', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'zh.jsonl');
    await writeJsonl(
      file,
      (await chinesePassages()).slice(0, 4000).map((text, i) => ({ _id: `p${i}`, text })),
    );
    // One CPU thread: what LanceDB picks by itself on a 1–3 CPU host.
    const stuck = await runCli([file, '--source', 'zh', '--json'], {
      ...asUser(join(dir, 'db')),
      LANCE_CPU_THREADS: '1',
      GROUNDED_INDEX_STALL_SECONDS: '3',
    });
    assert.equal(stuck.code, 1, stuck.stderr.slice(-2000));
    assert.match(
      stuck.stderr,
      /error: building the .*\(cjk_text\) index of source "zh" made no progress for \d+ s .*LanceDB issue #3568.*Set LANCE_CPU_THREADS=4 or more .*\(now LANCE_CPU_THREADS=1\)/,
    );
    assert.equal((lastJson(stuck.stdout) as { error: { code: string } }).error.code, 'index_stuck');
    const next = await runCli([file, '--source', 'zh', '--json'], asUser(join(dir, 'db')));
    assert.equal(next.code, 0, next.stderr.slice(-2000));
    assert.equal((lastJson(next.stdout) as { chunks_written: number }).chunks_written, 0);
    await assertIndexed(join(dir, 'db'), 'zh');
  });
});
