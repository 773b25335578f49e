import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { askOnce } from '../../src/service/ask.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// Three short passages written for this test, one file each.
const PASSAGES = {
  'qingshi.txt': '青石镇位于云岭山脉南麓，建于1732年，以制茶闻名。镇上的茶叶每年春天运往东港出售。',
  'donggang.txt': '东港是一座海港城市，港口于1895年开放。城市的主要产业是造船和渔业，人口约八十万。',
  'yunling.txt': '云岭山脉最高峰为白鹤峰，海拔3850米。山中生活着金丝猴和大熊猫。',
};

// The same passages in traditional characters, as Taiwan writes them (DRCD's script).
const TRADITIONAL = {
  'qingshi.txt': '青石鎮位於雲嶺山脈南麓，建於1732年，以製茶聞名。鎮上的茶葉每年春天運往東港出售。',
  'donggang.txt': '東港是一座海港城市，港口於1895年開放。城市的主要產業是造船和漁業，人口約八十萬。',
  'yunling.txt': '雲嶺山脈最高峰為白鶴峰，海拔3850米。山中生活著金絲猴和大熊貓。',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { towns: PASSAGES, 'towns-tw': TRADITIONAL } });
});
after(() => server.close());

const ask = (question: string) => askOnce(server.deps, { question, sources: ['towns'] });

test('a Chinese question about a topic the source never mentions is refused, naming it', async () => {
  for (const [question, topic] of [
    ['乌鲁木齐的面积是多少平方公里？', '乌鲁木齐'],
    ['屠呦呦出生在哪个城市？', '屠呦呦'],
  ] as const) {
    const r = await ask(question);
    assert.equal(r.status, 'refused', `${question}: ${r.answer}`);
    assert.equal(r.refusal_reason, 'missing_focus');
    assert.equal(r.refusal_detail, `no passage about ${topic}`);
  }
});

test('a Chinese question about a topic the source holds is answered, its question words no hindrance', async () => {
  for (const [question, answer] of [
    ['青石镇以什么闻名？', /制茶/],
    ['东港的主要产业是什么？', /造船和渔业/],
    ['白鹤峰的海拔是多少米？', /3850米/],
  ] as const) {
    const r = await ask(question);
    assert.equal(r.status, 'answered', `${question}: ${r.answer}`);
    assert.match(r.answer, answer);
  }
});

test('a question in traditional characters reads as one in simplified: its question words are no topic', async () => {
  for (const [question, answer] of [
    ['青石鎮以甚麼聞名？', /製茶/],
    ['東港的主要產業是什麼？', /造船和漁業/],
    ['白鶴峰的海拔是多少米？', /3850米/],
    ['青石鎮建於哪一年？', /1732年/],
  ] as const) {
    const r = await askOnce(server.deps, { question, sources: ['towns-tw'] });
    assert.equal(r.status, 'answered', `${question}: ${r.refusal_detail ?? r.answer}`);
    assert.match(r.answer, answer);
  }
  const r = await askOnce(server.deps, { question: '屠呦呦出生在哪個城市？', sources: ['towns-tw'] });
  assert.equal(r.refusal_detail, 'no passage about 屠呦呦');
});
