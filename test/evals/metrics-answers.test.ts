import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { containsAnswer, exactMatch, normalizeAnswer, tokenF1 } from '../../evals/metrics/answers.ts';
import { citationPrecision, citationRecall, contradictionRate, faithfulness } from '../../evals/metrics/factuality.ts';
import { looksLikeRefusal, refusalScores } from '../../evals/metrics/refusal.ts';

const close = (a: number | undefined, b: number) => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

describe('answer metrics', () => {
  test('SQuAD normalisation drops case, punctuation and articles', () => {
    assert.equal(normalizeAnswer('The  Eiffel Tower!'), 'eiffel tower');
    assert.equal(exactMatch('The Eiffel Tower!', 'eiffel tower'), 1);
    assert.equal(exactMatch('Eiffel', ['eiffel tower', 'the tower']), 0);
    assert.equal(exactMatch('the tower', ['eiffel tower', 'The Tower']), 1);
  });

  test('token F1 by hand: "the cat sat on the mat" vs "cat on mat" → P 3/4, R 1, F1 6/7', () => {
    close(tokenF1('the cat sat on the mat', 'cat on mat'), 6 / 7);
    close(tokenF1('cat', ['dog', 'cat dog']), 2 / 3);
    close(tokenF1('', 'cat'), 0);
  });

  test('Chinese is scored by character: 北京大学 vs 北京 → P 1/2, R 1, F1 2/3', () => {
    close(tokenF1('北京大学', '北京'), 2 / 3);
    assert.equal(exactMatch('北京。', '北京'), 1);
  });

  test('containment: the gold tokens appear together in a longer answer', () => {
    assert.equal(containsAnswer('It was completed in 1889 by Eiffel.', '1889'), 1);
    assert.equal(containsAnswer('Gustave worked with Eiffel', 'Gustave Eiffel'), 0);
    assert.equal(containsAnswer('Gustave Eiffel built it', ['Koechlin', 'Gustave Eiffel']), 1);
  });
});

describe('factuality metrics', () => {
  const claims = [
    { verdict: 'supported' as const, citationChecks: [{ supports: true }, { supports: false }] },
    { verdict: 'contradicted' as const, citationChecks: [{ supports: false }] },
    { verdict: 'not_found' as const, citationChecks: [] },
    { verdict: 'supported' as const, citationChecks: [{ supports: true }] },
  ];

  test('faithfulness = supported ÷ claims: 2/4', () => close(faithfulness(claims), 0.5));
  test('citation precision = supporting citations ÷ citations: 2/4', () => close(citationPrecision(claims), 0.5));
  test('citation recall = claims with a supporting citation ÷ claims: 2/4', () => close(citationRecall(claims), 0.5));
  test('contradiction rate: 1/4', () => close(contradictionRate(claims), 0.25));
  test('no claims, no citations: undefined, not zero', () => {
    assert.equal(faithfulness([]), undefined);
    assert.equal(citationPrecision([{ verdict: 'supported', citationChecks: [] }]), undefined);
    close(citationRecall([{ verdict: 'supported', citationChecks: [] }]), 0);
  });
});

describe('refusal metrics', () => {
  test('precision 2/3, recall 2/3, false refusals 1/2 by hand', () => {
    const r = refusalScores([
      { answerable: false, refused: true },
      { answerable: false, refused: false },
      { answerable: true, refused: true },
      { answerable: true, refused: false },
      { answerable: false, refused: true },
    ]);
    close(r.precision, 2 / 3);
    close(r.recall, 2 / 3);
    close(r.falseRefusalRate, 1 / 2);
  });

  test('no refusals leaves precision undefined', () => {
    assert.equal(refusalScores([{ answerable: true, refused: false }]).precision, undefined);
  });

  test('recognises the usual ways of declining', () => {
    assert.ok(looksLikeRefusal("I don't know based on the sources."));
    assert.ok(looksLikeRefusal('The documents do not mention the launch date.'));
    assert.ok(looksLikeRefusal('无法回答这个问题'));
    assert.ok(!looksLikeRefusal('The bridge opened in 1932 [1].'));
  });
});
