import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinPieces } from '../../src/agent/reasoner/builtin/compose.ts';
import { splitClaims } from '../../src/text/index.ts';

test('a quoted piece that does not end like a sentence (a command line) ends its paragraph, so claims split there', () => {
  const answer = joinPieces([
    { text: 'python -m pip download --platform linux_x86_64 SomePackage', n: 1 },
    { text: '~/.cache/pip pip will also respect XDG_CACHE_HOME.', n: 2 },
    { text: 'The cache is safe to delete.', n: 2 },
  ]);
  assert.equal(
    answer,
    'python -m pip download --platform linux_x86_64 SomePackage [1]\n\n~/.cache/pip pip will also respect XDG_CACHE_HOME. [2] The cache is safe to delete. [2]',
  );
  assert.deepEqual(
    splitClaims(answer).map((c) => [c.text, c.citations]),
    [
      ['python -m pip download --platform linux_x86_64 SomePackage', [1]],
      ['~/.cache/pip pip will also respect XDG_CACHE_HOME.', [2]],
      ['The cache is safe to delete.', [2]],
    ],
  );
});

test('a piece reading as a source line never starts a line, so it is still a claim to check', () => {
  const answer = joinPieces([
    { text: 'apt-get install foo', n: 1 },
    { text: '[1] See the manual.', n: 2 },
  ]);
  assert.equal(answer, 'apt-get install foo [1] [1] See the manual. [2]');
  assert.ok(splitClaims(answer).some((c) => c.citations.includes(2)));
});
