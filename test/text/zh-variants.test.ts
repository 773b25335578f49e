import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerTypeOf, withoutQuestionForm } from '../../src/text/index.ts';
import { zhChars, zhRegExp, zhSpellings } from '../../src/text/zh-variants.ts';

test('a pattern written in simplified characters matches them in traditional ones, inside classes too', () => {
  const re = zhRegExp(/为什么|[这那]个/u);
  for (const s of ['为什么', '為什麼', '為甚麼', '这个', '這個', '那個']) assert.ok(re.test(s), s);
  assert.ok(!re.test('甚至'), 'the 什 of 甚麼 matches only as part of the word');
  assert.equal(zhRegExp(/\d+\s*年/u).source, String.raw`\d+\s*年`, 'escapes and unmapped characters stay');
  assert.deepEqual(zhSpellings(['什么']), ['什么', '什麼', '甚么', '甚麼']);
  assert.equal(zhChars('这个'), '这這个個');
});

test('a traditional question loses its question words and keeps its answer type', () => {
  assert.equal(withoutQuestionForm('鑼鼓經是什麼？').trim(), '鑼鼓經  ？');
  assert.equal(withoutQuestionForm('為甚麼天空是藍色的？').trim(), '天空是藍色 ？');
  assert.equal(answerTypeOf('誰設計了該教堂？'), 'name');
  assert.equal(answerTypeOf('他在哪裡出生？'), 'place');
  assert.equal(answerTypeOf('廣茂鐵路全長多少公里？'), 'number');
  assert.equal(answerTypeOf('這座教堂是甚麼時候建成的？'), 'date');
});
