import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type ChunkDraft, chunkDocument } from '../../ingest/chunk.ts';
import { createPdfPool, loadFile } from '../../ingest/loaders/index.ts';
import { brokenAtHyphen, hyphenated } from '../../ingest/loaders/pdf-document.ts';
import type { AnyDoc, LoadedDoc } from '../../ingest/types.ts';
import { buildPdf } from '../fixtures/pdf-builder.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { loadContext } from './helpers.ts';

const pdf = createPdfPool({ size: 1, timeoutMs: 20_000 });
after(() => pdf.close());

async function loadOne(file: string): Promise<LoadedDoc> {
  const docs: AnyDoc[] = [];
  for await (const d of loadFile(loadContext(file, pdf), 0)) docs.push(d);
  const d = docs[0]!;
  return d.kind === 'deferred' ? d.load() : (d as LoadedDoc);
}

/** The document's chunks, each checked to be exactly its slice of the extracted text. */
function chunksOf(doc: LoadedDoc, maxTokens = 200): ChunkDraft[] {
  const chunks = chunkDocument(doc, 'src', { maxTokens, overlapTokens: 20 });
  for (const c of chunks) assert.equal(doc.text.slice(c.start, c.end), c.text, `chunk ${c.chunk_index} offsets`);
  return chunks;
}

test("a dash set as the minus sign (groff's option dashes in some fonts) is read as the hyphen-minus users type", async (t) => {
  const { dir } = await tempDir(t);
  const file = join(dir, 'bash.pdf');
  await writeFile(file, buildPdf([[{ font: 'F2', size: 12, text: 'Set \u2212o pipefail or \u2212\u2212posix.' }]]));
  const doc = await loadOne(file);
  assert.match(doc.text, /Set -o pipefail or --posix\./);
  assert.ok(!doc.text.includes('\u2212'));
});

describe('PDF layout: a man page typeset by groff (test/fixtures/make-man-pdf.ts)', () => {
  test('an option entry and its indented description are one chunk headed by the option', async () => {
    const doc = await loadOne(new URL('../fixtures/pdf/fetch.1.pdf', import.meta.url).pathname);
    const chunks = chunksOf(doc);
    const insecure = chunks.filter((c) => c.text.includes('Skip the verification'));
    assert.equal(insecure.length, 1);
    const [entry] = insecure;
    assert.deepEqual(entry!.heading_path, ['OPTIONS', '-k, --insecure']);
    assert.match(entry!.text, /^-k, --insecure\n +Skip the verification[\s\S]*self-signed certificates\.$/);
    assert.deepEqual(
      chunks.map((c) => c.heading_path.join(' > ')),
      [
        'NAME',
        'SYNOPSIS',
        'DESCRIPTION',
        'OPTIONS > -k, --insecure',
        'OPTIONS > -o, --output file',
        'OPTIONS > -r, --retry num',
        'OPTIONS > -q, --quiet',
        'EXIT STATUS',
        'SEE ALSO',
      ],
    );
    // The two paragraphs of DESCRIPTION are set apart by a blank line; lines within one are not.
    const description = chunks.find((c) => c.heading_path[0] === 'DESCRIPTION')!.text;
    assert.match(description, /allows it\.\n\n +Transfers run one after another/);
    assert.equal(description.split('\n\n').length, 2);
    // The running header line is no chunk's text.
    assert.ok(!chunks.some((c) => c.text.includes('User Commands')));
    // Words groff hyphenated at a line's end are whole again ("re-" / "maining"), so they are found as words.
    for (const word of ['remaining', 'encrypted', 'Transfers']) assert.match(doc.text, new RegExp(`\\b${word}\\b`));
    assert.ok(!/\b(?:re|en|Trans)-\n/.test(doc.text));
  });

  test('a word is joined only when its halves make one; compounds and options keep their hyphen', () => {
    assert.ok(hyphenated('the re-', '   maining URLs'));
    assert.ok(hyphenated('an ar-', 'chive of files'));
    assert.ok(!hyphenated('accepts self-', 'signed certificates'));
    assert.ok(!hyphenated('see --no-', 'recursion'));
    assert.ok(!hyphenated('a dash -', 'then text'));
    assert.ok(!hyphenated('Hyphen-', 'Capitalised'));
  });

  test('a compound or an option name broken at its hyphen goes on as one token, hyphen kept', () => {
    assert.ok(brokenAtHyphen('accepts self-', 'signed certificates'));
    assert.ok(brokenAtHyphen('you can use the --gen-', 'suppressions=yes option'));
    assert.ok(brokenAtHyphen('Try using the --', 'track-origins=yes option'));
    assert.ok(!brokenAtHyphen('a dash -', 'then text'));
    assert.ok(!brokenAtHyphen('------------', 'curB curBk'));
    assert.ok(!brokenAtHyphen('Hyphen-', 'Capitalised'));
  });
});

