import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerTypeOf, holdsAnswerType, holdsPath } from '../../src/text/index.ts';

test('a file path answers a where-question; fractions, dates, units, URLs, escapes and prices do not', () => {
  const q = 'Where does pip keep its cache?';
  assert.equal(answerTypeOf(q), 'place');
  for (const path of [
    '~/.cache/pip',
    'It lives in /etc/pip.conf on Linux.',
    '%LocalAppData%\\pip\\Cache',
    '$HOME/.config/pip',
    'C:\\ProgramData\\pip',
    '(see /usr/share/doc)',
  ])
    assert.ok(holdsPath(path, q) && holdsAnswerType(path, 'place', q), path);
  for (const prose of [
    'read and/or write',
    'Use 1/2 of it',
    'see http://x.org/a',
    'on 12/05/2020',
    'km/h and TCP/IP',
    'it costs $10/month',
    'use \\n for a newline',
    'speed of 100 /s',
    'the /usr folder',
  ])
    assert.ok(!holdsPath(prose, q), prose);
  // A path the question already names is no answer to it.
  assert.ok(!holdsPath('Edit ~/.config/pip/pip.conf.', 'Where is ~/.config/pip/pip.conf read from?'));
});
