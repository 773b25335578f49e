import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Store } from '../../src/store/index.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { collect, lastJson, runCli, spawnCli } from './cli-helpers.ts';

describe('stopping an ingest job', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)
    test(`${signal} stops it at a batch boundary; the next run resumes and ends like a clean run`, async (t) => {
      const { dir } = await tempDir(t);
      const file = join(dir, 'corpus.jsonl');
      const docs = Array.from({ length: 1500 }, (_, i) =>
        JSON.stringify({ _id: `d${i}`, title: `Doc ${i}`, text: `Document ${i} holds the number ${i * 7}.` }),
      );
      await writeFile(file, `${docs.join('\n')}\n`);
      const env = { GROUNDED_DB: join(dir, 'db'), GROUNDED_EMBED_DIM: '64' };
      const args = [file, '--source', 's', '--json', '--batch-rows', '100'];
      const child = spawnCli(args, env);
      const done = collect(child);
      let sent = false;
      child.stderr!.on('data', (d: Buffer) => {
        if (!sent && /"chunks_written":[1-9]/.test(d.toString())) {
          sent = true;
          child.kill(signal);
        }
      });
      const stopped = await done;
      assert.equal(stopped.code, code, stopped.stderr);
      assert.match(stopped.stderr, new RegExp(`${signal}: stopping after the current write`));
      assert.match(stopped.stderr, new RegExp(`error: stopped by ${signal}; run the same command again to finish`));
      assert.equal((lastJson(stopped.stdout) as { error: { code: string } }).error.code, 'unavailable');

      // The lease was released on the way out: the next run starts at once, without --wait.
      const resumed = await runCli(args, env);
      assert.equal(resumed.code, 0, resumed.stderr);
      const r = lastJson(resumed.stdout) as { skipped_unchanged: number; chunks_written: number };
      assert.ok(r.skipped_unchanged > 0 && r.chunks_written < 1500, JSON.stringify(r));
      const store = await Store.open(env.GROUNDED_DB, { readConsistencySeconds: 0 });
      try {
        const table = await store.source('s');
        const ids = (await table.scanChunks(['id'])).map((c) => String(c.id));
        assert.deepEqual([ids.length, new Set(ids).size, (await table.manifest()).size], [1500, 1500, 1500]);
      } finally {
        store.close();
      }
    });
});
