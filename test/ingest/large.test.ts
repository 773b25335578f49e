import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Store } from '../../src/store/index.ts';
import { startEmbeddingServer } from '../helpers/embedding-server.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { collect, lastJson, runCli, spawnCli } from './cli-helpers.ts';
import { allChunks } from './helpers.ts';

const WORDS =
  'retrieval citation chunk ledger harbor orbit quartz meadow signal vector answer budget trace source'.split(' ');

/** Deterministic prose: sentences of varied words, paragraphs of a few sentences. */
function paragraph(seed: number): string {
  const sentences: string[] = [];
  for (let s = 0; s < 5; s++) {
    const words = Array.from({ length: 12 }, (_, i) => WORDS[(seed * 7 + s * 5 + i * 3) % WORDS.length]);
    sentences.push(`Item ${seed}.${s} ${words.join(' ')}.`);
  }
  return sentences.join(' ');
}

async function writeLargeText(file: string, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  let written = 0;
  for (let i = 0; written < bytes; i++) {
    const p = `${paragraph(i)}\n\n`;
    written += p.length;
    if (!out.write(p)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

describe('large and interrupted runs', () => {
  test('a 50 MB text file is ingested in bounded memory with exact offsets', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'big.txt');
    await writeLargeText(file, 50 * 1024 * 1024);
    // Embeddings come from a local OpenAI-compatible server: the builtin embedder alone would spend about a minute
    // on 50 MB, and memory, not embedding speed, is what this test is about.
    const server = await startEmbeddingServer({ dims: 32 });
    t.after(() => server.close());
    const r = await runCli([file, '--source', 'big', '--json'], {
      GROUNDED_DB: join(dir, 'db'),
      GROUNDED_EMBEDDER: 'openai-compatible',
      GROUNDED_EMBED_BASE_URL: server.url,
      GROUNDED_EMBED_MODEL: 'stub',
      // The vector index (minutes for 50k rows) is not what this test is about either.
      GROUNDED_VECTOR_INDEX_MIN_ROWS: '1000000000',
    });
    assert.equal(r.code, 0, r.stderr);
    const s = lastJson(r.stdout) as { documents: number; chunks_written: number; peak_rss_mb: number };
    assert.equal(s.documents, 1);
    assert.ok(s.chunks_written > 20_000, `${s.chunks_written} chunks`);
    t.diagnostic(`50 MB: ${s.chunks_written} chunks, peak RSS ${s.peak_rss_mb} MB`);
    // Streamed in windows, the run peaks at 555–600 MB on this 2-core box (two runs each of this code and of the code
    // before gzip support): the bound leaves room for that spread and still catches a loader holding more copies.
    assert.ok(s.peak_rss_mb < 650, `peak RSS ${s.peak_rss_mb} MB`);

    const store = await Store.open(join(dir, 'db'));
    t.after(() => store.close());
    const table = await store.source('big');
    assert.equal(await table.count(), s.chunks_written);
    const text = await readFile(file, 'utf8');
    const sample = await table.scanChunks(['start', 'end', 'text', 'chunk_index'], 'chunk_index % 997 = 0');
    assert.ok(sample.length > 20);
    for (const c of sample) assert.equal(text.slice(Number(c.start), Number(c.end)), c.text);
  });

  test('SIGKILL midway, then a re-run: the table equals a clean run (same ids, no duplicates)', async (t) => {
    const { dir } = await tempDir(t);
    const corpus = join(dir, 'corpus.jsonl');
    const lines = Array.from({ length: 12_000 }, (_, i) =>
      JSON.stringify({ _id: `doc-${i}`, title: `Document ${i}`, text: `${paragraph(i)}\n\n${paragraph(i + 1)}` }),
    );
    await writeLargeLines(corpus, lines);
    const args = [corpus, '--source', 'k', '--json', '--batch-rows', '1000'];
    const crashed = { GROUNDED_DB: join(dir, 'crashed'), GROUNDED_EMBED_DIM: '64' };

    const child = spawnCli(args, crashed);
    const done = collect(child);
    let killedAt = -1;
    child.stderr!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        const m = /"chunks_written":(\d+)/.exec(line);
        if (m && Number(m[1]) >= 2000 && killedAt < 0) {
          killedAt = Number(m[1]);
          child.kill('SIGKILL');
        }
      }
    });
    const killed = await done;
    assert.equal(killed.signal, 'SIGKILL', 'the run should still be going when killed');
    assert.ok(killedAt > 0 && killedAt < 12_000);

    const resumed = await runCli(args, crashed);
    assert.equal(resumed.code, 0, resumed.stderr);
    const r = lastJson(resumed.stdout) as { documents: number; skipped_unchanged: number };
    assert.equal(r.documents, 12_000);
    assert.ok(r.skipped_unchanged >= killedAt / 2 - 1000, `skipped ${r.skipped_unchanged} after ${killedAt} chunks`);

    const clean = await runCli(args, { ...crashed, GROUNDED_DB: join(dir, 'clean') });
    assert.equal(clean.code, 0, clean.stderr);

    const read = async (db: string) => {
      const store = await Store.open(join(dir, db));
      try {
        const table = await store.source('k');
        const chunks = await allChunks(table);
        return {
          chunks: chunks.map((c) => [c.id, c.doc_id, c.start, c.end, c.text].join('|')),
          docs: (await table.manifest()).size,
        };
      } finally {
        store.close();
      }
    };
    const [a, b] = [await read('crashed'), await read('clean')];
    assert.equal(new Set(a.chunks).size, a.chunks.length, 'no duplicate chunks');
    assert.equal(a.chunks.length, b.chunks.length);
    assert.deepEqual(a.chunks, b.chunks);
    assert.equal(a.docs, 12_000);
  });
});

async function writeLargeLines(file: string, lines: string[]): Promise<void> {
  const out = createWriteStream(file);
  for (const l of lines) if (!out.write(`${l}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}
