import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { type Hit, Retriever } from '../../src/retrieval/index.ts';
import { coverage, hasSynonym, questionTerms, synonymWords, termSet } from '../../src/text/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

test("a question's words bring the words a manual uses for them, and none it says itself", () => {
  const peak = synonymWords('How can I see the peak memory my program used?');
  assert.ok(peak.includes('maximum'));
  assert.ok(!peak.includes('peak') && !peak.includes('memory'));
  // A phrase of several words stands for one: "switch … off" is "disable".
  assert.ok(synonymWords('How do I switch the colours off?').includes('disable'));
  assert.ok(synonymWords('How do I make sure it stops?').includes('ensure'));
  // A word the question already says is not added again ("disable" is the question's own).
  assert.ok(!synonymWords('How do I disable it, or turn it off?').includes('disable'));
  // A phrase's words apart only when the particle ends the clause: a branch switched on a HEAD enables nothing.
  assert.ok(synonymWords('How do I turn the colours off?').includes('disable'));
  // Every form of the verb: "switches", "shutting".
  assert.ok(synonymWords('Which option switches colour output off?').includes('disable'));
  assert.ok(synonymWords('Is there a way of shutting the pager off?').includes('disable'));
  assert.ok(synonymWords('Which flag switches tracing on?').includes('enable'));
  assert.ok(!synonymWords('Can git switch branches on a detached HEAD?').includes('enable'));
  assert.ok(!synonymWords('The command-line switch makes curl back off.').includes('disable'));
  // A keymap is the key bindings.
  assert.ok(synonymWords("In ELinks' default keymap, which keys open a new tab?").includes('keybinding'));
  // Any form of a word: "deleted" is "delete", whose synonyms are "remove" and "erase"; one said in any form is not added.
  assert.ok(synonymWords('Which files were deleted?').includes('remove'));
  assert.ok(!synonymWords('Which files were deleted or removed?').includes('remove'));
  // Words outside the groups bring nothing: a science claim searches as written.
  assert.deepEqual(synonymWords('Vitamin D deficiency is associated with a higher risk of stroke.'), []);
  // A word written with hyphens brings the word joined, as manuals often write it; not once the question says that.
  assert.deepEqual(synonymWords('How do I keep other front-ends out?'), ['frontends']);
  assert.deepEqual(synonymWords('Is the time-out, the timeout, configurable?'), []);
  assert.deepEqual(synonymWords('Are x86-64 T-cell counts sent by e-mail?'), ['email']);
  assert.deepEqual(synonymWords('Is /etc/foo-bar/baz.txt read from https://host-name.example/my-page or Ctrl-a?'), []);
});

test('a synonym covers half of the term it stands for', () => {
  const q = questionTerms('peak memory');
  assert.equal(coverage(q, termSet('maximum memory')), 0.75);
  assert.equal(coverage(q, termSet('peak memory')), 1);
  assert.equal(coverage(q, termSet('memory')), 0.5);
  assert.ok(hasSynonym(termSet('the maximum resident set size'), 'peak'));
  assert.ok(!hasSynonym(termSet('the resident set size'), 'peak'));
  // In any form on either side: the question's "deactivate" is held by a text's "disabled".
  assert.ok(hasSynonym(termSet('The cache is disabled by default.'), 'deactivate'));
});

test("a hybrid search finds the chunk that says it in the manual's words; a bm25 search is the query alone", async (t) => {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const table = await db.store.sourceForWrite('s', embedder);
  const texts = [
    'M: Maximum resident set size of the process during its lifetime, in kilobytes.',
    'The program prints its report when it ends.',
    'Peak season starts in June.',
    'Trains leave on time.',
    'A code of conduct applies to everyone.',
  ];
  await table.appendChunks(plainRows('s', texts, await embedder.embed(texts)));
  await table.refreshIndexes();
  const retriever = new Retriever(db.store, embedder);
  const query = 'How can I see the peak memory my program used?';
  const find = (hits: Hit[]) => hits.find((h) => h.id === 'c0');
  // The chunk shares no word with the question: full-text search alone does not find it.
  assert.equal(find(await retriever.search({ query, sources: ['s'], topK: 5, mode: 'bm25' })), undefined);
  // The hybrid search's full-text query holds "maximum" beside "peak", so the chunk has a BM25 score of its own.
  const hit = find(await retriever.search({ query, sources: ['s'], topK: 5, mode: 'hybrid' }));
  assert.ok(hit && (hit.bm25 ?? 0) > 0, `c0 should match by a synonym: ${JSON.stringify(hit)}`);
});
