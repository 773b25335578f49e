import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { sniffUpload } from '../../ingest/jobs/sniff.ts';
import { gunzipHead, readHead } from '../../ingest/loaders/gzip.ts';
import { tempDir } from '../helpers/temp-db.ts';

// 64 MB of spaces after a word: its first 8 KB compressed inflate to megabytes.
const BOMB = gzipSync(Buffer.concat([Buffer.from('word'), Buffer.alloc(64 << 20, 0x20)]));

test("a bomb's head inflates to at most the bytes asked for, in a buffer of its own", async () => {
  const head = BOMB.subarray(0, 8192);
  const out = await gunzipHead(head, 8192);
  assert.equal(out.length, 8192);
  assert.ok(out.buffer.byteLength <= 16384, `result holds ${out.buffer.byteLength} bytes alive`);
  assert.equal(out.subarray(0, 4).toString(), 'word');
});

test('a head that is not gzip is refused with the reason', async () => {
  await assert.rejects(
    gunzipHead(Buffer.from('\x1f\x8bnot deflate at all'), 8192),
    /^LoadError: not a valid gzip file \(/,
  );
});

test("the walk's head of a .gz bomb keeps no more than the head alive", async (t) => {
  const { dir } = await tempDir(t);
  const file = join(dir, 'NEWS.gz');
  await writeFile(file, BOMB);
  const head = await readHead(file, 8192);
  assert.ok(head);
  assert.equal(head.length, 8192);
  assert.ok(head.buffer.byteLength <= 16384, `head holds ${head.buffer.byteLength} bytes alive`);
});

test("an upload's sniff of a .gz bomb's head reads it as text without inflating it all", async () => {
  assert.deepEqual(await sniffUpload(BOMB.subarray(0, 8192), 'NEWS.gz'), { type: 'text', ext: '.txt.gz' });
});
