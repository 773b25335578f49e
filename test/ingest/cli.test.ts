import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { tempDir } from '../helpers/temp-db.ts';
import { lastJson, runCli } from './cli-helpers.ts';
import { FIXTURES, writeTree } from './helpers.ts';

describe('ingest CLI', () => {
  test('bad arguments get a clear error and exit code 2', async (t) => {
    const { dir } = await tempDir(t);
    const env = { GROUNDED_DB: join(dir, 'db') };
    const unknown = await runCli([FIXTURES, '--source', 's', '--frobnicate'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /error: Unknown option '--frobnicate'/);
    assert.match(unknown.stderr, /usage: npm run ingest/);
    const noSource = await runCli([FIXTURES], env);
    assert.equal(noSource.code, 2);
    assert.match(noSource.stderr, /missing --source/);
    const missing = await runCli([join(dir, 'does-not-exist'), '--source', 's'], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /does-not-exist/);
    const badName = await runCli([FIXTURES, '--source', 'no spaces'], env);
    assert.equal(badName.code, 2);
    assert.match(badName.stderr, /source name "no spaces" is invalid/);
  });

  test('bad files make the exit code 1; with --json the last stdout line is the summary', async (t) => {
    const { dir } = await tempDir(t);
    await writeTree(join(dir, 'in'), {
      'ok.md': '# Fine\n\nA good document.',
      'empty.txt': '',
      'binary.txt': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]),
      // "Привет мир" in a Cyrillic encoding (Western legacy text, and UTF-8 with a stray byte, are read).
      'cyrillic.txt': Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0]),
      'corrupt.pdf': '%PDF-1.4\n%garbage\n',
      'broken.jsonl': `${JSON.stringify({ _id: 'a', text: 'Alpha.' })}\nnot json\n`,
    });
    const r = await runCli([join(dir, 'in'), '--source', 'bad', '--json'], { GROUNDED_DB: join(dir, 'db') });
    assert.equal(r.code, 1);
    const summary = lastJson(r.stdout);
    assert.equal(summary.documents, 2);
    const failed = summary.failed as { path: string; reason: string }[];
    assert.equal(failed.length, 5);
    for (const f of failed) assert.ok(f.reason.length > 0);
    // Every other stdout line (none here) would be JSON too; progress and the failure list go to stderr.
    assert.equal(r.stdout.trim().split('\n').length, 1);
    assert.match(r.stderr, /"event":"progress"/);
    assert.match(r.stderr, /broken\.jsonl: line 2: invalid JSON/);

    const again = await runCli([join(dir, 'in', 'ok.md'), '--source', 'bad'], { GROUNDED_DB: join(dir, 'db') });
    assert.equal(again.code, 0);
    assert.match(again.stdout, /ingested 1 document\(s\) from 1 file\(s\) into "bad".*1 unchanged/);
  });

  test('files of types ingest does not read, found by walking a folder, are counted and named', async (t) => {
    const { dir } = await tempDir(t);
    await writeTree(join(dir, 'in'), {
      'guide.md': '# Guide\n\nThe guide is read.',
      'manual/install.tex': '\\section{Install}\n\nLaTeX is not read.',
      'manual/usage.tex': '\\section{Usage}\n',
      'img/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      // Without an extension: text is read as plain text, a binary file (an executable) is passed over.
      Makefile: 'all:\n\tcc -o tool tool.c\n',
      'bin/tool': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]),
      '.git/config': '[core]\n',
      'node_modules/pkg/index.js': 'x',
    });
    const env = { GROUNDED_DB: join(dir, 'db') };
    const r = await runCli([join(dir, 'in'), '--source', 'mixed', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const s = lastJson(r.stdout);
    assert.deepEqual([s.documents, s.failed], [2, []]);
    assert.deepEqual(s.unsupported, {
      count: 4,
      by_extension: { '.tex': 2, '(none)': 1, '.png': 1 },
      examples: ['in/manual/install.tex', 'in/bin/tool', 'in/img/logo.png', 'in/manual/usage.tex'],
    });
    assert.match(
      r.stderr,
      /skipped 4 files of types ingest does not read: \.tex ×2, \(none\) ×1, \.png ×1 \(in\/manual\/install\.tex, /,
    );

    // A file named explicitly is a failure of its own, not a skipped one; a glob's passed-over matches are named.
    const text = await runCli([join(dir, 'in/bin/tool'), join(dir, 'in/**/*.{md,png}'), '--source', 'mixed'], env);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /ingested 1 document\(s\) from 2 file\(s\)/);
    assert.match(text.stdout, /^skipped 1 file of types ingest does not read: \.png ×1 \(in\/img\/logo\.png\)$/m);
    assert.match(text.stdout, /tool: binary content \(NUL bytes\); not a text file/);
  });

  test('a Markdown file with only a heading is a document with no body, not a failure', async (t) => {
    const { dir } = await tempDir(t);
    await writeTree(join(dir, 'in'), { 'todo.md': '# To be written\n', 'ok.md': '# Fine\n\nA good document.' });
    const r = await runCli([join(dir, 'in'), '--source', 'notes', '--json'], { GROUNDED_DB: join(dir, 'db') });
    assert.equal(r.code, 0, r.stderr);
    const s = lastJson(r.stdout);
    assert.deepEqual([s.documents, s.failed], [2, []]);
    const again = await runCli([join(dir, 'in'), '--source', 'notes', '--json'], { GROUNDED_DB: join(dir, 'db') });
    assert.deepEqual([again.code, lastJson(again.stdout).skipped_unchanged], [0, 2]);
  });
});
