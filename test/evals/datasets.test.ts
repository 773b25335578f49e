import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { detectDataset, loadDataset, parseJsonl, parseQrels } from '../../evals/datasets/index.ts';

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const tmp = () => mkdtemp(join(tmpdir(), 'datasets-'));

describe('dataset loaders', () => {
  test('JSONL splits on \\n only: U+0085 and U+2028 inside text survive', () => {
    const rows = parseJsonl<{ text: string }>(`{"text":"a\u0085b"}\n\n{"text":"c\u2028d"}\n`);
    assert.deepEqual(
      rows.map((r) => r.text),
      ['a\u0085b', 'c\u2028d'],
    );
    assert.throws(() => parseJsonl('{"a":1}\nnope', 'f.jsonl'), /f\.jsonl:2: not JSON/);
  });

  test('qrels: header skipped, grades kept per query', () => {
    const q = parseQrels('query-id\tcorpus-id\tscore\n1\td1\t1\n1\td2\t2\n7\td3\t0\n');
    assert.deepEqual(Object.fromEntries(q), { '1': { d1: 1, d2: 2 }, '7': { d3: 0 } });
  });

  test('a BEIR folder: judged queries only, graded gold, corpus with titles', async () => {
    const dir = await tmp();
    await mkdir(join(dir, 'qrels'));
    await writeFile(
      join(dir, 'corpus.jsonl'),
      jsonl([
        { _id: 'd1', title: 'T1', text: 'one\u0085two' },
        { _id: 'd2', text: 'x' },
      ]),
    );
    await writeFile(
      join(dir, 'queries.jsonl'),
      jsonl([
        { _id: 'q1', text: 'first?' },
        { _id: 'q2', text: 'unjudged?' },
      ]),
    );
    await writeFile(join(dir, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\n');
    assert.deepEqual(await detectDataset(dir), { format: 'beir', path: dir });
    const d = await loadDataset(dir);
    assert.equal(d.format, 'beir');
    assert.deepEqual(d.corpus, [
      { id: 'd1', title: 'T1', text: 'one\u0085two' },
      { id: 'd2', title: '', text: 'x' },
    ]);
    assert.deepEqual(d.items, [{ id: 'q1', question: 'first?', goldDocIds: { d1: 2, d2: 1 }, answerable: true }]);
  });

  test('a HotpotQA folder: paragraphs by title, supporting titles as gold', async () => {
    const dir = await tmp();
    const q = {
      _id: 'h1',
      question: 'Who?',
      answer: 'Ann',
      type: 'bridge',
      level: 'easy',
      context: [['A', ['Ann was born.', ' She sang.']]],
      supporting_facts: [
        ['A', 0],
        ['B', 1],
        ['A', 1],
      ],
    };
    await writeFile(join(dir, 'questions.json'), JSON.stringify([q]));
    await writeFile(join(dir, 'corpus.json'), JSON.stringify({ A: ['Ann was born.', ' She sang.'], B: ['B text.'] }));
    const d = await loadDataset(dir);
    assert.equal(d.format, 'hotpotqa');
    assert.deepEqual(d.corpus, [
      { id: 'A', title: 'A', text: 'Ann was born. She sang.' },
      { id: 'B', title: 'B', text: 'B text.' },
    ]);
    assert.deepEqual(d.items[0], {
      id: 'h1',
      question: 'Who?',
      answer: 'Ann',
      supportingDocIds: ['A', 'B'],
      goldDocIds: { A: 1, B: 1 },
      answerable: true,
    });
  });

  test('a MuSiQue file: every paragraph once, a title heading two paragraphs kept apart, unanswerable without gold', async () => {
    const dir = await tmp();
    const para = (title: string, text: string, sup = false) => ({
      idx: 0,
      title,
      paragraph_text: text,
      is_supporting: sup,
    });
    await writeFile(
      join(dir, 'musique_full_v1.0_dev.jsonl'),
      jsonl([
        {
          id: '2hop__1_2',
          question: 'Who founded the label of X?',
          answer: 'Ann',
          answer_aliases: ['Ann B.', 'Ann'],
          answerable: true,
          question_decomposition: [{ id: 1, question: 'label of X', answer: 'L', paragraph_support_idx: 0 }],
          paragraphs: [para('X', 'X signed with L.', true), para('L', 'L was founded by Ann.', true), para('Y', 'Y.')],
        },
        {
          id: '3hop1__3_4_5',
          question: 'Where was the founder of L born?',
          answerable: false,
          paragraphs: [
            para('L', 'L was founded by Ann.', true),
            para('L', 'L moved to Oslo in 1990.'),
            para('Y', 'Y.'),
          ],
        },
      ]),
    );
    // A folder with one .jsonl is that file; a line with paragraphs is MuSiQue, read as the multi-hop kind.
    const path = join(dir, 'musique_full_v1.0_dev.jsonl');
    assert.deepEqual(await detectDataset(dir), { format: 'musique', path });
    const d = await loadDataset(dir);
    assert.equal(d.format, 'hotpotqa');
    assert.equal(d.name, 'musique_full_v1.0_dev');
    assert.deepEqual(d.corpus, [
      { id: 'X', title: 'X', text: 'X signed with L.' },
      { id: 'L', title: 'L', text: 'L was founded by Ann.' },
      { id: 'Y', title: 'Y', text: 'Y.' },
      { id: 'L (2)', title: 'L', text: 'L moved to Oslo in 1990.' },
    ]);
    assert.deepEqual(d.items, [
      {
        id: '2hop__1_2',
        question: 'Who founded the label of X?',
        answerable: true,
        supportingDocIds: ['X', 'L'],
        goldDocIds: { X: 1, L: 1 },
        answer: 'Ann',
        answers: ['Ann', 'Ann B.'],
      },
      { id: '3hop1__3_4_5', question: 'Where was the founder of L born?', answerable: false },
    ]);
    // --limit keeps every paragraph: the questions left out still give distractors.
    assert.equal((await loadDataset(dir, { limit: 1 })).corpus?.length, 4);
    await writeFile(path, jsonl([{ question: 'Q?', paragraphs: [{ title: 'T' }] }]));
    await assert.rejects(loadDataset(path), /:1: a paragraph without paragraph_text/);
  });

  test('a SQuAD-style file: each context a document, its questions judged against it, impossible ones without gold', async () => {
    const dir = await tmp();
    const path = join(dir, 'cmrc2018_dev.json');
    const squad = {
      version: 'v2.0',
      data: [
        {
          title: '叶乔波',
          paragraphs: [
            {
              context: '叶乔波是速度滑冰运动员。',
              qas: [
                { id: 'q1', question: '叶乔波是什么运动员？', answers: [{ text: '速度滑冰运动员', answer_start: 3 }] },
                { id: 'q2', question: '叶乔波有多高？', answers: [], is_impossible: true },
              ],
            },
            {
              context: '她出生于长春。',
              qas: [{ id: 'q3', question: '她出生于哪里？', answers: [{ text: '长春' }, { text: '长春' }] }],
            },
          ],
        },
        { paragraphs: [{ context: 'No title here.', qas: [] }] },
      ],
    };
    await writeFile(path, JSON.stringify(squad));
    assert.deepEqual(await detectDataset(dir), { format: 'squad', path });
    const d = await loadDataset(path);
    assert.equal(d.format, 'cmrc2018');
    assert.deepEqual(d.corpus, [
      { id: '叶乔波 #1', title: '叶乔波', text: '叶乔波是速度滑冰运动员。' },
      { id: '叶乔波 #2', title: '叶乔波', text: '她出生于长春。' },
      { id: 'article 2 #1', title: '', text: 'No title here.' },
    ]);
    assert.deepEqual(d.items, [
      {
        id: 'q1',
        question: '叶乔波是什么运动员？',
        answerable: true,
        goldDocIds: { '叶乔波 #1': 1 },
        answer: '速度滑冰运动员',
        answers: ['速度滑冰运动员'],
      },
      { id: 'q2', question: '叶乔波有多高？', answerable: false },
      {
        id: 'q3',
        question: '她出生于哪里？',
        answerable: true,
        goldDocIds: { '叶乔波 #2': 1 },
        answer: '长春',
        answers: ['长春'],
      },
    ]);
    await writeFile(path, JSON.stringify({ data: [{ paragraphs: [{ context: 'c', qas: [] }] }] }));
    await assert.rejects(loadDataset(path), /no questions/);
    await writeFile(path, JSON.stringify({ version: 1, rows: [] }));
    await assert.rejects(detectDataset(path), /SQuAD-style/);
  });

  test('plain JSONL with a corpus beside it; gold ids as a list or graded', async () => {
    const dir = await tmp();
    const path = join(dir, 'questions.jsonl');
    await writeFile(
      path,
      jsonl([
        { id: 'a', question: 'Q1?', answer: 'x', gold_doc_ids: ['d1'] },
        { question: 'Q2?', gold_doc_ids: { d2: 3 }, answerable: false },
      ]),
    );
    await writeFile(join(dir, 'corpus.jsonl'), jsonl([{ id: 'd1', text: 'one' }]));
    assert.deepEqual(await detectDataset(dir), { format: 'jsonl', path });
    const d = await loadDataset(path);
    assert.equal(d.name, 'questions');
    assert.deepEqual(d.corpus, [{ id: 'd1', title: '', text: 'one' }]);
    assert.deepEqual(d.items, [
      { id: 'a', question: 'Q1?', answer: 'x', goldDocIds: { d1: 1 } },
      { id: '1', question: 'Q2?', goldDocIds: { d2: 3 }, answerable: false },
    ]);
  });

  test('plain JSONL without a corpus has none; a line without a question fails with its number', async () => {
    const dir = await tmp();
    const path = join(dir, 'q.jsonl');
    await writeFile(path, jsonl([{ question: 'Q?' }]));
    assert.equal((await loadDataset(path)).corpus, undefined);
    await writeFile(path, jsonl([{ question: 'Q?' }, { answer: 'no question' }]));
    await assert.rejects(loadDataset(path), /q\.jsonl:2: "question"/);
  });

  test('judge files are recognised and sent to the judge subcommand', async () => {
    const dir = await tmp();
    const path = join(dir, 'pairs.jsonl');
    await writeFile(path, jsonl([{ context: 'c', claim: 'c', label: 'supported' }]));
    assert.deepEqual(await detectDataset(path), { format: 'judge', path });
    await assert.rejects(loadDataset(path), /judge subcommand/);
    await assert.rejects(detectDataset(join(dir, 'missing')), /no such file/);
  });
});
