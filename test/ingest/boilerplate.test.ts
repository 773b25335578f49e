import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { chunkDocument } from '../../ingest/chunk.ts';
import { createPdfPool, loadFile } from '../../ingest/loaders/index.ts';
import { pageFurniture } from '../../ingest/loaders/page-furniture.ts';
import type { AnyDoc, LoadedDoc } from '../../ingest/types.ts';
import { buildPdf, type PdfLine } from '../fixtures/pdf-builder.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { loadContext } from './helpers.ts';

const pdf = createPdfPool({ size: 1, timeoutMs: 10_000 });
after(() => pdf.close());

const params = { maxTokens: 60, overlapTokens: 10 };

async function loadOne(file: string): Promise<LoadedDoc> {
  const docs: AnyDoc[] = [];
  for await (const d of loadFile(loadContext(file, pdf), 0)) docs.push(d);
  const d = docs[0]!;
  return d.kind === 'deferred' ? d.load() : (d as LoadedDoc);
}

function chunksOf(doc: LoadedDoc) {
  const chunks = chunkDocument(doc, 'src', params);
  for (const c of chunks) assert.equal(doc.text.slice(c.start, c.end), c.text, `chunk ${c.chunk_index} offsets`);
  return chunks;
}

const HEADER = 'GROUNDED(1) General Commands Manual GROUNDED(1)';
const footer = (n: number, of: number) => `grounded 1.4 2024-05-01 Page ${n} of ${of}`;
const TOPICS = ['loading', 'chunking', 'embedding', 'writing', 'indexing'];
// Each page's lines are its own (as in real text); only "Example:" recurs, in the middle of every page.
const body = (n: number) => {
  const topic = TOPICS[n - 1]!;
  return [
    `The ${topic} stage is described on this page in plain words.`,
    `While ${topic}, the job keeps the structure of each file intact.`,
    `Settings that change ${topic} are listed below.`,
    'Example:',
    `grounded ingest ./docs --stage ${topic}`,
    `Output of ${topic} lists every file it handled.`,
    `Files that fail ${topic} are reported with a reason.`,
    `The ${topic} stage ends when its last file is done.`,
  ];
};

