import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { cjkPairs } from '../../src/text/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

test('a CJK query is looked up by its character pairs, once each', () => {
  assert.deepEqual(cjkPairs('日志文件越来越大，grep 日志？'), ['日志', '志文', '文件', '件越', '越来', '来越', '越大']);
  // A lone character makes no pair (the n-gram column holds none of it); kana and hangul pair as Han does, and kanji
  // read in simplified characters as the column holds them, beside kana or alone.
  assert.deepEqual(cjkPairs('用 ls 看'), []);
  assert.deepEqual(cjkPairs('東京タワー'), ['东京', '京タ', 'タワ', 'ワー']);
  assert.deepEqual(cjkPairs('東京タワー', true), ['東京', '京タ', 'タワ', 'ワー']);
  assert.deepEqual(cjkPairs('한국어 문서'), ['한국', '국어', '문서']);
});

test("a question in a user's words ranks the passage that shares its words above one that shares its phrasing", async (t) => {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const texts = [
    // The answer: it shares five of the question's words (电脑, 开机, 启动, 服务, 拖慢), one at a time.
    'systemd-analyze blame 按初始化时间列出每个单元，找出拖慢启动的服务：开机慢的电脑先用它查。',
    // A passage of other things that shares a phrase of the question (到底是哪个): four pairs, and three triples that
    // ranked it first when the query was cut into pairs and triples.
    '到底是哪个插件的问题？可以在任务管理器里看。',
    '用 df 命令查看各个文件系统的剩余空间，用 du 命令统计目录占用的空间。',
    'cron 按照 crontab 中的时间表运行命令。每一行由五个时间字段和要执行的命令组成。',
  ];
  const table = await db.store.sourceForWrite('zh', embedder);
  await table.appendChunks(plainRows('zh', texts, await embedder.embed(texts)));
  await table.refreshIndexes();
  const retriever = new Retriever(db.store, embedder);
  const hits = await retriever.search({
    query: '电脑开机越来越慢，到底是哪个服务拖慢了启动？',
    sources: ['zh'],
    topK: 4,
    mode: 'bm25',
  });
  assert.equal(hits[0]?.id, 'c0', hits.map((h) => `${h.id} ${h.score.toFixed(3)}`).join(', '));
  // The n-gram column tells a name of two characters or more; a lone character it cannot tell, not "absent".
  const present = await table.presence([
    { term: '拖慢', kind: 'name' },
    { term: '龙卷', kind: 'name' },
    { term: '查', kind: 'name' },
  ]);
  assert.deepEqual([present.get('拖慢'), present.get('龙卷'), present.get('查')], [true, false, undefined]);
});
