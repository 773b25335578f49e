import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { sniffUpload } from '../../ingest/jobs/sniff.ts';
import { readableKind } from '../../ingest/loaders/index.ts';
import { tempDir } from '../helpers/temp-db.ts';

// Each is valid UTF-8 without a NUL in its first 4 KB, but not text by the walk's rules.
const CONTROL = Buffer.from('\x01\x02\x03\x04\x05\x06 terminal escapes \x1b\x1b\x1b\x07\x07\x07'.repeat(50));
const LATE_NUL = Buffer.concat([Buffer.alloc(6000, 'a'), Buffer.from([0, 1, 2]), Buffer.alloc(1000, 'b')]);
const UTF16 = Buffer.from('\ufeffHello, world', 'utf16le');
/** "Café" in Latin-1: a legacy encoding, read as text. */
const LATIN1 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a]);
/** UTF-8 "é", then a Latin-1 one: UTF-8 with a stray byte, read as text. */
const MIXED = Buffer.from([0xc3, 0xa9, 0x20, 0xe9, 0x0a]);
/** "中文文档" in GBK: a legacy encoding ingest does not read. */
const GBK = Buffer.concat([
  Buffer.from('Title: '),
  Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xce, 0xc4, 0xb5, 0xb5, 0x0a]),
]);

test('an upload and a folder walk take the same files for text', async (t) => {
  const { dir } = await tempDir(t);
  for (const [name, bytes] of [
    ['control', CONTROL],
    ['late-nul', LATE_NUL],
    ['utf16', UTF16],
    ['plain', Buffer.from('Plain text.\n')],
    ['latin1', LATIN1],
    ['mixed', MIXED],
    ['gbk', GBK],
  ] as const) {
    await writeFile(join(dir, name), bytes);
    const walk = (await readableKind(join(dir, name))) !== undefined;
    const upload = (await sniffUpload(bytes, name)).type !== 'binary';
    assert.equal(walk, name === 'plain' || name === 'latin1' || name === 'mixed', name);
    assert.equal(upload, walk, name);
  }
  // Refused uploads say what they are: text in another encoding is not called binary.
  const reason = async (bytes: Uint8Array) => (await sniffUpload(bytes, 'notes')).reason;
  assert.equal(
    await reason(GBK),
    'invalid UTF-8 at byte 7, and not Latin-1 or Windows-1252 text either (it may be GBK, Shift-JIS or a Cyrillic encoding); save it as UTF-8',
  );
  assert.match((await reason(CONTROL)) ?? '', /^binary content: /);
});

test('an uploaded DocBook file is read as DocBook whatever it is called; other XML as text', async () => {
  const docbook = Buffer.from(
    '<?xml version="1.0"?>\n<!DOCTYPE refentry PUBLIC "-//OASIS//DTD DocBook XML V4.2//EN" "docbookx.dtd">\n<refentry/>\n',
  );
  assert.deepEqual(await sniffUpload(docbook, 'xmlwf.xml'), { type: 'docbook', ext: '.dbk' });
  const five = Buffer.from('<article xmlns="http://docbook.org/ns/docbook" version="5.0"><title>T</title></article>');
  assert.equal((await sniffUpload(five, 'guide')).type, 'docbook');
  assert.equal((await sniffUpload(Buffer.from('<layout><panel/></layout>\n'), 'layout.xml')).type, 'text');
});
