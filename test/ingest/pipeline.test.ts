import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { connect } from '@lancedb/lancedb';
import { chunkDocument } from '../../ingest/chunk.ts';
import { runIngest } from '../../ingest/pipeline.ts';
import { AppError } from '../../src/errors.ts';
import { BUILTIN_EMBEDDER_ID, createBuiltinEmbedder } from '../../src/providers/index.ts';
import { ftsText } from '../../src/store/index.ts';
import { tempDb } from '../helpers/temp-db.ts';
import { allChunks, copyFixtures, countingEmbedder, extractedTexts } from './helpers.ts';

describe('ingesting a folder of md, txt, html and pdf in English and Chinese', () => {
  test('chunks carry heading path, page and title, and their offsets slice the extracted text exactly', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const embedder = countingEmbedder();
    const s = await runIngest({ source: 'docs', inputs: [root], baseDir: root }, { store: db.store, embedder });
    assert.deepEqual(s.failed, []);
    assert.equal(s.documents, 5);
    const chunks = await allChunks(await db.store.source('docs'));
    assert.equal(s.chunks_written, chunks.length);
    assert.equal(s.embedded, chunks.length);
    assert.equal(new Set(chunks.map((c) => c.id)).size, chunks.length);

    const meta = (doc: string) => chunks.filter((c) => c.doc_id === doc).map((c) => [c.heading_path, c.page]);
    assert.deepEqual(meta('handbook.md'), [
      [['Field Handbook'], null],
      [['Field Handbook', 'Installing'], null],
      [['Field Handbook', 'Ingesting', 'Folders'], null],
      [['Field Handbook', 'Ingesting', 'Re-runs'], null],
    ]);
    // The PDF's lines set larger than its body text head its chunks.
    assert.deepEqual(meta('guide.pdf'), [
      [['Grounded ingestion guide'], 1],
      [['Grounded ingestion guide', 'Incremental runs'], 2],
    ]);
    assert.deepEqual(meta('page.html'), [
      [['Console'], null],
      [['Console', 'Run view'], null],
    ]);
    assert.deepEqual(meta('中文指南.md'), [
      [['使用指南', '检索'], null],
      [['使用指南', '护栏'], null],
    ]);
    assert.deepEqual(meta('notes.txt'), [[[], null]]);
    const titles = Object.fromEntries(chunks.map((c) => [c.doc_id, c.title]));
    assert.deepEqual(titles, {
      'guide.pdf': 'Grounded ingestion guide',
      'handbook.md': 'Field Handbook',
      'notes.txt': 'notes',
      'page.html': 'Console & Traces',
      '中文指南.md': '使用指南',
    });

    for (const doc of Object.keys(titles)) {
      const text = (await extractedTexts(join(root, doc))).get(join(root, doc))!;
      for (const c of chunks.filter((x) => x.doc_id === doc)) assert.equal(text.slice(c.start, c.end), c.text);
    }
    const pdfPage2 = chunks.find((c) => c.doc_id === 'guide.pdf' && c.page === 2)!;
    assert.match(pdfPage2.text, /每个片段都保留页码/);
    const html = chunks.filter((c) => c.doc_id === 'page.html').map((c) => c.text);
    assert.ok(!html.some((x) => /Navigation|Footer|Site header|script/.test(x)));
  });

  test('a full-text query for a two-character Chinese term finds its chunk', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    await runIngest(
      { source: 'docs', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const table = await db.store.source('docs');
    const [hit] = await table.fullText('护栏', { limit: 3 });
    assert.equal(hit?.doc_id, '中文指南.md');
    assert.deepEqual(hit?.heading_path, ['使用指南', '护栏']);
    const [page] = await table.fullText('页码', { limit: 3 });
    assert.equal(page?.doc_id, 'guide.pdf');
    assert.equal(page?.page, 2);
  });
});

