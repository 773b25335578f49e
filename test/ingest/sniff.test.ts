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

test('an upload and a folder walk take the same files for text', async (t) => {
  const { dir } = await tempDir(t);
  for (const [name, bytes] of [
    ['control', CONTROL],
    ['late-nul', LATE_NUL],
    ['utf16', UTF16],
    ['plain', Buffer.from('Plain text.\n')],
    ['latin1', Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])], // "Café" in Latin-1
  ] as const) {
    await writeFile(join(dir, name), bytes);
    const walk = (await readableKind(join(dir, name))) !== undefined;
    const upload = (await sniffUpload(bytes, name)).type !== 'binary';
    assert.equal(walk, name === 'plain', name);
    assert.equal(upload, walk, name);
  }
  // Refused uploads say what they are: text in a legacy encoding is not called binary.
  const reason = async (bytes: Uint8Array) => (await sniffUpload(bytes, 'notes')).reason;
  assert.equal(
    await reason(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])),
    'not UTF-8 text; save it as UTF-8 (it may be Latin-1 or Windows-1252)',
  );
  assert.match((await reason(CONTROL)) ?? '', /^binary content: /);
});