describe('PDF page furniture', () => {
  test('a running header, a footer with the page number and a bare page number are in no chunk', async (t) => {
    const { dir } = await tempDir(t);
    const pages: PdfLine[][] = Array.from({ length: 5 }, (_, i) => [
      ...(i > 0 ? [{ font: 'F1' as const, size: 9, text: HEADER, y: 760 }] : []),
      { font: 'F1', size: 11, text: body(i + 1)[0]!, y: 700 },
      ...body(i + 1)
        .slice(1)
        .map((text) => ({ font: 'F1' as const, size: 11, text })),
      { font: 'F1', size: 9, text: footer(i + 1, 5), y: 40 },
      { font: 'F1', size: 9, text: String(i + 1), y: 24 },
    ]);
    const file = join(dir, 'manual.pdf');
    await writeFile(file, buildPdf(pages, { title: 'grounded manual' }));
    const doc = await loadOne(file);

    // The furniture is left out of the extracted text, so a section can run on from one page to the next.
    assert.ok(!doc.text.includes('General Commands Manual'));
    assert.ok(!doc.text.includes(footer(3, 5)));
    const chunks = chunksOf(doc);
    const all = chunks.map((c) => c.text).join('\n');
    assert.ok(!all.includes('General Commands Manual'), 'running header');
    assert.ok(!/Page \d of 5/.test(all), 'footer');
    assert.ok(!chunks.some((c) => /(^|\n)\d\s*($|\n)/.test(c.text)), 'bare page numbers');
    // Every line of every page body is chunk text (the repeated mid-page "Example:" line included). A section runs on
    // across page breaks, so a line may sit in a chunk that began on an earlier page; a chunk's page is the page of
    // its first line.
    for (let n = 1; n <= 5; n++)
      for (const line of body(n))
        assert.ok(
          chunks.some((c) => c.page !== null && c.page <= n && c.text.includes(line)),
          `page ${n}: "${line}" is in a chunk`,
        );
    for (const c of chunks)
      assert.ok(
        body(c.page!).some((line) => c.text.startsWith(line)),
        `chunk ${c.chunk_index} starts with a line of page ${c.page}`,
      );
    assert.ok(
      chunks.some((c) => c.page! < 5 && c.text.includes(body(c.page! + 1)[0]!)),
      'a chunk runs across a page',
    );
  });

  test('pageFurniture needs repetition at a page edge on half the pages', () => {
    // Lines of text differ from page to page ("line ab", "line ae", …: letters that cannot read as roman numerals).
    const L = 'abefghjknoprstuwyz';
    const line = (n: number, k: number) => `line ${L[n]}${L[k]}`;
    const page = (n: number, top: string) =>
      [top, line(n, 0), line(n, 1), line(n, 2), 'Repeated in the middle.', line(n, 3), line(n, 4), `- ${n} -`].join(
        '\n',
      );
    const pages = [page(1, 'Intro'), page(2, 'Chapter One'), page(3, 'Chapter One'), page(4, 'Chapter Two')];
    const found = pageFurniture(pages).map((ranges, i) => ranges.map((r) => pages[i]!.slice(r.start, r.end)));
    // "- n -" is at the bottom of every page; "Chapter One" tops two of four pages; the middle line is not at an edge.
    assert.deepEqual(found, [['- 1 -'], ['Chapter One', '- 2 -'], ['Chapter One', '- 3 -'], ['- 4 -']]);
    // Two pages are too few to tell furniture from text.
    assert.deepEqual(pageFurniture([page(1, 'Same'), page(2, 'Same')]), [[], []]);
  });

  test("a chapter's running header (four pages or more, half of its span) and table of contents lines are furniture", () => {
    const L = 'abefghjknoprstuwyz';
    const page = (n: number, top: string, extra: string[] = []) =>
      [top, ...extra, `text ${L[n % 18]}${L[(n * 7) % 18]} one.`, `text ${L[(n * 5) % 18]} two.`].join('\n');
    const pages = [
      page(0, 'Contents', ['1. Memcheck ........ 3', '2. Cachegrind . . . . . . 9', 'Preface ....... iii']),
      ...Array.from({ length: 5 }, (_, i) => page(i + 1, 'Memcheck: a memory error detector')),
      ...Array.from({ length: 5 }, (_, i) => page(i + 6, 'Cachegrind: a profiler')),
      page(11, 'Note'),
      page(12, 'Note'),
      page(13, 'Note'),
    ];
    const found = pageFurniture(pages).map((ranges, i) => ranges.map((r) => pages[i]!.slice(r.start, r.end)));
    assert.deepEqual(found[0], ['1. Memcheck ........ 3', '2. Cachegrind . . . . . . 9', 'Preface ....... iii']);
    for (let i = 1; i <= 5; i++) assert.deepEqual(found[i], ['Memcheck: a memory error detector']);
    for (let i = 6; i <= 10; i++) assert.deepEqual(found[i], ['Cachegrind: a profiler']);
    // Three pages are too few for a chapter's header.
    for (let i = 11; i <= 13; i++) assert.deepEqual(found[i], []);
  });
});

/** A file of this name and content in a temp dir, loaded. */
async function loadWritten(t: { after(fn: () => unknown): void }, name: string, content: string): Promise<LoadedDoc> {
  const { dir } = await tempDir(t);
  const file = join(dir, name);
  await writeFile(file, content);
  return loadOne(file);
}

const loadHtml = (t: { after(fn: () => unknown): void }, html: string) => loadWritten(t, 'page.html', html);

/** Chunk text of a page, with offsets checked and each chunk's heading path. */
async function pageChunks(t: { after(fn: () => unknown): void }, html: string) {
  const doc = await loadHtml(t, html);
  const chunks = chunksOf(doc);
  return { doc, chunks, all: chunks.map((c) => c.text).join('\n') };
}

// The shapes below are those of real generators' output (makeinfo 6/7, Sphinx's basic theme, DocBook XSL, the
// Node.js API docs); the text is ours.
const TEXINFO = `<!DOCTYPE html><html><head><title>Invoking (frob manual)</title>
<link href="Options.html" rel="next" title="Options"><link href="Overview.html" rel="prev" title="Overview"></head>
<body lang="en">
<div class="chapter" id="Invoking">
<div class="header"><p>
Next: <a href="Options.html" accesskey="n" rel="next">Options</a>, Previous: <a href="Overview.html" accesskey="p" rel="prev">Overview</a>, Up: <a href="index.html" accesskey="u" rel="up">Top</a> &nbsp; [<a href="index.html#SEC_Contents" title="Table of contents" rel="contents">Contents</a>][<a href="Concept-Index.html" title="Index" rel="index">Index</a>]</p>
</div>
<hr>
<span id="Invoking-frob"></span><h2 class="chapter">2 Invoking frob<a class="copiable-anchor" href="#Invoking-frob"> &para;</a></h2>
<p>Run <code>frob</code> with the files to convert. It reads standard input when no file is given, and see
<a href="Options.html">Options</a> for the switches it takes.</p>
<ul class="section-toc">
<li><a href="Exit-Status.html" accesskey="1">Exit Status</a></li>
<li><a href="Environment.html" accesskey="2">Environment</a></li>
</ul>
<h3 class="section">2.1 Exit status</h3>
<p>An exit status of zero means every file converted; 2 means a file could not be read.</p>
</div>
<hr>
<div class="nav-panel"><p>
Next: <a href="Options.html" accesskey="n" rel="next">Options</a>, Previous: <a href="Overview.html" accesskey="p" rel="prev">Overview</a>, Up: <a href="index.html" accesskey="u" rel="up">Top</a></p>
</div>
</body></html>`;

