import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { askOnce } from '../../src/service/ask.ts';
import { isZhNonWord, pairsAcrossWords } from '../../src/text/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A small Chinese manual written for this test, one section a file.
const MANUAL = {
  'logrotate.md':
    '# 日志轮转\n\nlogrotate 可以按周期轮转日志文件。在配置文件中写入 weekly 和 rotate 4，系统就会每周轮转一次日志，' +
    '并且只保留最近四份旧日志，更早的旧日志会被自动删除。\n',
  'cron.md': '# 定时任务\n\ncron 按照 crontab 中的时间表运行命令。每一行由五个时间字段和要执行的命令组成。\n',
  'disk.md': '# 磁盘空间\n\n用 df 命令查看各个文件系统的剩余空间，用 du 命令统计目录占用的空间。\n',
};
// The logrotate section in traditional characters (Taiwan's, as OpenCC writes them), a knowledge base of its own.
const MANUAL_TW = {
  'logrotate.md':
    '# 日誌輪轉\n\nlogrotate 可以按週期輪轉日誌文件。在配置文件中寫入 weekly 和 rotate 4，系統就會每週輪轉一次日誌，' +
    '並且只保留最近四份舊日誌，更早的舊日誌會被自動刪除。\n',
  'disk.md': '# 磁碟空間\n\n用 df 命令查看各個檔案系統的剩餘空間，用 du 命令統計目錄佔用的空間。\n',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { manual: MANUAL, manual_tw: MANUAL_TW } });
});
after(() => server.close());

test('two Chinese characters side by side are a word or a pair across words, in either script', () => {
  for (const pair of ['子女', '邮政', '日志', '服务']) assert.equal(isZhNonWord(pair), false, pair);
  for (const pair of ['管着', '志塞', '我每', '去删']) assert.equal(isZhNonWord(pair), true, pair);
  // The dictionary is in simplified characters; a traditional pair is read in them.
  for (const pair of ['郵政', '日誌', '電腦']) assert.equal(isZhNonWord(pair), false, pair);
  for (const pair of ['們說', '誌刪']) assert.equal(isZhNonWord(pair), true, pair);
  // A character the table maps that simplified text also writes: 乾隆 and 哪吒 are words as written.
  for (const pair of ['乾隆', '哪吒']) assert.equal(isZhNonWord(pair), false, pair);
});

test('pairs across words are those beside a word or holding a particle, not the pairs of a name the dictionary lacks', () => {
  const pairs = pairsAcrossWords('我服务器上的日志文件越来越大，能不能让系统每周自动把旧日志删掉？');
  for (const p of ['我服', '件越', '统每', '志删', '让系']) assert.ok(pairs.includes(p), `${p}: ${pairs.join(' ')}`);
  for (const p of ['服务', '日志', '系统', '每周']) assert.ok(!pairs.includes(p), p);
  // 陈荣捷 is a name: its pairs (陈荣, 荣捷, 捷有) count, as what a source about someone else lacks; 家陈 ends 学家.
  assert.deepEqual(pairsAcrossWords('请问历史学家陈荣捷有几个子女？'), ['问历', '家陈']);
  // The same question in traditional characters has the same pairs across its words, in simplified ones as terms
  // read them.
  const tw = pairsAcrossWords('我服務器上的日誌文件越來越大，能不能讓系統每週自動把舊日誌刪掉？');
  assert.deepEqual(tw.sort(), pairs.sort());
});

test("a Chinese question in a user's own words is answered: its pairs across words count for nothing", async () => {
  // Most of its character pairs cross its words (我服, 器上, 件越, 统每, 志删 …) and no passage holds them: counted,
  // they held its coverage under the floor and the question was refused as unsupported.
  const r = await askOnce(server.deps, {
    question: '我服务器上的日志文件越来越大，能不能让系统每周自动把旧日志删掉，只留最近几份？',
    sources: ['manual'],
  });
  assert.equal(r.status, 'answered', r.refusal_detail ?? r.answer);
  assert.match(r.answer, /每周轮转一次日志/);
  const steps = (await server.deps.traces.get(r.run_id)) ?? [];
  const signals = steps.filter((s) => s.type === 'grade').at(-1)?.data.signals as { unused_pairs?: string[] };
  assert.ok(signals.unused_pairs?.includes('志删'), JSON.stringify(signals));
});

test('the same question in traditional characters, over the manual in them, is answered as in simplified ones', async () => {
  const r = await askOnce(server.deps, {
    question: '我服務器上的日誌文件越來越大，能不能讓系統每週自動把舊日誌刪掉，只留最近幾份？',
    sources: ['manual_tw'],
  });
  assert.equal(r.status, 'answered', r.refusal_detail ?? r.answer);
  assert.match(r.answer, /每週輪轉一次日誌/);
});

test('a question in either script finds, and is answered from, the manual in the other', async () => {
  for (const [question, source, said] of [
    ['我服務器上的日誌文件越來越大，能不能讓系統每週自動把舊日誌刪掉，只留最近幾份？', 'manual', /每周轮转一次日志/],
    ['我服务器上的日志文件越来越大，能不能让系统每周自动把旧日志删掉，只留最近几份？', 'manual_tw', /每週輪轉一次日誌/],
  ] as const) {
    const hits = await server.deps.retriever.search({ query: question, sources: [source], topK: 3, mode: 'bm25' });
    assert.ok(hits.length > 0 && said.test(hits[0]!.text), `${source}: ${hits[0]?.text}`);
    const r = await askOnce(server.deps, { question, sources: [source] });
    assert.equal(r.status, 'answered', r.refusal_detail ?? r.answer);
    assert.match(r.answer, said);
  }
});
