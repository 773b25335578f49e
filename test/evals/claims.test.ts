import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createBuiltinJudge } from '../../evals/judges/builtin/index.ts';
import { checkAnswer } from '../../evals/judges/check-answer.ts';
import { citationPrecision, citationRecall, faithfulness } from '../../evals/metrics/factuality.ts';
import { splitClaims } from '../../src/text/index.ts';

describe('claims', () => {
  test('one claim per sentence, markers stripped but kept per claim', () => {
    const claims = splitClaims('The bridge opened in 1932 [1]. It spans 503 m.[2][3] Traffic fell by 12% [1, 4-5].');
    assert.deepEqual(
      claims.map((c) => [c.text, c.citations]),
      [
        ['The bridge opened in 1932.', [1]],
        ['It spans 503 m.', [2, 3]],
        ['Traffic fell by 12%.', [1, 4, 5]],
      ],
    );
  });

  test('a dot that starts a name keeps the space before it; a marker before a full stop leaves none', () => {
    const claims = splitClaims('It updates the .ninja_log file [1]. Edit ~/.bashrc or the .npmrc [2] .');
    assert.deepEqual(
      claims.map((c) => c.text),
      ['It updates the .ninja_log file.', 'Edit ~/.bashrc or the .npmrc.'],
    );
  });

  test('offsets point into the answer', () => {
    const answer = 'First claim [1]. Second claim.';
    const [a, b] = splitClaims(answer);
    assert.equal(answer.slice(a!.start, a!.end), 'First claim [1].');
    assert.equal(answer.slice(b!.start, b!.end), 'Second claim.');
  });

  test('bullets are claims of their own; a sources list is not a claim', () => {
    const claims = splitClaims(
      'Key facts:\n- Opened in 1932 [2]\n- Spans 503 m [3]\n\nSources:\n[2] Bridge history\n[3] Survey',
    );
    assert.deepEqual(
      claims.map((c) => [c.text, c.citations]),
      [
        ['Key facts:', []],
        ['Opened in 1932', [2]],
        ['Spans 503 m', [3]],
      ],
    );
  });

  test('Chinese sentences split on 。 with their markers', () => {
    const claims = splitClaims('北京是中国的首都[1]。上海很大。');
    assert.deepEqual(
      claims.map((c) => [c.text, c.citations]),
      [
        ['北京是中国的首都。', [1]],
        ['上海很大。', []],
      ],
    );
  });

  test('an empty answer has no claims', () => assert.deepEqual(splitClaims('  '), []));
});

describe('checking an answer against its logged chunks', () => {
  test('judges each claim against all chunks and each citation against its own chunk', async () => {
    const chunks = ['The bridge opened in 1932.', 'The bridge spans 503 metres.'];
    const answer = 'The bridge opened in 1932 [1]. It spans 503 metres [1]. It was painted red [3].';
    const checked = await checkAnswer({ answer, chunks, judge: createBuiltinJudge() });
    assert.deepEqual(
      checked.map((c) => c.verdict),
      ['supported', 'supported', 'not_found'],
    );
    assert.deepEqual(
      checked.map((c) => c.citationChecks.map((x) => x.supports)),
      [[true], [false], [false]],
    );
    assert.equal(checked[2]!.citationChecks[0]!.chunk, undefined);
    assert.equal(faithfulness(checked), 2 / 3);
    assert.equal(citationPrecision(checked), 1 / 3);
    assert.equal(citationRecall(checked), 1 / 3);
  });
});
