import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { PassageBm25, visibleText } from '../../evals/baselines/passage-bm25.ts';
import { detectDataset, loadDataset } from '../../evals/datasets/index.ts';
import { containsAnswer } from '../../evals/metrics/answers.ts';
import { checkCitations, groundedAnswer } from '../../evals/metrics/grounded.ts';

const FIXTURES = resolve('test/fixtures/suite');

describe('suite datasets on tiny fixtures', () => {
  test('CMRC 2018 as retrieval: one document per distinct context, each question judged against its own', async () => {
    const d = await loadDataset(join(FIXTURES, 'cmrc2018'));
    assert.equal(d.format, 'cmrc2018');
    assert.equal(d.items.length, 6);
    assert.deepEqual(
      d.corpus!.map((c) => c.id),
      ['TOY_0', 'TOY_1', 'TOY_2'],
    );
    const q = d.items.find((i) => i.id === 'TOY_1_QUERY_1')!;
    assert.deepEqual(q.goldDocIds, { TOY_1: 1 });
    assert.match(d.corpus!.find((c) => c.id === 'TOY_1')!.text, /造船和渔业/);
    assert.deepEqual(d.items.find((i) => i.id === 'TOY_0_QUERY_0')!.answers, ['1732年', '1732']);
  });

  test('a folder-QA dataset: corpus folder, accepted answers, unanswerable items, gold file as a document id', async () => {
    const dir = join(FIXTURES, 'manuals-dev');
    assert.equal((await detectDataset(dir)).format, 'folder');
    const d = await loadDataset(dir);
    assert.equal(d.corpus, undefined);
    assert.equal(d.corpusDir, join(dir, 'corpus'));
    assert.equal(d.items.length, 8);
    const m1 = d.items.find((i) => i.id === 'm-01')!;
    assert.deepEqual(m1.answers, ['--level N', '--level']);
    assert.deepEqual(m1.goldDocIds, { 'corpus/tool/packit.1.txt': 1 });
    assert.equal(m1.kind, 'verbatim');
    const un = d.items.filter((i) => i.answerable === false);
    assert.deepEqual(
      un.map((i) => i.id),
      ['m-06', 'm-07'],
    );
    assert.ok(un.every((i) => !i.answers && !i.goldDocIds));
  });

  test('a folder-QA answerable question without a gold answer fails with its line', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'folder-qa-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'questions.jsonl'), '{"id":"x","question":"What?","answerable":true}\n');
    await mkdir(join(dir, 'corpus'));
    await assert.rejects(loadDataset(dir), /questions\.jsonl:1: an answerable question needs gold_answer/);
  });

  test('Chinese answer containment segments as CMRC does: CJK by character, Latin and digit runs whole', () => {
    assert.equal(containsAnswer('青石镇建于1732年，以制茶闻名。', '1732年'), 1);
    assert.equal(containsAnswer('他是一名NBA球员', 'NBA'), 1);
    assert.equal(containsAnswer('他是一名NBA球员', 'BA'), 0);
    assert.equal(containsAnswer('海拔３８５０米', '3850米'), 1, 'full-width digits fold');
    assert.equal(containsAnswer('东港于1895年开放', '1896年'), 0);
  });

  test('grounded answers use the manuals normalisation (case, whitespace; none beside punctuation or Chinese) and need an answer', () => {
    assert.equal(groundedAnswer(true, 'Use it.', ['Set it with --Level   N to 0-9'], ['--level n']), 1);
    assert.equal(groundedAnswer(false, '', ['--level N'], ['--level N']), 0);
    assert.equal(groundedAnswer(true, 'Use --level', [], ['--level N']), 0);
    // The space a text dump left where a tag was is no miss, in English or Chinese…
    assert.equal(groundedAnswer(true, 'Use kzonecheck, kzonesign and knsec3hash.', [], ['kzonecheck , kzonesign']), 1);
    assert.equal(groundedAnswer(true, 'Pass -i (--ignorecase).', [], ['-i ( --ignorecase )']), 1);
    // …nor are the marks of a Markdown source, which its rendered text does not show.
    assert.equal(groundedAnswer(true, 'Build it with the -pg option.', [], ['with the `-pg` option']), 1);
    assert.equal(groundedAnswer(true, 'It cannot do that.', [], ['It **cannot** do']), 1);
    // A glob's star is no mark, and an answer of marks alone is still found as written.
    assert.equal(groundedAnswer(true, 'Match .txt files.', [], ['*.txt']), 0);
    assert.equal(groundedAnswer(true, 'Use * to match anything.', [], ['*']), 1);
    const zh = '如果你遠端存取有問題，看下在"/etc/hosts.deny"裡是否存在"ALL: PARANOID"這樣的配置。';
    assert.equal(groundedAnswer(true, zh, [], ['看下在" /etc/hosts.deny "裡是否存在"ALL: PARANOID"']), 1);
    // …but the characters must all be there, in order, and a space between two English words counts.
    assert.equal(groundedAnswer(true, zh, [], ['看下在" /etc/hosts "裡']), 0);
    assert.equal(groundedAnswer(true, 'Use --level N.', [], ['--leveln']), 0);
    const doc = 'alpha beta gamma';
    const c = checkCitations(
      [
        { doc_id: 'd', start: 6, end: 10, text: 'beta' },
        { doc_id: 'd', start: 0, end: 4, text: 'beta' },
        { doc_id: 'missing', start: 0, end: 1, text: 'a' },
      ],
      (id) => (id === 'd' ? doc : undefined),
    );
    assert.deepEqual(c, { exact: 1, total: 3 });
  });

  test('the plain BM25 passage baseline: visible text only, 200-word windows, the answer in a top-5 passage', async () => {
    const html = '<html><head><title>T</title><style>p{}</style></head><body><p>a&amp;b</p><!-- x --></body></html>';
    assert.equal(visibleText(html, 'f.html').replace(/\s+/g, ' ').trim(), 'a&b');
    const bm25 = await PassageBm25.fromFolder(join(FIXTURES, 'manuals-dev', 'corpus'));
    assert.equal(bm25.passages.length, 2, 'each short file is one passage');
    assert.ok(!bm25.passages.some((p) => p.text.includes('color: black')), 'style text is not visible');
    const d = await loadDataset(join(FIXTURES, 'manuals-dev'));
    const m4 = d.items.find((i) => i.id === 'm-04')!;
    assert.equal(bm25.answerAtK(m4, 5), 1);
    assert.equal(bm25.passages[bm25.search(m4.question, 1)[0]!]!.file, 'lib/queue.html');
    assert.equal(bm25.search('zorbfs quibble', 5).length, 0, 'no passage scores for unknown words');
  });

  test('the passage baseline windows and searches Chinese text by its characters', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'passages-'));
    try {
      // 600 characters of one topic, then 600 of another, with no space between them: 11 windows of 200 characters.
      const filler = '软件包管理器会记录每一次安装的版本号和依赖关系。'.repeat(25);
      const answer = '如果要限制下载带宽，请设置 Dl-Limit 参数。';
      await writeFile(join(dir, 'zh.html'), `<p>${filler}${answer}${'系统日志按周轮换并压缩旧文件。'.repeat(40)}</p>`);
      const bm25 = await PassageBm25.fromFolder(dir);
      assert.ok(bm25.passages.length > 5, `windows of characters, not one window of ${bm25.passages.length}`);
      assert.ok(bm25.passages.every((p) => [...p.text].length <= 220));
      const best = bm25.passages[bm25.search('怎样限制下载时占用的带宽？', 1)[0]!]!;
      assert.match(best.text, /限制下载带宽/);
      assert.equal(
        bm25.answerAtK({ id: 'q', question: '怎样限制下载时占用的带宽？', answers: ['请设置 Dl-Limit 参数'] }, 1),
        1,
      );
      // English windows are whitespace-separated words, 200 every 100, as before; a stride past the window ends.
      const words = Array.from({ length: 250 }, (_, i) => `w${i}`);
      await writeFile(join(dir, 'zh.html'), words.join(' \n '));
      const en = await PassageBm25.fromFolder(dir);
      assert.deepEqual(
        en.passages.map((p) => p.text),
        [words.slice(0, 200).join(' '), words.slice(100, 250).join(' ')],
      );
      assert.equal((await PassageBm25.fromFolder(dir, { window: 2, stride: 500 })).passages.length, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the passage baseline reads a PDF and a gzip-compressed file for their text, as ingest extracts it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'passages-'));
    try {
      await copyFile(resolve('test/fixtures/pdf/fetch.1.pdf'), join(dir, 'fetch.1.pdf'));
      await writeFile(
        join(dir, 'NEWS.gz'),
        gzipSync('Version 2 retries a transfer that timed out, up to three times.'),
      );
      const bm25 = await PassageBm25.fromFolder(dir);
      const text = (file: string) =>
        bm25.passages
          .filter((p) => p.file === file)
          .map((p) => p.text)
          .join(' ');
      assert.match(text('fetch.1.pdf'), /Skip the verification/);
      assert.equal(text('NEWS.gz'), 'Version 2 retries a transfer that timed out, up to three times.');
      assert.equal(bm25.passages[bm25.search('which option skips the verification', 1)[0]!]!.file, 'fetch.1.pdf');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
