import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sniffUpload } from '../../ingest/jobs/sniff.ts';
import { extractDocbook } from '../../ingest/loaders/docbook.ts';
import { extractMan } from '../../ingest/loaders/man.ts';
import { extractMarkdown } from '../../ingest/loaders/markdown.ts';

// Small files shaped to make a loader's work explode: before the fixes, the macros ran for minutes, the entities
// grew to tens of millions of characters and the enclosures overflowed the stack. Each now gives a bounded result.
const QUICK = { timeout: 20_000 };

test('an upload is HTML by its first tag after any comments, and text when no tag follows them', async () => {
  const comments = '<!-- generated -->\n<!---->'.repeat(20);
  assert.equal((await sniffUpload(Buffer.from(`${comments}x`), 'a')).type, 'text');
  assert.equal((await sniffUpload(Buffer.from(`${comments}<html><body>Hi</body></html>`), 'a')).type, 'html');
  assert.equal((await sniffUpload(Buffer.from('<!-- never closed <html>'), 'a')).type, 'text');
});

test(
  "a page's macros calling each other are read within a budget; nested mdoc enclosures do not overflow",
  QUICK,
  () => {
    // Each level calls the one below forty times: 40^4 lines if nothing bounds it.
    const bomb = `.TH BOMB 1\n.SH NAME\nbomb\n${['D', 'C', 'B']
      .map((m, k) => `.de ${m}\n${`.${'ABC'[k]}\n`.repeat(40)}..\n`)
      .join('')}.de A\nword\n..\n.D\n`;
    const page = extractMan(bomb, 'x');
    assert.ok(page.text.startsWith('bomb word word'));
    assert.ok(page.text.length < 200_000, String(page.text.length));
    const nested = extractMan(`.Dd 2026\n.Dt X 1\n.Sh NAME\n.Nm x\n.Nd ${'Dq '.repeat(5000)}end\n`, 'x');
    assert.match(nested.text, /end/);
  },
);

test('DocBook entities that expand without end ("billion laughs") are left as written past a size', QUICK, () => {
  const defs = ['e1', 'e2', 'e3', 'e4'].map((e, k) => `<!ENTITY e${k + 2} "${`&${e};`.repeat(40)}">`).join('');
  const xml = `<?xml version="1.0"?><!DOCTYPE article [<!ENTITY e1 "ha">${defs}]><article><title>T</title><para>&e5;</para></article>`;
  const doc = extractDocbook(xml, 'x');
  assert.ok(doc.text.length < 10_000_000, String(doc.text.length));
  // Expanded while the text stays within a few times the file's size; the references past that stay as written.
  assert.ok(/^(?:&e\d;)+$/.test(doc.text.trim()), doc.text.slice(0, 40));
});

test(
  'a Markdown line of spaces ending in a carriage return, with the paragraph going on, is read in linear time',
  QUICK,
  () => {
    // Joining a paragraph's lines by a pattern for the spaces around each break tried the run from every space.
    const r = extractMarkdown(`# a${' '.repeat(300_000)}\r\nx\nand more`, 'f');
    assert.equal(r.text, '# a x and more');
  },
);