describe('re-runs', () => {
  test('with no change nothing is embedded and nothing is written', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [root], baseDir: root };
    await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    const before = await versions(db.uri, 'docs');
    const chunksBefore = await allChunks(await db.store.source('docs'));
    const embedder = countingEmbedder();
    const s = await runIngest(job, { store: db.store, embedder });
    assert.deepEqual(
      {
        docs: s.documents,
        skipped: s.skipped_unchanged,
        written: s.chunks_written,
        deleted: s.chunks_deleted,
        embedded: s.embedded,
      },
      { docs: 5, skipped: 5, written: 0, deleted: 0, embedded: 0 },
    );
    assert.equal(embedder.calls.length, 0);
    assert.deepEqual(await versions(db.uri, 'docs'), before);
    assert.deepEqual(await allChunks(await db.store.source('docs')), chunksBefore);
  });

  test('changing one file and deleting another replaces and removes exactly their chunks', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [root], baseDir: root };
    await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    const before = await allChunks(await db.store.source('docs'));
    const handbook = join(root, 'handbook.md');
    const original = await readFile(handbook, 'utf8');
    await writeFile(handbook, original.replace('The server listens on port 8787', 'The server listens on port 9999'));
    await rm(join(root, 'notes.txt'));

    const embedder = countingEmbedder();
    const s = await runIngest(job, { store: db.store, embedder });
    const after = await allChunks(await db.store.source('docs'));
    const untouched = (c: { doc_id: string }) => c.doc_id !== 'handbook.md' && c.doc_id !== 'notes.txt';
    assert.deepEqual(after.filter(untouched), before.filter(untouched));
    assert.equal(after.filter((c) => c.doc_id === 'notes.txt').length, 0);

    const oldHandbook = before.filter((c) => c.doc_id === 'handbook.md');
    const newHandbook = after.filter((c) => c.doc_id === 'handbook.md');
    assert.ok(newHandbook.some((c) => c.text.includes('port 9999')));
    assert.ok(!newHandbook.some((c) => c.text.includes('port 8787')));
    const oldIds = new Set(oldHandbook.map((c) => c.id));
    const fresh = newHandbook.filter((c) => !oldIds.has(c.id));
    assert.equal(fresh.length, 1);
    // Only the changed chunk is embedded (with its title and headings); the others reuse their stored vectors.
    assert.deepEqual(embedder.calls.flat(), [ftsText(fresh[0]!)]);
    const removedNotes = before.filter((c) => c.doc_id === 'notes.txt').length;
    assert.deepEqual(
      {
        docs: s.documents,
        skipped: s.skipped_unchanged,
        written: s.chunks_written,
        deleted: s.chunks_deleted,
        embedded: s.embedded,
      },
      { docs: 4, skipped: 3, written: newHandbook.length, deleted: removedNotes + 1, embedded: 1 },
    );
  });

  test('a chunk whose text is kept but whose title changed is embedded again with the new title', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [root], baseDir: root };
    await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    const page = join(root, 'page.html');
    const original = await readFile(page, 'utf8');
    const retitled = original.replace(/<title>[^<]*<\/title>/, '<title>A retitled page</title>');
    assert.notEqual(retitled, original);
    await writeFile(page, retitled);

    const embedder = countingEmbedder();
    const s = await runIngest(job, { store: db.store, embedder });
    const chunks = (await allChunks(await db.store.source('docs'))).filter((c) => c.doc_id === 'page.html');
    assert.ok(chunks.length > 0 && chunks.every((c) => c.title === 'A retitled page'));
    // Same texts, so the same chunk ids; their stored vectors were embedded with the old title.
    assert.deepEqual(embedder.calls.flat().sort(), chunks.map(ftsText).sort());
    assert.equal(s.embedded, chunks.length);
  });

  test('a file that fails this run keeps its chunks from the last run', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [root], baseDir: root };
    await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    const notes = (await allChunks(await db.store.source('docs'))).filter((c) => c.doc_id === 'notes.txt');
    // "Привет мир" in a Cyrillic encoding.
    await writeFile(join(root, 'notes.txt'), Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0]));
    const s = await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    assert.deepEqual(s.failed, [
      {
        path: 'notes.txt',
        reason:
          'invalid UTF-8 at byte 0, and not Latin-1 or Windows-1252 text either (it may be GBK, Shift-JIS or a Cyrillic encoding); save it as UTF-8',
      },
    ]);
    assert.equal(s.chunks_deleted, 0);
    const kept = (await allChunks(await db.store.source('docs'))).filter((c) => c.doc_id === 'notes.txt');
    assert.deepEqual(kept, notes);
  });

  test("documents outside this run's inputs are left alone", async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    await runIngest(
      { source: 'docs', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const before = await allChunks(await db.store.source('docs'));
    const s = await runIngest(
      { source: 'docs', inputs: [join(root, 'notes.txt')], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.deepEqual([s.documents, s.skipped_unchanged, s.chunks_deleted], [1, 1, 0]);
    assert.deepEqual(await allChunks(await db.store.source('docs')), before);
  });

  test('chunks left without a manifest entry by a crash are removed', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [root], baseDir: root };
    const embedder = countingEmbedder();
    await runIngest(job, { store: db.store, embedder });
    const table = await db.store.source('docs');
    const before = await allChunks(table);
    // What a crash between the chunk write and the manifest write leaves: rows of a document the manifest lacks.
    const ghost = chunkDocument(
      { doc_id: 'ghost.md', path: 'ghost.md', title: 'Ghost', text: 'Half-written document.' },
      'docs',
      {
        maxTokens: 256,
        overlapTokens: 32,
      },
    );
    const [vector] = await embedder.embed(['x']);
    await table.upsertChunks(ghost.map((c) => ({ ...c, doc_hash: 'h', vector: vector! })));
    const s = await runIngest(job, { store: db.store, embedder });
    assert.equal(s.repaired.orphan_chunk_rows, 1);
    assert.equal(s.chunks_deleted, 0);
    assert.deepEqual(await allChunks(table), before);
  });

  test('an interrupted run stops between writes, and the next run finishes the job without duplicates', async (t) => {
    const db = await tempDb(t);
    const corpus = join(db.dir, 'corpus.jsonl');
    const docs = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ _id: `d${i}`, text: `Document ${i} says ${i * 7}.` }),
    );
    await writeFile(corpus, `${docs.join('\n')}\n`);
    const job = { source: 'int', inputs: [corpus], batchRows: 100 };
    const stop = new AbortController();
    const onProgress = (p: { chunks_written: number }) => {
      if (p.chunks_written >= 300) stop.abort(new Error('interrupted by the test'));
    };
    await assert.rejects(
      runIngest(job, { store: db.store, embedder: countingEmbedder(), onProgress, signal: stop.signal }),
      /interrupted by the test/,
    );
    const partial = await (await db.store.source('int')).count();
    assert.ok(partial >= 300 && partial < 2000, `${partial} rows after the interrupt`);
    const s = await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    assert.equal(s.documents, 2000);
    assert.ok(s.skipped_unchanged >= 300);
    const chunks = await allChunks(await db.store.source('int'));
    assert.equal(chunks.length, 2000);
    assert.equal(new Set(chunks.map((c) => c.id)).size, 2000);
  });

  test('a document larger than one write batch is written in parts and replaced cleanly', async (t) => {
    const db = await tempDb(t);
    const text = (n: number) =>
      Array.from({ length: 60 }, (_, i) => `Paragraph ${i} is version ${i === 30 ? n : 1} of this text here.`).join(
        '\n\n',
      );
    await writeFile(join(db.dir, 'big.md'), text(1));
    const job = {
      source: 'big',
      inputs: [join(db.dir, 'big.md')],
      baseDir: db.dir,
      chunkTokens: 16,
      chunkOverlap: 0,
      batchRows: 8,
    };
    const first = await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    assert.equal(first.chunks_written, 60);
    await writeFile(join(db.dir, 'big.md'), text(2));
    const embedder = countingEmbedder();
    const second = await runIngest(job, { store: db.store, embedder });
    assert.deepEqual([second.embedded, second.chunks_deleted, second.chunks_written], [1, 1, 60]);
    const chunks = await allChunks(await db.store.source('big'));
    assert.equal(chunks.length, 60);
    assert.equal(new Set(chunks.map((c) => c.id)).size, 60);
    assert.ok(chunks.some((c) => c.text === 'Paragraph 30 is version 2 of this text here.'));
    const third = await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    assert.deepEqual([third.skipped_unchanged, third.chunks_written], [1, 0]);
  });
});

