import assert from 'node:assert/strict';
import { test } from 'node:test';
import { focusTerms, identifiers, identifierText, writesAsName } from '../../src/text/index.ts';

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
  // An option with its negation in brackets stands for both; a bracket that is no negation is no option.
  assert.deepEqual(identifiers('`--[no-]verify`, -{no}web-ssl-validate and (--(no)keep) but not --[yes]x or -[no]'), [
    '--verify',
    '--no-verify',
    '-web-ssl-validate',
    '-noweb-ssl-validate',
    '--keep',
    '--nokeep',
  ]);
  assert.equal(identifierText('a_b a_b fs.rm'), 'a_b fs.rm');
});

test('a word written as a name: a capital after its first letter, or a capital inside a sentence', () => {
  assert.ok(writesAsName('Mail is handed to Postfix, which relays it.', 'postfix'));
  assert.ok(writesAsName('set there.  TZ can be set, but cron ignores it', 'tz'));
  assert.ok(writesAsName('It reads PostgreSQL dumps.', 'postgresql'));
  // The plural found as the singular: "URLs" is written "URL".
  assert.ok(writesAsName('Each URL is fetched once.', 'urls'));
  assert.ok(!writesAsName('The expression is in postfix notation.', 'postfix'));
  assert.ok(!writesAsName('Unbound variables are errors. An unbound macro expands to nothing.', 'unbound'));
  assert.ok(!writesAsName('Postfixes are rare', 'postfix'));
});

test('a focus term keeps how the question writes it as a name, not at a sentence start or in title case', () => {
  const written = (q: string) => focusTerms(q).map((f) => [f.term, f.written]);
  assert.deepEqual(written('How do I configure Postfix to relay mail through SMTP?'), [
    ['postfix', 'Postfix'],
    ['smtp', 'SMTP'],
  ]);
  assert.deepEqual(written('Postfix relays mail how?'), [['postfix', undefined]]);
  assert.deepEqual(
    written('Do Cholesterol Statin Drugs Cause Breast Cancer?').filter(([, w]) => w),
    [],
  );
});
