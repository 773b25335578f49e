import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { globToRegExp } from '../../ingest/glob.ts';
import { resolveInputs } from '../../ingest/inputs.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { writeTree } from './helpers.ts';

test('globs: * and ? stay within a segment, ** crosses segments, braces alternate', () => {
  const cases: [string, string, boolean][] = [
    ['docs/*.md', 'docs/a.md', true],
    ['docs/*.md', 'docs/sub/a.md', false],
    ['docs/**/*.md', 'docs/a.md', true],
    ['docs/**/*.md', 'docs/x/y/a.md', true],
    ['docs/*.{md,txt}', 'docs/a.txt', true],
    ['docs/?.md', 'docs/ab.md', false],
    ['docs/[ab].md', 'docs/b.md', true],
    ['docs/a+b.md', 'docs/a+b.md', true],
  ];
  for (const [glob, path, want] of cases) assert.equal(globToRegExp(glob).test(path), want, `${glob} ~ ${path}`);
});

test('inputs expand to sorted supported files; hidden files and node_modules are skipped; misses are named', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, {
    'docs/b.md': 'b',
    'docs/a.txt': 'a',
    'docs/image.png': 'x',
    'docs/.hidden.md': 'h',
    'docs/node_modules/m.md': 'm',
    'docs/sub/c.html': 'c',
    'other/d.md': 'd',
    'other/e.csv': 'e',
  });
  const r = await resolveInputs(['docs', 'other/*.md', 'other/e.csv', 'missing', 'none/*.md'], dir);
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['docs/a.txt', 'docs/b.md', 'docs/sub/c.html', 'other/d.md', 'other/e.csv'],
  );
  assert.deepEqual(r.missing, ['missing', 'none/*.md']);
  // Passed over by the walk (the named other/e.csv is kept, to be reported as unsupported by the pipeline).
  assert.deepEqual(r.unsupported, ['docs/image.png']);
  assert.equal(r.files[0]!.docId, 'docs/a.txt');
  assert.ok(r.covers(join(dir, 'docs/gone.md')));
  assert.ok(r.covers(join(dir, 'other/gone.md')));
  assert.ok(!r.covers(join(dir, 'other/gone.txt')));
  assert.ok(!r.covers(join(dir, 'elsewhere/x.md')));
});