const SPHINX = `<!DOCTYPE html><html lang="en"><head><title>Configuration &#8212; frob 2.1 documentation</title></head>
<body>
<div class="related" role="navigation" aria-label="related navigation">
  <h3>Navigation</h3>
  <ul>
    <li class="right"><a href="genindex.html" title="General Index" accesskey="I">index</a></li>
    <li class="right"><a href="install.html" title="Installation" accesskey="N">next</a> |</li>
    <li class="nav-item nav-item-0"><a href="index.html">frob 2.1 documentation</a> &#187;</li>
  </ul>
</div>
<div class="document">
  <div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
  <section id="configuration">
  <h1>Configuration<a class="headerlink" href="#configuration" title="Permalink to this heading">¶</a></h1>
  <p>frob reads its settings from <code>frob.toml</code> in the working directory, then from the environment.</p>
  <div class="toctree-wrapper compound">
  <p class="caption" role="heading"><span class="caption-text">Contents</span></p>
  <ul>
  <li class="toctree-l1"><a class="reference internal" href="#settings">Settings</a></li>
  <li class="toctree-l1"><a class="reference internal" href="#environment">Environment</a></li>
  </ul>
  </div>
  <section id="settings">
  <h2>Settings<a class="headerlink" href="#settings" title="Permalink to this heading">¶</a></h2>
  <p>The <code>workers</code> setting limits how many files are converted at once; the default is 4.</p>
  </section>
  </section>
  </div></div></div>
  <div class="sphinxsidebar" role="navigation" aria-label="main navigation">
    <div class="sphinxsidebarwrapper">
      <h3><a href="index.html">Table of Contents</a></h3>
      <ul><li><a class="reference internal" href="#">Configuration</a></li></ul>
      <h4>Previous topic</h4><p class="topless"><a href="intro.html" title="previous chapter">Introduction</a></p>
      <div id="searchbox" role="search"><h3 id="searchlabel">Quick search</h3></div>
    </div>
  </div>
</div>
<div class="footer" role="contentinfo">&#169; Copyright 2024, the frob authors. Created using Sphinx 5.3.0.</div>
</body></html>`;

