import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { readFrontMatter } from '../../ingest/loaders/front-matter.ts';
import { runIngest } from '../../ingest/pipeline.ts';
import { forgetPublished, tempDb } from '../helpers/temp-db.ts';
import { allChunks, countingEmbedder, writeTree } from './helpers.ts';

test('front matter: title names the document, other keys are metadata (dates stay strings, nested maps left out)', () => {
  const fm = readFrontMatter(
    '---\ntitle: "Refunds: the rules"\nteam: billing\nyear: 2024\nreviewed: 2024-05-01\ndraft: false\ntags: [refund, kettle]\nowner:\n  name: Ann\n---\n# Body\n',
  );
  assert.equal(fm.title, 'Refunds: the rules');
  assert.deepEqual(fm.metadata, {
    team: 'billing',
    year: 2024,
    reviewed: '2024-05-01',
    draft: false,
    tags: ['refund', 'kettle'],
  });
  assert.equal(fm.body, '# Body\n');
  // Not YAML: the block still ends where it ends and its title line still counts; no metadata.
  const bad = readFrontMatter('---\ntitle: Odd\nkey: [unclosed\n---\ntext');
  assert.deepEqual([bad.title, bad.metadata, bad.body], ['Odd', {}, 'text']);
});

test('document ids never hold an absolute server path: a folder outside the working directory names them', async (t) => {
  const db = await tempDb(t);
  const root = join(db.dir, 'srv', 'docs', 'handbook');
  await writeTree(root, {
    'w.md': '---\nteam: hr\n---\n# Welcome\n\nNew starters get a laptop on day one.',
    'policies/leave.md': '# Leave\n\nTwenty-five days of leave a year.',
  });
  const embedder = countingEmbedder();
  const first = await runIngest({ source: 'hb', inputs: [root] }, { store: db.store, embedder });
  assert.deepEqual(first.failed, []);
  const chunks = await allChunks(await db.store.source('hb'));
  assert.deepEqual([...new Set(chunks.map((c) => c.doc_id))].sort(), ['handbook/policies/leave.md', 'handbook/w.md']);
  for (const c of chunks) {
    assert.ok(!c.path.startsWith('/') && !c.doc_id.includes(db.dir), `${c.doc_id} / ${c.path}`);
  }
  assert.deepEqual(chunks.find((c) => c.doc_id === 'handbook/w.md')!.metadata, { team: 'hr' });

  // Named on its own later, a file keeps the id it was given with its folder: nothing is rewritten or deleted.
  const again = await runIngest({ source: 'hb', inputs: [join(root, 'w.md')] }, { store: db.store, embedder });
  assert.deepEqual([again.skipped_unchanged, again.chunks_written, again.chunks_deleted], [1, 0, 0]);
  // A file first named on its own is known by its name.
  await writeTree(join(db.dir, 'elsewhere'), { 'notes.txt': 'Loose notes.' });
  await runIngest({ source: 'hb', inputs: [join(db.dir, 'elsewhere', 'notes.txt')] }, { store: db.store, embedder });
  const ids = (await allChunks(await db.store.source('hb'))).map((c) => c.doc_id);
  assert.ok(ids.includes('notes.txt'));
});

test('a source written when ids were absolute paths: ingesting again gives portable ids and drops the old ones', async (t) => {
  const db = await tempDb(t);
  const root = join(db.dir, 'srv', 'docs', 'handbook');
  await writeTree(root, { 'w.md': '# Welcome\n\nNew starters get a laptop on day one.' });
  const embedder = countingEmbedder();
  await runIngest({ source: 'hb', inputs: [root] }, { store: db.store, embedder });
  // What an older version wrote: the absolute path as id and path, in the chunks and the manifest.
  const abs = join(root, 'w.md');
  const lance = await connect(db.uri);
  for (const name of ['hb', '_manifest_hb']) {
    const values = { doc_id: abs, path: abs };
    await (await lance.openTable(name)).update({ where: "doc_id = 'handbook/w.md'", values });
  }
  await forgetPublished(db.uri, 'hb');
  const legacy = await allChunks(await db.store.source('hb'));
  assert.deepEqual([...new Set(legacy.map((c) => c.doc_id))], [abs]);

  const s = await runIngest({ source: 'hb', inputs: [root] }, { store: db.store, embedder });
  assert.ok(s.chunks_written > 0 && s.chunks_deleted > 0, JSON.stringify(s));
  const chunks = await allChunks(await db.store.source('hb'));
  assert.deepEqual([...new Set(chunks.map((c) => [c.doc_id, c.path].join(' ')))], ['handbook/w.md handbook/w.md']);
  assert.deepEqual([...(await (await db.store.source('hb')).manifest()).keys()], ['handbook/w.md']);
});

test('changed metadata rewrites the document without embedding it again; none keeps the old hash', async (t) => {
  const db = await tempDb(t);
  const dir = join(db.dir, 'in');
  await writeTree(dir, { 'a.md': '---\nteam: ops\n---\n# A\n\nAlpha text.', 'b.md': '# B\n\nBeta text.' });
  const embedder = countingEmbedder();
  await runIngest({ source: 's', inputs: [dir] }, { store: db.store, embedder });
  await writeTree(dir, { 'a.md': '---\nteam: billing\n---\n# A\n\nAlpha text.' });
  const calls = embedder.calls.length;
  const s = await runIngest({ source: 's', inputs: [dir] }, { store: db.store, embedder });
  assert.deepEqual([s.documents, s.skipped_unchanged, s.embedded], [2, 1, 0]);
  assert.ok(s.chunks_written > 0);
  assert.equal(embedder.calls.length, calls);
  const a = (await allChunks(await db.store.source('s'))).filter((c) => c.doc_id === 'in/a.md');
  assert.ok(a.length > 0 && a.every((c) => c.metadata?.team === 'billing'));
});
