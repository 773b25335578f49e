import assert from 'node:assert/strict';
import { test } from 'node:test';
import { supports } from '../../src/agent/reasoner/builtin/verify.ts';
import type { Evidence } from '../../src/agent/types.ts';
import { testHit } from '../helpers/chunk-rows.ts';

const entry = (heading: string[], text: string): Evidence => ({
  ...testHit('c1', text, 1, { doc_id: 'gzip.html', path: 'gzip.html', title: 'gzip', heading_path: heading }),
  n: 1,
  found_by: 'question',
});

test('a claim quoting the heading its sentence stands under is supported by the chunk, numbers included', () => {
  const e = entry(['Options', '--keep'], 'Do not delete input files.');
  // "keep" is only in the heading: the text alone holds two of the claim's three terms.
  assert.ok(supports('--keep: Keep input files.', e).ok);
  const numbered = entry(
    ['3.5.2 Reading Mail'],
    'If hold is set, the messages are held in the system mailbox instead.',
  );
  assert.ok(
    supports('3.5.2 Reading Mail: If hold is set, the messages are held in the system mailbox instead.', numbered).ok,
  );
  // A number neither the text nor its headings state is still not supported.
  assert.ok(
    !supports('3.5.3 Reading Mail: If hold is set, the messages are held in the system mailbox instead.', numbered).ok,
  );
  assert.ok(!supports('Keep input files for 30 days.', e).ok);
  // A heading's number counts whole: "2" is not in "3.5.2".
  assert.ok(!supports('If hold is set, the messages are held for 2 days in the system mailbox instead.', numbered).ok);
});
