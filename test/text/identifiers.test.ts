import assert from 'node:assert/strict';
import { test } from 'node:test';
import { identifiers, identifierText } from '../../src/text/index.ts';

test('identifiers are found wherever they stand: after any space, in brackets, at either end, next to CJK', () => {
  const text =
    '--ignore-case starts it; use -L or (max_connections) in pg_hba.conf,\tfs.readFile()\nv18.2 and 7.82.0\u00a0e.g. i.e. ' +
    'self-signed -1 12.3 x86_64\u3000配置文件max_wal_size, then `git rebase --onto` and process.exit';
  assert.deepEqual(identifiers(text), [
    '--ignore-case',
    '-l',
    'max_connections',
    'pg_hba.conf',
    'fs.readfile',
    'v18.2',
    '7.82.0',
    'x86_64',
    '配置文件max_wal_size',
    '--onto',
    'process.exit',
  ]);
  assert.deepEqual(identifiers('plain prose without any of them'), []);
  assert.equal(identifierText('a_b a_b fs.rm'), 'a_b fs.rm');
});
