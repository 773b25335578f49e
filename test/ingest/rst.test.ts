import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { chunkDocument } from '../../ingest/chunk.ts';
import { createPdfPool, loadFile } from '../../ingest/loaders/index.ts';
import type { AnyDoc, LoadedDoc } from '../../ingest/types.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { loadContext, writeTree } from './helpers.ts';

const pdf = createPdfPool({ size: 1, timeoutMs: 10_000 });
after(() => pdf.close());

const RST = `:orphan:

.. _\`pip install\`:

===========
pip install
===========

.. contents:: On this page
   :local:

Overview
========

pip install has several stages, see :ref:\`Install <install>\` and :pep:\`440\`.
Note that \`\`pip install\`\` prefers to leave the *installed* version **as-is**
unless \`\`--upgrade\`\` is specified.

.. note::
   :class: small

   Constraints do not trigger installation.

.. This comment is not text.
   Neither is this line.

1. Identify the base requirements. The arguments are
   processed here.
2. Resolve dependencies.

Examples
--------

Install a package like so::

   python -m pip install SomePackage

.. code-block:: python

   import pip

.. toctree::
   :maxdepth: 2

   cli/pip_list

.. |version| replace:: 24.0

Caching
=======

The cache lives in ~/.cache/pip.
`;

test('reStructuredText: titles by adornment style, markup reduced to words, offsets slice the text', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'pip_install.rst': RST });
  const docs: AnyDoc[] = [];
  for await (const d of loadFile(loadContext(join(dir, 'pip_install.rst'), pdf), 0)) docs.push(d);
  assert.equal(docs.length, 1);
  const doc = docs[0] as LoadedDoc & { kind: 'memory' };
  assert.equal(doc.kind, 'memory');
  assert.equal(doc.title, 'pip install');
  const sections = doc.sections!.map((s) => [s.heading_path.join(' > '), doc.text.slice(s.start, s.end)]);
  assert.deepEqual(sections, [
    [
      'pip install > Overview',
      'pip install has several stages, see Install and PEP 440. Note that pip install prefers to leave the installed' +
        ' version as-is unless --upgrade is specified.\n\nConstraints do not trigger installation.\n\n' +
        '1. Identify the base requirements. The arguments are processed here.\n2. Resolve dependencies.',
    ],
    [
      'pip install > Overview > Examples',
      'Install a package like so:\n\npython -m pip install SomePackage\n\nimport pip',
    ],
    ['pip install > Caching', 'The cache lives in ~/.cache/pip.'],
  ]);
  for (const gone of [
    'orphan',
    '.. ',
    ':ref:',
    '``',
    '**',
    'maxdepth',
    'pip_list',
    'comment',
    'On this page',
    '24.0',
    '::',
  ])
    assert.ok(!doc.text.includes(gone), `${gone} should be gone`);
  const chunks = chunkDocument(doc, 'src', { maxTokens: 20, overlapTokens: 4 });
  assert.ok(chunks.length > 3);
  for (const c of chunks) assert.equal(doc.text.slice(c.start, c.end), c.text, `chunk ${c.chunk_index} offsets`);
});

test('reStructuredText saved as .txt (Sphinx sources, lighttpd) is read as reStructuredText; plain text is not', async (t) => {
  const { dir } = await tempDir(t);
  const plain = 'Release notes\n=============\n\nThe .. operator joins two ranges. See the manual.\n';
  await writeTree(dir, { 'pip_install.rst.txt': RST, 'notes.txt': plain });
  const load = async (name: string) => {
    const docs: AnyDoc[] = [];
    for await (const d of loadFile(loadContext(join(dir, name), pdf), 0)) docs.push(d);
    return docs[0] as LoadedDoc;
  };
  const rst = await load('pip_install.rst.txt');
  assert.equal(rst.title, 'pip install');
  assert.ok(!rst.text.includes('.. contents::') && !rst.text.includes(':orphan:'), 'directives are markup');
  assert.ok(rst.sections?.some((s) => s.heading_path.join(' > ') === 'pip install > Overview'));
  const txt = await load('notes.txt');
  assert.equal(txt.text.trim(), plain.trim());
});
