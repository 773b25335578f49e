import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runIngest } from '../../ingest/pipeline.ts';
import { AppError } from '../../src/errors.ts';
import { charGramCount, charGrams } from '../../src/providers/char-grams.ts';
import { gramRarity } from '../../src/providers/gram-rarity.ts';
import { BUILTIN_EMBEDDER_ID, createBuiltinEmbedder, embedOne } from '../../src/providers/index.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { tempDb } from '../helpers/temp-db.ts';
import { writeTree } from '../ingest/helpers.ts';

const gramsOf = (word: string) => {
  const out = new Uint32Array(charGramCount(word.length));
  return [...out.subarray(0, charGrams(word, out))];
};
const meanRarity = (word: string) => {
  const g = gramsOf(word);
  return g.reduce((s, h) => s + gramRarity(h), 0) / g.length;
};
const cosine = (a: string, b: string) => {
  const [x, y] = [embedOne(a, 512), embedOne(b, 512)];
  return x.reduce((s, v, i) => s + v * y[i]!, 0);
};

describe('builtin embedder', () => {
  test('char-gram rarity comes from the English lexicon: morphology low, terms and names high, grams seen in no stem 1', () => {
    // Grams in order of start, then length: "<ing>" → <in <ing <ing> ing ing> ng>; "<tion>" → <ti <tio <tion tio tion …
    const [ing, tion] = [gramsOf('ing')[3]!, gramsOf('tion')[4]!];
    assert.ok(gramRarity(ing) < 0.5, `"ing" rarity ${gramRarity(ing)}`);
    assert.ok(gramRarity(tion) < 0.5, `"tion" rarity ${gramRarity(tion)}`);
    assert.ok(meanRarity('station') < meanRarity('xylazine') - 0.2);
    assert.equal(gramRarity(gramsOf('qzxjv')[3]!), 1); // "qzx"
    for (const w of ['the', 'station', 'xylazine', 'qzxjv'])
      for (const h of gramsOf(w)) assert.ok(gramRarity(h) > 0 && gramRarity(h) <= 1);
  });

  test('vectors are unit length and deterministic; word forms stay close, unrelated texts do not', () => {
    const v = embedOne('Tumour growth in mice', 512);
    assert.ok(Math.abs(v.reduce((s, x) => s + x * x, 0) - 1) < 1e-5);
    assert.deepEqual(embedOne('Tumour growth in mice', 512), v);
    assert.ok(cosine('tumour growth in mice', 'tumours grow in a mouse') > 0.4);
    assert.ok(cosine('tumour growth in mice', 'railway timetable for Sunday') < 0.15);
  });

  test('CJK function characters count only inside bigrams', () => {
    // 的 is a function character: alone it has no feature, so its vector is zero; 数 has one.
    assert.ok(embedOne('的', 64).every((x) => x === 0));
    assert.ok(embedOne('数', 64).some((x) => x !== 0));
    assert.ok(embedOne('数据的', 64).some((x, i) => x !== embedOne('数据', 64)[i]));
  });

  test('a source filled by the previous builtin embedder is a clear error for vector search until --reembed', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'docs');
    await writeTree(root, {
      'a.txt': 'The glacier retreated forty metres in the survey of its basin.',
      'b.txt': 'Railway timetables change on Sundays.',
    });
    const job = { source: 'old', inputs: [root], baseDir: root };
    // The previous version's id on the same function: what a store filled before this version records.
    const previous = { ...createBuiltinEmbedder(64), id: 'builtin-hash-v2' };
    await runIngest(job, { store: db.store, embedder: previous });
    const now = createBuiltinEmbedder(64);
    assert.equal(now.id, BUILTIN_EMBEDDER_ID);
    const retriever = new Retriever(db.store, now);
    await assert.rejects(retriever.search({ query: 'glacier', sources: ['old'], topK: 2 }), (e: unknown) => {
      assert.ok(AppError.is(e, 'embedder_mismatch'));
      assert.match(e.message, new RegExp(`builtin-hash-v2 \\(64 dims\\).*${BUILTIN_EMBEDDER_ID} \\(64 dims\\)`));
      assert.match(e.message, /--reembed/);
      return true;
    });
    // Full-text search needs no vectors and keeps working.
    const bm25 = await retriever.search({ query: 'glacier', sources: ['old'], topK: 2, mode: 'bm25' });
    assert.equal(bm25[0]!.doc_id, 'a.txt');
    await runIngest({ ...job, reembed: true }, { store: db.store, embedder: now });
    const hits = await retriever.search({ query: 'glacier', sources: ['old'], topK: 2 });
    assert.equal(hits[0]!.doc_id, 'a.txt');
  });
});
