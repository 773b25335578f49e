import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coverage, questionTerms, termSet } from '../../src/text/index.ts';
import { toSimplified, toSimplifiedChars } from '../../src/text/zh-fold.ts';

test("Taiwan's words read as the mainland's, in simplified characters; other text is left as it is", () => {
  assert.equal(
    toSimplified('把軟體的預設檔案存到資料夾，程式碼在伺服器上'),
    '把软件的默认文件存到文件夹，代码在服务器上',
  );
  assert.equal(toSimplifiedChars('整台電腦'), '整台电脑');
  for (const text of ['plain English', '已经是简体', '𠀀 and emoji 🙂']) assert.equal(toSimplified(text), text);
});

test('a question in Taiwan’s words and script covers a passage in the mainland’s', () => {
  const passage = termSet('修改软件的默认配置文件后，需要重新启动服务器上的服务。');
  const tw = coverage(questionTerms('改了軟體的預設設定檔以後，伺服器要重新啟動嗎？'), passage);
  const cn = coverage(questionTerms('改了软件的默认配置文件以后，服务器要重新启动吗？'), passage);
  assert.ok(tw >= 0.5 && tw <= cn, `${tw} against ${cn}`);
});
