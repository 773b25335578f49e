import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { pickSplit, splitOf } from '../../evals/suite/split.ts';

describe('suite split', () => {
  test('an id lands in the half its SHA-256 names, whatever else is in the dataset or its order', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `q${i}`);
    for (const id of ids) {
      const first = createHash('sha256').update(id, 'utf8').digest()[0]!;
      assert.equal(splitOf(id), first < 128 ? 'dev' : 'test', id);
    }
    const items = ids.map((id) => ({ id }));
    const dev = new Set(pickSplit(items, 'dev').map((i) => i.id));
    const shuffledAndCut = [...items].reverse().slice(50);
    for (const i of pickSplit(shuffledAndCut, 'dev')) assert.ok(dev.has(i.id), i.id);
    for (const i of pickSplit(shuffledAndCut, 'test')) assert.ok(!dev.has(i.id), i.id);
    // Known values (`printf %s ID | sha256sum`: c1 → d0…, c3 → 7c…, 1 → 6b…), so a change of hash or threshold shows.
    assert.deepEqual(['c1', 'c3', '1'].map(splitOf), ['test', 'dev', 'dev']);
  });

  test('the halves partition the items and are balanced on id shapes of every dev set', () => {
    const shapes = [
      (i: number) => String(i), // SciFact, numeric ids
      (i: number) => `PLAIN-${i}`, // NFCorpus
      (i: number) => createHash('md5').update(String(i)).digest('hex').slice(0, 24), // HotpotQA hex ids
      (i: number) => `DEV_${Math.floor(i / 4)}_QUERY_${i % 4}`, // CMRC
      (i: number) => `md-${String(i).padStart(3, '0')}`, // manuals
    ];
    for (const shape of shapes) {
      const items = Array.from({ length: 4000 }, (_, i) => ({ id: shape(i) }));
      const dev = pickSplit(items, 'dev');
      const testHalf = pickSplit(items, 'test');
      assert.equal(dev.length + testHalf.length, items.length);
      assert.equal(pickSplit(items, 'all').length, items.length);
      // A fair coin per id: 4,000 ids stay within 47–53 % (more than 3.5 standard deviations).
      const share = dev.length / items.length;
      assert.ok(share > 0.47 && share < 0.53, `${shape(1)}: dev share ${share}`);
    }
  });
});