describe('PDF layout: a document printed by Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  const words = (topic: string, n: number) =>
    Array.from({ length: n }, (_, i) => `The ${topic} step ${i + 1} keeps every file it reads in its own record.`).join(
      ' ',
    );
  const HTML = `<!doctype html><html><head><title>Operations guide</title></head><body>
    <h1>Operations guide</h1>
    <h2>Contents</h2>
    <p>Backups ........................ 1<br>Restores ........................ 2</p>
    <p>${words('intake', 6)} Intake ends here.</p>
    <p>${words('sorting', 5)} Sorting ends here.</p>
    <h2 style="width:260px">Cache and branch-prediction</h2>
    <p>Profiling runs on demand. ${words('profile', 2)}</p>
    <h2>Backups</h2>
    <p>Backups run every night at two o'clock. ${words('backup', 4)}</p>
    <h4>Retry policy</h4>
    <p>A failed backup is retried three times, an hour apart. ${words('retry', 3)}</p>
    <h2>Deprecated steps</h2>
    <h2>Restores</h2>
    ${Array.from({ length: 24 }, (_, i) => `<p>Restore note ${i + 1}. ${words('restore', 4)}</p>`).join('\n')}
    </body></html>`;

  test('paragraphs, headings from larger and bold type, pages, exact offsets, and no running header', async (t) => {
    const { dir } = await tempDir(t);
    const page = await browser.newPage();
    await page.setContent(HTML);
    const file = join(dir, 'guide.pdf');
    await page.pdf({
      path: file,
      format: 'A4',
      displayHeaderFooter: true,
      headerTemplate: '<div style="font-size:8px;width:100%;text-align:center">ACME operations handbook</div>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center">Page <span class="pageNumber"></span></div>',
      margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' },
    });
    await page.close();
    const doc = await loadOne(file);
    const chunks = chunksOf(doc);

    // Each HTML paragraph is a paragraph of the text: a blank line ends it, and none splits it though it wraps.
    assert.match(doc.text, /Intake ends here\.\n\nThe sorting step 1/);
    const intake = doc.text.slice(doc.text.indexOf('The intake step 1'), doc.text.indexOf('Intake ends here.'));
    assert.ok(intake.includes('\n') && !intake.includes('\n\n'), 'a wrapped paragraph stays one paragraph');

    const headed = (needle: string) => chunks.find((c) => c.text.includes(needle))?.heading_path;
    assert.deepEqual(headed('The intake step 1'), ['Operations guide']);
    // A contents page's entries and its heading are in no chunk and head nothing.
    assert.ok(!chunks.some((c) => c.text.includes('.....') || c.heading_path.includes('Contents')));
    assert.deepEqual(headed('Backups run every night'), ['Operations guide', 'Backups']);
    // A heading set on two lines, broken at a compound's hyphen, reads as one word again.
    assert.deepEqual(headed('Profiling runs on demand'), ['Operations guide', 'Cache and branch-prediction']);
    assert.deepEqual(headed('A failed backup is retried'), ['Operations guide', 'Backups', 'Retry policy']);
    // Two headings in a row are two headings, not one set on two lines.
    assert.deepEqual(headed('Restore note 24.'), ['Operations guide', 'Restores']);
    // Headings are in the heading path, not the chunk text.
    assert.ok(!chunks.some((c) => /^(Backups|Retry policy|Restores)$/m.test(c.text)));

    // The running header and the page-number footer are in neither the text nor any chunk.
    assert.ok(!doc.text.includes('ACME operations handbook'));
    assert.ok(!/^Page \d+$/m.test(doc.text));

    // The Restores section runs over several pages; each chunk is on the page its first line is on.
    const pages = chunks.map((c) => c.page!);
    assert.ok(Math.max(...pages) >= 2, `pages ${pages}`);
    assert.deepEqual(
      pages,
      [...pages].sort((a, b) => a - b),
    );
    const starts = doc.pageStarts!;
    for (const c of chunks) assert.ok(starts[c.page! - 1]! <= c.start && (starts[c.page!] ?? Infinity) > c.start);
  });

  test("a typeset manual's option entries head their chunks, though a blank line parts term and description", async (t) => {
    // As DocBook typesets an option list (Valgrind's manual): the term at the margin, its description indented
    // below after a gap, a code example at the margin too. The long entry's description runs into a second chunk.
    const { dir } = await tempDir(t);
    const page = await browser.newPage();
    await page.setContent(`<!doctype html><html><body style="font-family:serif;font-size:12px">
      <h1>Frob manual</h1>
      <h2>Error-related options</h2>
      <p>These options change how errors are shown.</p>
      <p style="margin:0">frob --log-file=out.txt prog</p>
      <p style="margin:8px 0 0 28px">Runs prog with its log in out.txt.</p>
      <p>--suppressions=&lt;filename&gt; [default: none]</p>
      <p style="margin-left:28px">Reads descriptions of errors to suppress from the file.</p>
      <p>--gen-suppressions=&lt;yes|no|all&gt; [default: no]</p>
      ${Array.from({ length: 6 }, (_, i) => `<p style="margin-left:28px">${words('suppression', 4)} Part ${i + 1}.</p>`).join('\n')}
      <p style="margin-left:28px">When set to all, frob prints a suppression for every reported error.</p>
      </body></html>`);
    const file = join(dir, 'frob.pdf');
    await page.pdf({ path: file, format: 'A4', margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' } });
    await page.close();
    const doc = await loadOne(file);
    const chunks = chunksOf(doc);
    const headed = (needle: string) => chunks.find((c) => c.text.includes(needle))?.heading_path;
    const section = ['Frob manual', 'Error-related options'];
    assert.deepEqual(headed('These options change'), section);
    assert.deepEqual(headed('Reads descriptions of errors'), [...section, '--suppressions=<filename> [default: none]']);
    // Every chunk of the long entry carries the option into retrieval, the one saying what "all" does included.
    const entry = [...section, '--gen-suppressions=<yes|no|all> [default: no]'];
    const parts = chunks.filter((c) => c.text.includes('The suppression step'));
    assert.ok(parts.length >= 2, `${parts.length} chunks`);
    for (const c of parts) assert.deepEqual(c.heading_path, entry);
    assert.deepEqual(headed('When set to all'), entry);
    // A command line at the margin over indented text is an example, not an entry.
    assert.deepEqual(headed('Runs prog with its log'), section);
  });
});
