import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokens } from '../../src/text/tokenize.ts';
import { referenceTokens as reference } from '../helpers/tokens-reference.ts';

test('tokens are the runs of letters and digits of any script, CJK characters one by one', () => {
  const samples = [
    "Don't re-run grep -i on v2.13-rc1 (x86_64); 32kb/s, ½ and x² too.",
    // Letters outside ASCII: accented, Greek, a German sharp s, a dotted capital I whose lower case is two code units.
    'İstanbul résumé naïve Straße ΑΒΓ ǅemal a\u0301b',
    // Compatibility forms NFKC folds: ligatures, circled and Roman numerals, full-width Latin.
    'ﬁle ﬃ ①② ⅻ ＡＢＣ１２',
    // Letters and symbols beyond the BMP: mathematical bold letters are letters, an emoji is not.
    '𝐀𝐁c 😀word 𠀋字',
    // CJK runs mixed with Latin, kana with the middle dot and the prolonged sound mark, Hangul.
    '配置文件max_wal_size 日本語テスト・カタカナー 한국어abc',
    '',
    '--- ... !!!',
  ];
  for (const s of samples) assert.deepEqual(tokens(s), reference(s), s);
  assert.deepEqual(tokens("Don't 𝐀𝐁c 😀word 中文abc"), ['don', 't', 'abc', 'word', '中', '文', 'abc']);
});