describe('errors and options', () => {
  test('bad files are each reported with a reason while the rest is ingested', async (t) => {
    const db = await tempDb(t);
    const files: Record<string, string | Uint8Array> = {
      'good.md': '# Good\n\nThis document is fine.',
      'empty.txt': '',
      'binary.txt': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]),
      'latin1.txt': Buffer.from('caf\xe9 cr\xe8me', 'latin1'),
      'mixed.txt': Buffer.concat([Buffer.from('caf\u00e9 ', 'utf8'), Buffer.from('cr\xe8me', 'latin1')]),
      'corrupt.pdf': '%PDF-1.7\nthis is not really a pdf\n%%EOF',
      'corpus.jsonl': `${JSON.stringify({ _id: 'j1', text: 'One.' })}\n{"_id": "j2", "text": \n${JSON.stringify({ _id: 'j3', text: 'Three.' })}\n`,
    };
    const { writeTree } = await import('./helpers.ts');
    await writeTree(join(db.dir, 'in'), files);
    const s = await runIngest(
      { source: 'mixed', inputs: [join(db.dir, 'in')], baseDir: join(db.dir, 'in') },
      { store: db.store, embedder: countingEmbedder() },
    );
    const reasons = Object.fromEntries(s.failed.map((f) => [f.path, f.reason]));
    assert.deepEqual(Object.keys(reasons).sort(), ['binary.txt', 'corpus.jsonl', 'corrupt.pdf', 'empty.txt']);
    assert.match(reasons['binary.txt']!, /binary content/);
    assert.match(reasons['corpus.jsonl']!, /^line 2: invalid JSON/);
    assert.match(reasons['corrupt.pdf']!, /unreadable PDF/);
    assert.equal(reasons['empty.txt'], 'empty file');
    assert.equal(s.documents, 5);
    const chunks = await allChunks(await db.store.source('mixed'));
    assert.deepEqual([...new Set(chunks.map((c) => c.doc_id))].sort(), [
      'good.md',
      'j1',
      'j3',
      'latin1.txt',
      'mixed.txt',
    ]);
    // A legacy (Latin-1) text is read as Windows-1252; UTF-8 with a Latin-1 word, each as it is.
    assert.equal(chunks.find((c) => c.doc_id === 'latin1.txt')?.text, 'café crème');
    assert.equal(chunks.find((c) => c.doc_id === 'mixed.txt')?.text, 'café crème');
  });

  test('another embedder on an existing source is a clear error (the builtin one resizes to it), and --reembed starts it again', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const job = { source: 'docs', inputs: [join(root, 'notes.txt')], baseDir: root };
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(64) });
    // An embedder of fixed size (it cannot make 64-dimension vectors) under the same id.
    await assert.rejects(runIngest(job, { store: db.store, embedder: countingEmbedder(32) }), (e: unknown) => {
      assert.ok(AppError.is(e, 'embedder_mismatch'));
      const id = BUILTIN_EMBEDDER_ID;
      assert.match(e.message, new RegExp(`${id} \\(64 dims\\).*${id} \\(32 dims\\)`));
      assert.match(e.message, /--reembed/);
      return true;
    });
    // The builtin one at another size goes on writing the source at the size it has.
    await runIngest(job, { store: db.store, embedder: createBuiltinEmbedder(32) });
    assert.equal((await db.store.source('docs')).dimensions, 64);
    const s = await runIngest({ ...job, reembed: true }, { store: db.store, embedder: createBuiltinEmbedder(32) });
    assert.equal(s.embedded, s.chunks_written);
    assert.equal((await db.store.source('docs')).dimensions, 32);
  });

  test('a dry run reports what would change and writes nothing', async (t) => {
    const db = await tempDb(t);
    const root = await copyFixtures(db.dir);
    const embedder = countingEmbedder();
    const s = await runIngest(
      { source: 'docs', inputs: [root], baseDir: root, dryRun: true },
      { store: db.store, embedder },
    );
    assert.equal(s.dry_run, true);
    assert.equal(s.documents, 5);
    assert.equal(s.chunks_written, 11);
    assert.equal(embedder.calls.length, 0);
    assert.equal(await db.store.sourceMeta('docs'), undefined);
  });

  test('a path that does not exist is an error naming it', async (t) => {
    const db = await tempDb(t);
    await assert.rejects(
      runIngest({ source: 'docs', inputs: [join(db.dir, 'nope')] }, { store: db.store, embedder: countingEmbedder() }),
      (e: unknown) => AppError.is(e, 'bad_request') && e.message.includes('nope'),
    );
  });

  test('the same document id in two files is reported once and ingested once', async (t) => {
    const db = await tempDb(t);
    const { writeTree } = await import('./helpers.ts');
    await writeTree(db.dir, {
      'in/a.jsonl': `${JSON.stringify({ _id: 'same', text: 'From a.' })}\n`,
      'in/b.jsonl': `${JSON.stringify({ _id: 'same', text: 'From b.' })}\n`,
    });
    const s = await runIngest(
      { source: 'dup', inputs: [join(db.dir, 'in')], baseDir: db.dir, concurrency: 1 },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.equal(s.failed.length, 1);
    assert.match(s.failed[0]!.reason, /duplicate document id "same" \(first read from in\/a\.jsonl\)/);
    assert.deepEqual(
      (await allChunks(await db.store.source('dup'))).map((c) => c.text),
      ['From a.'],
    );
  });
});

/** Table versions of a source's chunks and manifest, read through a separate connection. */
async function versions(uri: string, source: string): Promise<number[]> {
  const db = await connect(uri, { readConsistencyInterval: 0 });
  try {
    return [await (await db.openTable(source)).version(), await (await db.openTable(`_manifest_${source}`)).version()];
  } finally {
    db.close();
  }
}
