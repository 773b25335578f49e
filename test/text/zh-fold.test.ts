import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coverage, questionTerms, termSet, terms } from '../../src/text/index.ts';
import { mainlandVariant, toSimplifiedChars } from '../../src/text/zh-fold.ts';

test("characters read simplified; Taiwan's words read as the mainland's besides; other text as it is", () => {
  assert.equal(toSimplifiedChars('整台電腦'), '整台电脑');
  assert.equal(mainlandVariant('把軟體的預設檔案存到資料夾'), '把软件的默认文件存到文件夹');
  assert.equal(mainlandVariant('启用代理设定'), undefined, 'no phrase of Taiwan');
  assert.equal(mainlandVariant('設定ファイルを開く'), undefined, 'Japanese');
  for (const text of ['plain English', '已经是简体', '𠀀 and emoji 🙂']) assert.equal(toSimplifiedChars(text), text);
});

test('a question in Taiwan’s words and script covers a passage in the mainland’s', () => {
  const passage = termSet('修改软件的默认配置文件后，需要重新启动服务器上的服务。');
  const tw = coverage(questionTerms('改了軟體的預設設定檔以後，伺服器要重新啟動嗎？'), passage);
  const cn = coverage(questionTerms('改了软件的默认配置文件以后，服务器要重新启动吗？'), passage);
  assert.ok(tw >= 0.5 && tw <= cn, `${tw} against ${cn}`);
});

test('the same words in either script share every pair, whatever Taiwan would call them', () => {
  // 設定 and 啟用 are words the mainland writes too: read in Taiwan's words as well (设置, 激活), not instead.
  const cn = new Set(terms('启用代理设定'));
  for (const t of cn) assert.ok(terms('啟用代理設定').includes(t), t);
  // A kanji word reads the same beside kana and alone (a Japanese heading's bracketed word).
  assert.ok(terms('「設定」を開く').some((t) => terms('設定ファイル').includes(t)));
});