describe('HTML navigation', () => {
  test('texinfo: Next/Previous/Up bars and the node menu are in no chunk; the text and its links are', async (t) => {
    const { doc, chunks, all } = await pageChunks(t, TEXINFO);
    assert.ok(doc.text.includes('Previous: Overview'), 'the bar stays in the extracted text');
    for (const nav of ['Next:', 'Previous:', 'Up:', 'Contents', 'Index', 'Exit Status\nEnvironment'])
      assert.ok(!all.includes(nav), `"${nav}" is navigation`);
    assert.match(all, /It reads standard input when no file is given, and see Options for the switches it takes\./);
    assert.match(all, /An exit status of zero means every file converted/);
    // The permalink "¶" is not part of the heading path.
    assert.deepEqual(
      chunks.map((c) => c.heading_path),
      [['2 Invoking frob'], ['2 Invoking frob', '2.1 Exit status']],
    );
  });

  test('sphinx: related bar, sidebar, search box, toctree and footer are in no chunk', async (t) => {
    const { chunks, all } = await pageChunks(t, SPHINX);
    for (const nav of [
      'Navigation',
      'index',
      'next',
      'documentation',
      'Table of Contents',
      'Previous topic',
      'Quick search',
      'Copyright',
      'Contents',
    ])
      assert.ok(!all.includes(nav), `"${nav}" is navigation`);
    assert.deepEqual(
      chunks.map((c) => [c.heading_path, c.text]),
      [
        [
          ['Configuration'],
          'frob reads its settings from frob.toml in the working directory, then from the environment.',
        ],
        [
          ['Configuration', 'Settings'],
          'The workers setting limits how many files are converted at once; the default is 4.',
        ],
      ],
    );
  });

  test("groff's bar outside any block, a 'Back to Table of Contents' table and term permalinks are in no chunk", async (t) => {
    const { doc, chunks } = await pageChunks(
      t,
      `<html><head><title>pic-12</title></head>
<hr>
[ <a href="pic-11.html">prev</a> | <a href="pic-13.html">next</a> | <a href="pic.html">top</a> ]
<hr>
<h2>Style variables</h2>
<p>State variables retain their values across pictures until reset. See the <a href="pic-13.html">next</a> section for expressions.</p>
<table><tr><td><a href="toc.html">Back to Table of Contents</a></td></tr></table>
<dl><dt><code>ffi_type_void</code><a class="copiable-link" href="#index-ffi_005ftype_005fvoid"> &para;</a></dt>
<dd><p>The type void.</p></dd></dl>
<hr>
[ <a href="pic-11.html">prev</a> | <a href="pic-13.html">next</a> | <a href="pic.html">top</a> ]
<hr>`,
    );
    assert.deepEqual(
      chunks.map((c) => [c.heading_path, c.text]),
      [
        [
          ['Style variables'],
          'State variables retain their values across pictures until reset. See the next section for expressions.',
        ],
        [['Style variables'], 'ffi_type_void\n\nThe type void.'],
      ],
    );
    // The bars stay in the extracted text (offsets slice it), in no chunk.
    assert.match(doc.text, /\[ prev \| next \| top \]/);
    // Prose whose links read "next" and "up" is prose; top-level links under a heading leave it heading what follows.
    const prose = await pageChunks(
      t,
      `<html><body><h1>Manual</h1><a href="a.html">Alpha</a> <a href="b.html">Beta</a> <a href="c.html">Gamma</a>
<p>Use <a href="n.html">next</a> and <a href="u.html">up</a> to move through frames.</p></body></html>`,
    );
    assert.deepEqual(
      prose.chunks.map((c) => [c.heading_path, c.text]),
      [[['Manual'], 'Use next and up to move through frames.']],
    );
  });

  test('DocBook header and footer bars and a sidebar of links are in no chunk; a heading inside them heads nothing', async (t) => {
    const { chunks } = await pageChunks(
      t,
      `<html><body>
      <div class="navheader"><table width="100%" summary="Navigation header"><tr><th colspan="3" align="center">25.3. Log File Maintenance</th></tr>
      <tr><td><a accesskey="p" href="a.html">Prev</a> </td><th width="60%" align="center">Chapter 25. Maintenance Tasks</th><td><a accesskey="n" href="b.html">Next</a></td></tr></table><hr /></div>
      <div id="column2"><h1 class="logo"><a href="index.html">frob</a></h1><div id="intro"><a href="index.html">frob</a></div>
      <ul><li><a href="fs.html">File system</a></li><li><a href="net.html">Net</a></li><li><a href="os.html">OS</a></li></ul></div>
      <div class="sect1"><h2 class="title">25.3. Log File Maintenance</h2>
      <p>It is a good idea to save the server's log output somewhere. See <a href="x.html">Section 20.8</a> for the settings.</p>
      <details id="toc" open><summary>Table of contents</summary><ul><li><a href="#a">Rotation</a></li><li><a href="#b">Retention</a></li></ul></details>
      <p>Rotate the log files with <code>logrotate</code>; the server reopens them on SIGHUP.</p>
      <ul><li><a href="rotate.html">logrotate</a>: rotates files by size or age.</li><li><a href="syslog.html">syslog</a>: sends the log to the system logger.</li></ul></div>
      <div class="navfooter"><hr /><table width="100%" summary="Navigation footer"><tr><td><a accesskey="p" href="a.html">Prev</a> </td><td><a accesskey="u" href="u.html">Up</a></td><td> <a accesskey="n" href="b.html">Next</a></td></tr>
      <tr><td>25.2. Routine Reindexing </td><td><a accesskey="h" href="index.html">Home</a></td><td> 26.1. SQL Dump</td></tr></table></div>
      </body></html>`,
    );
    assert.deepEqual(
      chunks.map((c) => [c.heading_path, c.text]),
      [
        [
          ['25.3. Log File Maintenance'],
          "It is a good idea to save the server's log output somewhere. See Section 20.8 for the settings.",
        ],
        [
          ['25.3. Log File Maintenance'],
          'Rotate the log files with logrotate; the server reopens them on SIGHUP.\n\nlogrotate: rotates files by size or age.\nsyslog: sends the log to the system logger.',
        ],
      ],
    );
  });
  test("a DocBook FAQ's table of contents, its entries numbered outside their links, is in no chunk; a list of steps is", async (t) => {
    const { all } = await pageChunks(
      t,
      `<html><body><h1 class="title">frob FAQ</h1>
      <div class="TOC"><dl><dt><b>Table of Contents</b></dt>
      <dt>4.13. <a href="misc.html#FIREWALL">What about as a firewall? Can frob protect me?</a></dt>
      <dt>4.14. <a href="misc.html#WASTED">I have large empty spaces where ads used to be. Why?</a></dt>
      <dt>4.15. <a href="misc.html#SSL">How can frob filter Secure (HTTPS) URLs?</a></dt></dl></div>
      <h2>4.14. I have large empty spaces where ads used to be. Why?</h2>
      <p>The browser keeps the space the ad would have taken; frob can replace ads with a blank image instead.</p>
      <ol><li>Open <a href="config.html">the configuration file</a> in an editor.</li>
      <li>Set <code>block-image</code> to <a href="actions.html#BLANK">blank</a> and save it.</li>
      <li>Reload the page.</li></ol></body></html>`,
    );
    assert.doesNotMatch(all, /firewall|HTTPS|4\.13|4\.15/);
    assert.match(all, /The browser keeps the space the ad would have taken/);
    assert.match(
      all,
      /Open the configuration file in an editor\.\nSet block-image to blank and save it\.\nReload the page\./,
    );
    // A FAQ's question-and-answer table with a row of contents marked by its class: the row goes, the answers stay.
    const qanda = await pageChunks(
      t,
      `<html><body><table summary="Q and A Div"><tr class="qandadiv"><td colspan="2"><h3 class="title">4. Valgrind behaves unexpectedly</h3></td></tr>
      <tr class="toc"><td colspan="2">4.1. <a href="faq.html#faq.reports">My program uses the C++ STL.</a><br>4.2. <a href="faq.html#faq.unhelpful">The stack traces aren't helpful.</a><br></td></tr>
      <tr class="question"><td><b>4.1.</b></td><td><b>My program uses the C++ STL.</b></td></tr>
      <tr class="answer"><td></td><td><p>The STL keeps freed memory in its own pools; run with GLIBCXX_FORCE_NEW set.</p></td></tr>
      </table></body></html>`,
    );
    assert.doesNotMatch(qanda.all, /aren't helpful/);
    assert.match(qanda.all, /The STL keeps freed memory in its own pools/);
    // A table of codes, each beside its link, is data: a number needs its dot to number an entry.
    const rows = [400, 401, 403, 404].map((c) => `<tr><td>${c}</td><td><a href="e${c}.html">Error ${c}</a></td></tr>`);
    const codes = await pageChunks(t, `<html><body><p>Status codes:</p><table>${rows.join('')}</table></body></html>`);
    assert.match(codes.all, /403 Error 403\n404 Error 404/);
  });

  test("Doxygen's generated-by footer and a theme's footer block, marked by class alone, are in no chunk", async (t) => {
    const { chunks } = await pageChunks(
      t,
      `<html><head><title>frob: frob.h File Reference</title></head><body>
      <!-- Generated by Doxygen 1.9.4 -->
      <div class="contents"><h1>frob.h File Reference</h1>
      <p>Declares <code>frob_open()</code>, which opens a frobnicator and returns its handle, or NULL on failure.</p>
      <p class="definition">Definition in file <a class="el" href="frob_8h_source.html">frob.h</a>.</p></div>
      <div id="nav-path" class="navpath"><ul><li class="footer">Generated by <a href="https://www.doxygen.org/index.html"><img class="footer" src="doxygen.svg" alt="doxygen"/></a> 1.9.4 </li></ul></div>
      <hr class="footer"/><address class="footer"><small>Generated on Mon Sep 4 2023 for frob by&#160;<a href="https://www.doxygen.org/index.html"><img class="footer" src="doxygen.svg" alt="doxygen"/></a> 1.9.4</small></address>
      <div class="site-footer">&#169; 2024 the frob authors. Built with a static site generator.</div>
      <p class="footnote">[1] A frobnicator turns widgets into gadgets.</p>
      </body></html>`,
    );
    const all = chunks.map((c) => c.text).join('\n');
    for (const chrome of ['Generated', '1.9.4', 'Built with', '2024'])
      assert.ok(!all.includes(chrome), `"${chrome}" is a footer's`);
    assert.match(all, /Declares frob_open\(\), which opens a frobnicator/);
    assert.match(all, /Definition in file frob\.h\./);
    assert.match(all, /\[1\] A frobnicator turns widgets into gadgets\./, 'a footnote is text');
  });
  test('a footer or navigation block marked by id alone is in no chunk; sections anchored footer-… or sidebar are', async (t) => {
    const { chunks } = await pageChunks(
      t,
      `<html><head><title>frob(1)</title></head><body>
      <div id="header"><h1>frob(1) Manual Page</h1></div>
      <div id="nav"><div id="home"><a href="index.html">frob</a></div><div id="jumplinks"><a href="news.html">News</a> <a href="docs.html">Docs</a> <a href="contact.html">Contact us</a></div></div>
      <div id="content">
      <h2 id="footer-margin">Footer margin</h2>
      <p>The footer margin option sets the space below each page's running footer, in points.</p>
      <h2 id="sidebar">Sidebar</h2>
      <p>The sidebar lists the open mailboxes beside the index.</p>
      </div>
      <div id="footer"><div id="footer-text">Version 4.7.5<br>Last updated 2023-07-29 20:52:36 UTC</div></div>
      <div id='footer'>Website design by a contributor.</div>
      <section id="nav"><h2 id="footer">Footer</h2><p>The footer_icons setting lists the icons under every page.</p></section>
      </body></html>`,
    );
    const all = chunks.map((c) => c.text).join('\n');
    for (const chrome of ['Last updated', '4.7.5', 'Website design', 'Contact us', 'News'])
      assert.ok(!all.includes(chrome), `"${chrome}" is page chrome`);
    const paths = chunks.map((c) => c.heading_path.join(' > '));
    assert.deepEqual(paths, [
      'frob(1) Manual Page > Footer margin',
      'frob(1) Manual Page > Sidebar',
      'frob(1) Manual Page > Footer',
    ]);
    assert.match(all, /The footer margin option sets the space below each page's running footer/);
    assert.match(all, /The sidebar lists the open mailboxes beside the index\./);
    assert.match(all, /The footer_icons setting lists the icons under every page\./, 'a section and heading ided so');
  });
  test("screen-reader-only text, a theme's drawers, back-to-top links and control labels are in no chunk; an aside footnote is", async (t) => {
    const { chunks } = await pageChunks(
      t,
      `<html><head><title>Frob docs</title></head><body>
      <input type="checkbox" class="sidebar-toggle" id="__navigation">
      <label class="overlay sidebar-overlay" for="__navigation"><div class="visually-hidden">Hide navigation sidebar</div></label>
      <aside class="sidebar-drawer"><div class="sidebar-container"><a class="sidebar-brand" href="index.html">frob 1.0 documentation</a>
      <p class="caption" role="heading"><span class="caption-text">First steps</span></p>
      <p class="caption"><span class="caption-text">Project Links</span></p></div></aside>
      <div class="main"><a href="#" class="back-to-top muted-link"><span>Back to top</span></a>
      <span class="sr-only">Skip to content</span>
      <article role="main"><h1>Configuring frob</h1>
      <p>The frob configuration file is read from the home directory at start-up.<a class="footnote-reference" href="#f1">1</a></p>
      <aside class="footnote brackets" id="f1" role="note"><p>Older releases read it from the current directory.</p></aside>
      </article></div>
      <aside class="toc-drawer"><div class="toc-title">On this page</div></aside>
      <aside class="rightside"><input id="accordion-1" type="checkbox"><label for="accordion-1">Contents</label></aside>
      </body></html>`,
    );
    const all = chunks.map((c) => c.text).join('\n');
    for (const chrome of [
      'Hide navigation',
      'First steps',
      'Project Links',
      'Back to top',
      'Skip to',
      'On this page',
      'Contents',
      '1.0 documentation',
    ])
      assert.ok(!all.includes(chrome), `"${chrome}" is page chrome`);
    assert.match(all, /The frob configuration file is read from the home directory at start-up\./);
    assert.match(all, /Older releases read it from the current directory\./, 'a footnote is text');
  });
});

describe('plain-text manuals: info navigation and man page edges are not chunk text', () => {
  test('info node headers, menus and index entries are left out; the prose is kept with exact offsets', async (t) => {
    const prose = 'The frob program reads lines and rewrites them. It stops at the first empty line.';
    const doc = await loadWritten(
      t,
      'frob.info.txt',
      [
        'File: frob.info,  Node: Top,  Next: Invoking frob,  Up: (dir)',
        '',
        'frob',
        '****',
        '',
        prose,
        '',
        '* Menu:',
        '',
        '* Invoking frob::              Command-line options',
        '* Exit status::                What the codes mean',
        '* Reporting Bugs::             Where to send them',
        '',
        'File: frob.info,  Node: Index,  Prev: Reporting Bugs,  Up: Top',
        '',
        'Index',
        '*****',
        '',
        '* --quiet:                               Invoking frob.        (line 12)',
        '* exit status, meaning of a nonzero value:',
        '                                         Exit status.          (line 4)',
        '* 4, exit status:                        Exit status.          (line 9)',
        '',
      ].join('\n'),
    );
    const text = chunksOf(doc)
      .map((c) => c.text)
      .join('\n');
    assert.match(text, /The frob program reads lines/);
    assert.doesNotMatch(text, /File: frob\.info|Node: |::|\(line \d+\)|\* Menu:/);
  });

  test("a FAQ's table of contents is left out where its entries start their sections again; lists of steps stay", async (t) => {
    const steps = ['  1. Stop the daemon.', '  2. Move the spool to the new disk.', '  3. Start the daemon again.'];
    const doc = await loadWritten(
      t,
      'FAQ.txt',
      [
        'Contents',
        '',
        '      ? 5.3. I keep getting the 513 RTC driver not running message',
        '      ? 5.4. I get Could not open /dev/rtc, Device or resource busy in my',
        '        syslog file',
        '      ? 5.5. What if my computer has no RTC?',
        '',
        '5.3. I keep getting the 513 RTC driver not running message',
        '',
        'Load the rtc module before frobd starts; the driver is built as a module on most kernels.',
        'It then stays loaded until the next boot.',
        '',
        '5.4. I get Could not open /dev/rtc, Device or resource busy in my syslog file',
        '',
        'Another program holds the device open: hwclock run from an init script is the usual one.',
        'Stop it before frobd starts, or tell frobd to leave the RTC alone.',
        '',
        ...steps,
        '',
        '5.5. What if my computer has no RTC?',
        '',
        'Then frobd keeps time from the network alone, and keeps a drift file to start from after a reboot.',
        'The file is written every hour.',
        '',
        'The same steps move the log directory:',
        '',
        ...steps,
        '',
      ].join('\n'),
    );
    const chunks = chunksOf(doc);
    const text = chunks.map((c) => c.text).join('\n');
    // Once each: the table of contents is gone, the sections' own numbered headings stay.
    for (const title of ['5.3. I keep getting', '5.4. I get Could not open', '5.5. What if my computer'])
      assert.equal(text.split(title).length - 1, 1, title);
    assert.doesNotMatch(text, /\? 5\.|in my\n\s+syslog file/);
    // The steps, told twice with nothing between them, are no table of contents.
    assert.equal(text.split('Move the spool to the new disk.').length - 1, 2);
  });

  test('numbered items with bodies under them, repeated release after release, are text', async (t) => {
    // Two lines under each item: a section's worth of text between one item and the next.
    const release = (v: string, notes: string[]) => [
      `Version ${v}`,
      `  1. New features`,
      `     - ${notes[0]}`,
      `     - Faster start.`,
      `  2. Bug fixes`,
      `     - ${notes[1]}`,
      `     - Fewer warnings.`,
      `  3. Documentation`,
      `     - ${notes[2]}`,
      `     - Typos fixed.`,
      '',
    ];
    const doc = await loadWritten(
      t,
      'NEWS.txt',
      [
        ...release('2.0', ['Added IPv6 support.', 'Fixed a crash on empty input.', 'A new FAQ.']),
        ...release('1.9', ['Added TLS.', 'Fixed a leak in the spool.', 'The man page covers every option.']),
      ].join('\n'),
    );
    const text = chunksOf(doc)
      .map((c) => c.text)
      .join('\n');
    for (const note of ['Added IPv6 support.', 'Fixed a crash on empty input.', 'A new FAQ.', 'Added TLS.'])
      assert.ok(text.includes(note), note);
  });

  test('a Markdown table of contents (lines led by links to places in the document) is in no chunk', async (t) => {
    const doc = await loadWritten(
      t,
      'README.md',
      [
        '# frob',
        '',
        '## Table of contents',
        '',
        '- [Install](#install)',
        '- [Usage](#usage)',
        '',
        '**[1. Questions about the spool](#spool)**',
        '',
        '[1.1.](#1_1) The daemon complains with the following message: `spool full`  ',
        '[1.2.](#1_2) Where is the spool kept?  ',
        '',
        '## Install',
        '',
        'Run make install, then read [Usage](#usage) before the first start.',
        '',
        '## Usage',
        '',
        '- [frob.conf](#config) is read first;',
        '- then the environment.',
        '',
        '## Commands',
        '',
        '- [`frob open`](#open) opens a spool.',
        '- [`frob close`](#close) closes it and flushes its queue.',
        '',
        '## Example',
        '',
        '[Install](#install)',
        '',
        '```',
        'frob --spool /var/spool/frob',
        '```',
        '',
        '[Usage](#usage)',
      ].join('\n'),
    );
    const text = chunksOf(doc)
      .map((c) => c.text)
      .join('\n');
    assert.doesNotMatch(text, /^- Install|Questions about the spool|1\.1\.|Where is the spool kept/m);
    assert.match(text, /Run make install, then read Usage before the first start\./);
    // One entry led by a link is a list item, not a table of contents; so are links followed by what they are about.
    assert.match(text, /frob\.conf is read first;\n- then the environment\./);
    assert.match(text, /frob open opens a spool\.\n- frob close closes it and flushes its queue\./);
    // A code block between two such links ends the run: it is no entry.
    assert.match(text, /frob --spool \/var\/spool\/frob/);
  });

  test("a rendered man page's header and footer lines are left out", async (t) => {
    const doc = await loadWritten(
      t,
      'frob.1.txt',
      [
        'frob(1)                           frob Manual                          frob(1)',
        '',
        'NAME',
        '       frob - rewrite lines',
        '',
        'DESCRIPTION',
        '       frob reads lines and rewrites them.',
        '',
        'frob 1.2.3                       February 19 2023                       frob(1)',
      ].join('\n'),
    );
    const text = chunksOf(doc)
      .map((c) => c.text)
      .join('\n');
    assert.match(text, /frob reads lines and rewrites them\./);
    assert.doesNotMatch(text, /frob Manual|February 19 2023/);
  });
  test('man page sections and option entries, and underlined info titles, head their chunks', async (t) => {
    const { dir } = await tempDir(t);
    const man = join(dir, 'frob.1.txt');
    await writeFile(
      man,
      [
        'NAME',
        '       frob - rewrite lines',
        '',
        'OPTIONS',
        '       Options start with one or two dashes.',
        '',
        '       -k, --insecure',
        '              Skip the verification step and proceed without checking.',
        '',
        '       --retry <num>',
        '              Retry a transient error up to num times.',
        '',
        'EXIT CODES',
        '       28     Operation timeout.',
      ].join('\n'),
    );
    const paths = (doc: LoadedDoc) =>
      chunksOf(doc).map((c) => [c.heading_path.join(' > '), c.text.split('\n')[0]!.trim()]);
    assert.deepEqual(paths(await loadOne(man)), [
      ['NAME', 'frob - rewrite lines'],
      ['OPTIONS', 'Options start with one or two dashes.'],
      ['OPTIONS > -k, --insecure', '-k, --insecure'], // an entry's term stays in its text
      ['OPTIONS > --retry <num>', '--retry <num>'],
      ['EXIT CODES', '28     Operation timeout.'],
    ]);
    const info = join(dir, 'frob.info.txt');
    await writeFile(
      info,
      [
        '2 Running frob',
        '**************',
        '',
        'This chapter covers how to run frob.',
        '',
        '2.1 Command-Line Options',
        '========================',
        '',
        'The full format for invoking frob is:',
        '',
        '     frob OPTIONS... FILE',
        '',
        '‘-n’',
        '‘--quiet’',
        '     Print nothing unless asked to.',
        '',
        '2.2 Exit status',
        '===============',
        '',
        'An exit status of zero indicates success.',
      ].join('\n'),
    );
    assert.deepEqual(paths(await loadOne(info)), [
      ['2 Running frob', 'This chapter covers how to run frob.'],
      ['2 Running frob > 2.1 Command-Line Options', 'The full format for invoking frob is:'],
      ['2 Running frob > 2.1 Command-Line Options > ‘-n’, ‘--quiet’', '‘-n’'],
      ['2 Running frob > 2.2 Exit status', 'An exit status of zero indicates success.'],
    ]);
  });
});
