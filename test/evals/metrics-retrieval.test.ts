import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allSupportingAtK, ndcgAtK, recallAtK, reciprocalRank } from '../../evals/metrics/retrieval.ts';

const close = (a: number | undefined, b: number) => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);
const qrels = { a: 2, b: 1, c: 1, z: 0 };
const ranked = ['x', 'a', 'b', 'y', 'c'];

describe('retrieval metrics', () => {
  test('nDCG@3 with graded judgements, by hand', () => {
    // DCG = 0/log2(2) + 2/log2(3) + 1/log2(4); ideal = 2/log2(2) + 1/log2(3) + 1/log2(4)  → 0.56273
    const dcg = 2 / Math.log2(3) + 1 / 2;
    const idcg = 2 + 1 / Math.log2(3) + 1 / 2;
    close(ndcgAtK(ranked, qrels, 3), dcg / idcg);
    assert.equal(ndcgAtK(ranked, qrels, 3)!.toFixed(5), '0.56273');
  });

  test('nDCG is 1 for the ideal order, 0 with nothing relevant retrieved, undefined without judgements', () => {
    close(ndcgAtK(['a', 'b', 'c'], qrels, 10), 1);
    close(ndcgAtK(['x', 'y'], qrels, 10), 0);
    assert.equal(ndcgAtK(['a'], { a: 0 }, 10), undefined);
  });

  test('a document retrieved twice counts once, at its first rank', () => {
    // [a, a, b]: deduped to [a, b]; DCG@2 = 2 + 1/log2(3), the ideal's first two
    close(ndcgAtK(['a', 'a', 'b'], { a: 2, b: 1 }, 2), 1);
    close(recallAtK(['a', 'a', 'b'], ['a', 'b'], 2), 1);
  });

  test('Recall@k over the relevant documents (grade > 0)', () => {
    close(recallAtK(ranked, qrels, 2), 1 / 3);
    close(recallAtK(ranked, qrels, 3), 2 / 3);
    close(recallAtK(ranked, ['a', 'c'], 5), 1);
    assert.equal(recallAtK(ranked, [], 5), undefined);
  });

  test('reciprocal rank of the first relevant document, within k', () => {
    close(reciprocalRank(ranked, qrels), 1 / 2);
    close(reciprocalRank(ranked, qrels, 1), 0);
    close(reciprocalRank(['c', 'a'], ['a']), 1 / 2);
  });

  test('all supporting documents in the top k', () => {
    assert.equal(allSupportingAtK(ranked, ['a', 'b'], 2), 0);
    assert.equal(allSupportingAtK(ranked, ['a', 'b'], 3), 1);
    assert.equal(allSupportingAtK(ranked, ['a', 'q'], 10), 0);
    assert.equal(allSupportingAtK(ranked, [], 10), undefined);
  });
});
