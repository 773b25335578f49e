import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type ChunkDraft, chunkDocument } from '../../ingest/chunk.ts';
import { extractMarkdown } from '../../ingest/loaders/markdown.ts';
import type { LoadedDoc } from '../../ingest/types.ts';
import { countTokens, splitSentences } from '../../src/text/index.ts';

const params = { maxTokens: 40, overlapTokens: 10 };
const doc = (text: string, extra: Partial<LoadedDoc> = {}): LoadedDoc => ({
  doc_id: 'd',
  path: 'd.txt',
  title: 'D',
  text,
  ...extra,
});

function assertExactOffsets(d: LoadedDoc, chunks: ChunkDraft[]) {
  for (const c of chunks) assert.equal(d.text.slice(c.start, c.end), c.text, `chunk ${c.chunk_index} offsets`);
}

/** Sentences as spans of the document; a chunk must begin and end on their boundaries (unless a sentence was cut). */
const boundaries = (text: string) => {
  const s = splitSentences(text);
  return { starts: new Set(s.map((x) => x.start)), ends: new Set(s.map((x) => x.end)) };
};

const english = Array.from(
  { length: 30 },
  (_, i) => `Sentence number ${i + 1} talks about retrieval and citations in some detail.${i % 6 === 5 ? '\n\n' : ' '}`,
).join('');

describe('chunkDocument', () => {
  test('chunks stay within the token limit, start and end on sentence boundaries, and slice the text exactly', () => {
    const d = doc(english.trim());
    const chunks = chunkDocument(d, 'src', params);
    assert.ok(chunks.length > 5);
    assertExactOffsets(d, chunks);
    const { starts, ends } = boundaries(d.text);
    for (const c of chunks) {
      assert.ok(countTokens(c.text) <= params.maxTokens, `chunk ${c.chunk_index} has ${countTokens(c.text)} tokens`);
      assert.ok(starts.has(c.start) && ends.has(c.end), `chunk ${c.chunk_index} cuts a sentence`);
    }
    assert.deepEqual(
      chunks.map((c) => c.chunk_index),
      chunks.map((_, i) => i),
    );
  });

  test('consecutive chunks overlap by whole sentences within the overlap budget', () => {
    // Each sentence is 15 tokens: a 16-token budget carries exactly one.
    const p = { maxTokens: 50, overlapTokens: 16 };
    const chunks = chunkDocument(doc(english.trim()), 'src', p);
    let overlapping = 0;
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!;
      const cur = chunks[i]!;
      if (cur.start < prev.end) {
        overlapping++;
        const shared = english.slice(cur.start, prev.end);
        assert.ok(countTokens(shared) <= p.overlapTokens);
        assert.ok(prev.text.endsWith(shared) && cur.text.startsWith(shared));
      }
    }
    assert.ok(overlapping > 0, 'some chunks should overlap');
  });

  test('a paragraph that fits a chunk is not split across two', () => {
    const paras = ['Alpha one. Alpha two. Alpha three.', 'Beta one. Beta two. Beta three. Beta four.', 'Gamma one.'];
    const d = doc(paras.join('\n\n'));
    const chunks = chunkDocument(d, 'src', { maxTokens: 14, overlapTokens: 0 });
    assert.deepEqual(
      chunks.map((c) => c.text),
      [paras[0], paras[1], paras[2]],
    );
  });

  test('chunks never cross a heading and carry its path', () => {
    const r = extractMarkdown('# A\n\nFirst part.\n\n## B\n\nSecond part.\n\n# C\n\nThird part.', 'f');
    const d = doc(r.text, { sections: r.sections });
    const chunks = chunkDocument(d, 'src', { maxTokens: 200, overlapTokens: 20 });
    assert.deepEqual(
      chunks.map((c) => [c.heading_path, c.text]),
      [
        [['A'], 'First part.'],
        [['A', 'B'], 'Second part.'],
        [['C'], 'Third part.'],
      ],
    );
    assertExactOffsets(d, chunks);
  });

  test('a sentence longer than a chunk is cut between words, and CJK text between characters', () => {
    const long = `${Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')}.`;
    const cjk = '检索增强生成需要准确的引用并且每个片段都保留页码和字符位置以便高亮显示原文'.repeat(3);
    for (const text of [long, cjk]) {
      const d = doc(text);
      const chunks = chunkDocument(d, 'src', { maxTokens: 30, overlapTokens: 5 });
      assert.ok(chunks.length > 2);
      assertExactOffsets(d, chunks);
      for (const c of chunks) assert.ok(countTokens(c.text) <= 30);
      // Together the pieces cover the sentence without gaps other than whitespace.
      assert.equal(chunks.map((c) => c.text).join(text.includes(' ') ? ' ' : ''), text);
    }
  });

  test('Chinese sentences split on Chinese punctuation', () => {
    const text = '第一句话讲检索。第二句话讲引用！第三句话讲护栏？第四句话讲评估。';
    const chunks = chunkDocument(doc(text), 'src', { maxTokens: 16, overlapTokens: 0 });
    assert.deepEqual(
      chunks.map((c) => c.text),
      ['第一句话讲检索。第二句话讲引用！', '第三句话讲护栏？第四句话讲评估。'],
    );
  });

  test('ids are stable across runs, differ per source and document, and tell repeated passages apart', () => {
    const text = 'Same passage here.\n\nOther text.\n\nSame passage here.';
    const a = chunkDocument(doc(text), 'src', { maxTokens: 6, overlapTokens: 0 });
    const b = chunkDocument(doc(text), 'src', { maxTokens: 6, overlapTokens: 0 });
    assert.deepEqual(
      a.map((c) => c.id),
      b.map((c) => c.id),
    );
    assert.equal(new Set(a.map((c) => c.id)).size, 3);
    assert.equal(a[0]!.content_hash, a[2]!.content_hash);
    const other = chunkDocument(doc(text, { doc_id: 'e' }), 'src', { maxTokens: 6, overlapTokens: 0 });
    const otherSource = chunkDocument(doc(text), 'src2', { maxTokens: 6, overlapTokens: 0 });
    assert.notEqual(other[0]!.id, a[0]!.id);
    assert.notEqual(otherSource[0]!.id, a[0]!.id);
    assert.match(a[0]!.id, /^[0-9a-f]{32}$/);
  });

  test('headings are not copied into chunk text', () => {
    const r = extractMarkdown('# Title words\n\nBody only.', 'f');
    const [c] = chunkDocument(doc(r.text, { sections: r.sections }), 'src', params);
    assert.equal(c!.text, 'Body only.');
    assert.deepEqual(c!.heading_path, ['Title words']);
  });
});

test('the ASCII fast path counts tokens exactly as countTokens does', async () => {
  const { sentenceTokens } = await import('../../ingest/chunk-units.ts');
  const samples = [
    'Plain words only.',
    "Don't split e.g. U.S.A. or 3.14 or x-ray_tube/path.",
    '   ',
    'Mixed café naïve ﬁ ligature',
    '中文和English混合',
    'ALL CAPS 123 abc456def',
    '',
  ];
  for (const s of samples) assert.equal(sentenceTokens(s), countTokens(s), s);
});
