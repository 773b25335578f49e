import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { rerankBuiltin } from '../../src/retrieval/builtin-rerank.ts';
import { type Hit, Retriever } from '../../src/retrieval/index.ts';
import { plainRows, testHit } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const hit = (id: string, path: string, text: string, score: number) => testHit(id, text, score, { path, title: '' });

const CURL =
  'Exit status 13: the FTP server sent a PASV reply that could not be parsed. This exit code means the reply was weird.';
const NODE = 'Exit code 13 means an unfinished top-level await: the code awaited a promise that never settled.';

test('a question naming a folder prefers the chunks from there', () => {
  const ranked = (q: string, curlScore: number, nodeScore: number) =>
    rerankBuiltin(q, [
      hit('curl', 'curl/usr/share/man/man1/curl.1.txt', CURL, curlScore),
      hit('node', 'nodejs-doc/usr/share/doc/nodejs/api/process.html', NODE, nodeScore),
    ]).map((h) => h.id);
  // Each time the fused order puts the other one first.
  assert.deepEqual(ranked('In Node.js, what does exit code 13 mean?', 1, 0.9), ['node', 'curl']);
  assert.deepEqual(ranked("What does curl's exit code 13 mean?", 0.9, 1), ['curl', 'node']);
  // Without a word naming a folder, the fused order stands.
  assert.deepEqual(ranked('What does exit code 13 mean?', 1, 0.9), ['curl', 'node']);
});

test('a program the question describes scopes the search to its folder, a two-letter name too', () => {
  const ED = 'Line editing: the current line is printed with p; a range of lines with 1,5p.';
  const SED = 'sed prints each line of its input; with -n only the lines a p command prints.';
  const ranked = (described: string[]) =>
    rerankBuiltin(
      'How do I print a range of lines in the line-oriented text editor?',
      [hit('sed', 'corpus/sed/sed.info', SED, 1), hit('ed', 'corpus/ed/ed.info', ED, 0.8)],
      described,
    ).map((h) => h.id);
  assert.deepEqual(ranked([]), ['sed', 'ed']);
  assert.deepEqual(ranked(['ed']), ['ed', 'sed']);
});

test('a folder every candidate is in says nothing about where the answer is', () => {
  const q = 'In Node.js, what does exit code 13 mean?';
  const scores = (paths: [string, string]) =>
    rerankBuiltin(q, [hit('a', paths[0], CURL, 1), hit('b', paths[1], NODE, 0.9)]).map((h) => [h.id, h.score]);
  // "nodejs" names both candidates' folder: the scores are those of the same chunks in no folder.
  assert.deepEqual(scores(['nodejs/a.txt', 'nodejs/sub/b.txt']), scores(['a.txt', 'b.txt']));
  assert.notDeepEqual(scores(['nodejs/a.txt', 'other/b.txt']), scores(['a.txt', 'b.txt']));
});

test('the builtin reranker runs on hybrid searches only: a bm25 search is LanceDB BM25 as it ranks', async (t) => {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const table = await db.store.sourceForWrite('s', embedder);
  // The first passage repeats the question's words; the second holds its number, which the reranker rewards.
  const texts = [
    'Exit codes: what each exit code of the tool means for a script.',
    'Exit code 13: the server reply is weird, which means a retry.',
    'The exit is on the left of the hall.',
    'A code of conduct applies to everyone.',
    'Trains leave on time.',
  ];
  await table.appendChunks(plainRows('s', texts, await embedder.embed(texts)));
  await table.refreshIndexes();
  const retriever = new Retriever(db.store, embedder);
  const query = 'what does exit code 13 mean';
  const bm25 = await retriever.search({ query, sources: ['s'], topK: 5, mode: 'bm25' });
  const ids = (hs: Hit[]) => hs.map((h) => h.id);
  assert.deepEqual(ids(bm25).slice(0, 2), ['c0', 'c1']);
  for (const h of bm25) assert.equal(h.score, h.bm25);
  // The reranker would swap them (the number), and does in a hybrid search.
  assert.deepEqual(ids(rerankBuiltin(query, bm25)).slice(0, 2), ['c1', 'c0']);
  const hybrid = await retriever.search({ query, sources: ['s'], topK: 5, mode: 'hybrid' });
  assert.deepEqual(ids(hybrid).slice(0, 2), ['c1', 'c0']);
});

test('coverage counts the terms that single a candidate out: one every candidate holds tells them apart no more', () => {
  const q = 'Which Git version first let me stash only the changes I have already staged?';
  const notes = (id: string, text: string, score: number) => hit(id, `git/RelNotes/${id}.txt`, text, score);
  const ranked = rerankBuiltin(q, [
    notes('2.30', 'Git 2.30 changes how the first fetch of a new version works, and lets git pull rebase.', 1),
    notes('2.29', 'Git 2.29 is the first version that lets git log follow renames; other changes are small.', 0.95),
    notes('2.35', 'Git 2.35: "git stash push" learned --staged, to stash only what has already been staged.', 0.9),
  ]).map((h) => h.id);
  // "git", "version", "first", "let" and "changes" are in most candidates; "stash", "already" and "staged" in one.
  assert.equal(ranked[0], '2.35');
});

test("a claim's candidates are reordered by their latent topics, a question's are not", () => {
  // Thirty candidates in two topics: user interfaces (with the claim's words) and graph theory. "target" is in the
  // interface topic's vocabulary without any of the claim's words; "human" holds one claim word in a graph text.
  const A = ['interface', 'user', 'menu', 'screen', 'usability', 'layout', 'response', 'keyboard', 'window', 'pointer'];
  const B = ['graph', 'tree', 'minor', 'path', 'planar', 'width', 'vertex', 'edge', 'cycle', 'colouring'];
  const pick = (words: string[], i: number) => [0, 3, 7].map((o) => words[(i + o) % words.length]).join(' ');
  const hits = [
    ...Array.from({ length: 14 }, (_, i) =>
      hit(`a${i}`, 'x', `Human computer interaction: ${pick(A, i)} design.`, 1 - i * 0.01),
    ),
    ...Array.from({ length: 14 }, (_, i) => hit(`b${i}`, 'x', `The ${pick(B, i)} of a graph.`, 0.8 - i * 0.01)),
    hit('human', 'x', `A human proof of the ${pick(B, 3)} theorem.`, 0.62),
    hit('target', 'x', `The ${pick(A, 2)} and ${pick(A, 5)} of each ${pick(A, 8)}.`, 0.6),
  ];
  const place = (q: string) => {
    const ids = rerankBuiltin(q, hits).map((h) => h.id);
    return { target: ids.indexOf('target'), human: ids.indexOf('human') };
  };
  const claim = place('Human computer interaction depends on the design.');
  assert.ok(claim.target < claim.human, JSON.stringify(claim));
  const question = place('Does human computer interaction depend on the design?');
  assert.equal(question.target, hits.length - 1);
  assert.ok(question.human < question.target);
});

test("a claim's identical candidates keep their fused order", () => {
  const text = 'Aspirin taken daily lowers the risk of a first heart attack in adults over fifty, a large trial found.';
  for (const n of [3, 5, 8]) {
    const hits = Array.from({ length: n }, (_, i) => hit(`d${i}`, `p${i}`, text, 1 - i * 0.01));
    const ids = hits.map((h) => h.id);
    assert.deepEqual(
      rerankBuiltin('Aspirin lowers the risk of heart attack in adults.', hits).map((h) => h.id),
      ids,
    );
  }
});
