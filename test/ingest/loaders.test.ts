import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { chunkDocument } from '../../ingest/chunk.ts';
import { sniffUpload } from '../../ingest/jobs/sniff.ts';
import { decodeUtf8 } from '../../ingest/loaders/decode.ts';
import { extractHtml } from '../../ingest/loaders/html.ts';
import { createPdfPool, loadFile } from '../../ingest/loaders/index.ts';
import { extractMarkdown } from '../../ingest/loaders/markdown.ts';
import { hashTextFile, textWindows } from '../../ingest/loaders/text-stream.ts';
import { type AnyDoc, LoadError } from '../../ingest/types.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { FIXTURES, loadContext, writeTree } from './helpers.ts';

const pdf = createPdfPool({ size: 1, timeoutMs: 10_000 });
after(() => pdf.close());

async function loadAll(file: string, fields = {}) {
  const ctx = loadContext(file, pdf, fields);
  const docs: AnyDoc[] = [];
  for await (const d of loadFile(ctx, 0)) docs.push(d);
  return { docs, issues: ctx.issues };
}

const sectionTexts = (r: { text: string; sections: { start: number; end: number; heading_path: string[] }[] }) =>
  r.sections.map((s) => [s.heading_path.join(' > '), r.text.slice(s.start, s.end)]);

describe('markdown', () => {
  test('headings become sections with their path; inline syntax is reduced to text', () => {
    const r = extractMarkdown(
      '# Guide\n\nIntro with a [link](http://x.example) and **bold**.\n\n## Setup\n\nRun `npm start`.\n\n### Deep\n\nText.\n\n## Next\n\nMore.',
      'fallback',
    );
    assert.equal(r.title, 'Guide');
    assert.deepEqual(sectionTexts(r), [
      ['Guide', 'Intro with a link and bold.'],
      ['Guide > Setup', 'Run npm start.'],
      ['Guide > Setup > Deep', 'Text.'],
      ['Guide > Next', 'More.'],
    ]);
  });

  test('front matter gives the title; code fences keep their content; setext headings count', () => {
    const r = extractMarkdown('---\ntitle: "From front matter"\n---\nAbout\n=====\n\n```sh\nnpm test\n```\n', 'f');
    assert.equal(r.title, 'From front matter');
    assert.deepEqual(sectionTexts(r), [['About', 'npm test']]);
  });

  test("a paragraph's wrapped lines join with spaces; list items, quotes and table rows keep their lines", () => {
    const r = extractMarkdown(
      'A claim is checked\nagainst the chunks\nit cites.\n\n- first item\n  goes on\n- second item\n\n| a | b |\n| 1 | 2 |\n',
      'f',
    );
    assert.equal(
      r.text,
      'A claim is checked against the chunks it cites.\n\n- first item goes on\n- second item\n\n| a | b |\n| 1 | 2 |',
    );
  });

  test('inline markup that runs over a soft line break reads as it renders: links, emphasis, code spans', () => {
    // As ccache's README.md wraps its lines: a link's text across two of them.
    const r = extractMarkdown(
      'Ccache is a compiler cache. It [speeds up\nrecompilation](https://ccache.dev/performance.html) by **caching\nprevious** `cc\n-c` runs.\n\n' +
        '* [Main web\n  site](https://ccache.dev)\n* [Release\n  notes](https://ccache.dev/releasenotes.html)\n',
      'f',
    );
    assert.equal(
      r.text,
      'Ccache is a compiler cache. It speeds up recompilation by caching previous cc -c runs.\n\n* Main web site\n* Release notes',
    );
  });

  test('code reads as written: indented blocks line by line, fences under list items, code spans with their tags', () => {
    const r = extractMarkdown(
      'Build it:\n\n    $ make\n    $ make install\n\n    <!-- in a template, as written\n\n' +
        // A list item's fenced block, four spaces in, and a paragraph of the item's.
        '* Check a pointer:\n\n    ```\n    $ git lfs pointer --file=a\n    Git LFS pointer for a\n    ```\n\n    It prints the pointer\n    it would write.\n\n' +
        // A line opening with a code span of three backticks is a paragraph, not a fence.
        '```AptCli::Hooks::<name>``` lists the hooks; `a_b_c` and `&amp;` stay.\n',
      'f',
    );
    assert.equal(
      r.text,
      'Build it:\n\n$ make\n$ make install\n<!-- in a template, as written\n\n* Check a pointer:\n\n$ git lfs pointer --file=a\nGit LFS pointer for a\n\n' +
        'It prints the pointer it would write.\n\nAptCli::Hooks::<name> lists the hooks; a_b_c and &amp; stay.',
    );
  });

  test('MyST reads as it renders: directive bodies under their argument, roles as their text, no targets or options', () => {
    const r = extractMarkdown(
      '(pip-caching)=\n\n# Caching\n\nSee the {ref}`pip cache command <pip-cache>` for {pep}`263` and {term}`pypug:Wheel` files.\n\n' +
        '````{tab} Linux\n```\n~/.cache/pip\n```\n````\n\n````{tab} MacOS\n```\n~/Library/Caches/pip\n```\n````\n\n' +
        '```{note}\n:class: tip\nThis is a *note*.\n```\n\n```{code-block} python\n:caption: x\nimport pip\n```\n',
      'f',
    );
    assert.equal(
      r.text,
      'See the pip cache command for PEP 263 and Wheel files.\n\nLinux\n\n~/.cache/pip\n\nMacOS\n\n~/Library/Caches/pip\n\n' +
        'This is a note.\n\nimport pip',
    );
    assert.deepEqual(
      r.sections.map((s) => s.heading_path),
      [['Caching']],
    );
  });

  test('MyST-looking syntax that is not MyST stays as written: code spans with braces, R Markdown chunks', () => {
    const r = extractMarkdown(
      '# Analysis\n\n`GET /users/{id}` returns `User` objects; set `{name}` and `{value}`.\n\n' +
        '```{r}\n# Load the data\nx <- read.csv("a.csv")\n```\n\n```{toctree}\n:maxdepth: 2\ninstall\n```\n\nEnd.\n',
      'f',
    );
    assert.equal(
      r.text,
      'GET /users/{id} returns User objects; set {name} and {value}.\n\n# Load the data\nx <- read.csv("a.csv")\n\nEnd.',
    );
    assert.deepEqual(
      r.sections.map((s) => s.heading_path),
      [['Analysis']],
    );
  });

  test('a document without headings keeps the file name as its title', () => {
    const r = extractMarkdown('Just a paragraph.', 'notes');
    assert.equal(r.title, 'notes');
    assert.deepEqual(sectionTexts(r), [['', 'Just a paragraph.']]);
  });

  test("Markdown's other extensions (ikiwiki's .mdwn, .mkd, .mkdn, .mdown) load as Markdown, walked or uploaded", async (t) => {
    const { dir } = await tempDir(t);
    const page = '# Install\n\nRun **etckeeper init** in /etc.\n';
    const names = ['install.mdwn', 'a.mkd', 'b.mkdn', 'c.mdown'];
    await writeTree(dir, Object.fromEntries(names.map((n) => [n, page])));
    for (const name of names) {
      const { docs } = await loadAll(join(dir, name));
      const doc = docs[0] as { title: string; text: string };
      assert.equal(doc.title, 'Install', name);
      assert.equal(doc.text, 'Run etckeeper init in /etc.', name);
      assert.equal((await sniffUpload(Buffer.from(page), name)).type, 'markdown', name);
    }
  });
  test('a text named .ascii (Asymptote ships its FAQ as asy-faq.ascii.gz) loads as text in a folder walk', async (t) => {
    const { dir } = await tempDir(t);
    const faq = 'Question 1.1. What is Asymptote?\n\nAsymptote is a vector graphics language.\n';
    await writeTree(dir, { 'asy-faq.ascii': faq });
    const { docs } = await loadAll(join(dir, 'asy-faq.ascii'));
    assert.match((docs[0] as { text: string }).text, /Asymptote is a vector graphics language\./);
  });
});

describe('html', () => {
  test('visible text and headings only; scripts, styles, nav, header, footer and hidden parts dropped', () => {
    const r = extractHtml(
      `<html><head><title>T &amp; U</title><style>p{}</style></head><body><header>Top</header><nav>Menu</nav>
       <h1>Main</h1><p>One&nbsp;&mdash; two &lt;b&gt; &#20013;&#x6587;</p><script>var x = "<p>no</p>";</script>
       <div hidden>secret</div><h2>Sub <em>part</em></h2><ul><li>a</li><li>b</li></ul><footer>Bottom</footer></body></html>`,
      'f',
    );
    assert.equal(r.title, 'T & U');
    assert.deepEqual(sectionTexts(r), [
      ['Main', 'One — two <b> 中文'],
      ['Main > Sub part', 'a\nb'],
    ]);
    for (const hidden of ['Top', 'Menu', 'secret', 'Bottom', 'no'])
      assert.ok(!r.text.includes(hidden), `${hidden} should be dropped`);
  });

  test('a chunk cut from the middle of a long definition-list entry is headed by its terms; others are not', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}.`).join(' ');
    const r = extractHtml(
      `<html><body><h2>Memory</h2><p>Settings of memory use.</p>
       <dl class="variablelist">
       <dt id="GUC-A"><span class="term"><code>shared_buffers</code> (<code>integer</code>)</span> <a href="#GUC-A">#</a></dt>
       <dd><p>Sets the amount of memory for buffers. ${words(60, 'Buffers')}</p><p>The default is typically 128 megabytes. ${words(60, 'Tuning')}</p>
       <dl><dt>inner</dt><dd>${words(120, 'Nested')}</dd></dl></dd>
       <dt>short_one</dt><dd>A short entry.</dd>
       <dt>-h</dt><dt>--help</dt><dd>${words(110, 'Usage')}</dd>
       </dl><p>After the list. ${words(40, 'After')}</p></body></html>`,
      'f',
    );
    assert.deepEqual(
      r.entries?.map((e) => [e.term, r.text.slice(e.start, e.start + 14)]),
      [
        ['shared_buffers (integer)', 'shared_buffers'],
        ['-h, --help', '-h\n--help\nUsag'],
      ],
    );
    const chunks = chunkDocument({ doc_id: 'd', path: 'p.html', ...r }, 's', { maxTokens: 64, overlapTokens: 0 });
    const headed = (c: { heading_path: string[] }) => c.heading_path.slice(1).join(' > ');
    const at = (text: string) => chunks.filter((c) => c.text.includes(text)).map(headed);
    assert.deepEqual(at('Settings of memory use.'), ['']);
    assert.deepEqual(at('shared_buffers (integer)'), [''], 'the chunk opening with the terms holds them already');
    assert.deepEqual(at('The default is typically 128 megabytes.'), ['shared_buffers (integer)']);
    assert.deepEqual(at('Nested119.'), ['shared_buffers (integer)'], 'a nested entry is part of the one around it');
    assert.deepEqual(at('Usage60.'), ['-h, --help']);
    // The chunk that runs on past the entry's end is no more the entry's than the text after it.
    assert.ok(
      at('Usage109.').every((h) => h === ''),
      at('Usage109.').join(' | '),
    );
    assert.deepEqual(at('After39.'), ['']);
    // man2html leaves out the end tags HTML lets go: the next term or the list's end closes an entry.
    const man = extractHtml(
      `<DL COMPACT><DT><B>-v</B>, <B>--verbose</B><DD>${words(110, 'Verbose')}<DT><B>-q</B><DD>Quiet.<DT><B>-n</B><DD>${words(100, 'Dry')}</DL><P>${words(20, 'End')}`,
      'f',
    );
    assert.deepEqual(
      man.entries?.map((e) => [e.term, man.text.slice(e.start, e.end).split(/\s+/).filter(Boolean).length]),
      [
        ['-v, --verbose', 112],
        ['-n', 101],
      ],
    );
    // Nor does a page that never closes its list lose the last entry.
    const open = extractHtml(`<DL><DT>-v<DD>${words(120, 'Verbose')}`, 'f');
    assert.deepEqual(
      open.entries?.map((e) => e.term),
      ['-v'],
    );
  });
});

describe('html entities', () => {
  test("every HTML 4 entity and HTML 5's punctuation names are decoded; the rarer mathematical ones stay as written", () => {
    const r = extractHtml(
      '<p>requisi&ccedil;&otilde;es, padr&atilde;o; don&acute;t; save&sol;restore; &lang;n&rang;; &Alpha;&hearts;&thorn;; ' +
        '&lpar;a&rpar; &NotNestedGreaterGreater; &madeup;</p>',
      'f',
    );
    assert.equal(r.text, 'requisições, padrão; don´t; save/restore; ⟨n⟩; Α♥þ; (a) &NotNestedGreaterGreater; &madeup;');
  });

  test('a title written with markup is read without it; an escaped tag in it stays', () => {
    const r = extractHtml('<title><strong>socat</strong> &lt;relay&gt;</title><p>x</p>', 'f');
    assert.equal(r.title, 'socat <relay>');
  });
});

describe('html charsets', () => {
  test('a page in the charset it declares is read in it; an undecodable charset is refused, named', async (t) => {
    const { dir } = await tempDir(t);
    const page = (meta: string) =>
      Buffer.concat([
        Buffer.from(`<html><head>${meta}<title>Tutorial</title></head><body><p>Copyright `),
        Buffer.from([0xa9]), // © in ISO-8859-1: not UTF-8
        Buffer.from(' 2001 John Fleck'),
        Buffer.from([0x92]), // ’ in Windows-1252, which pages labelled ISO-8859-1 are read as
        Buffer.from('s. Caf'),
        Buffer.from([0xe9]),
        Buffer.from(' au lait.</p></body></html>'),
      ]);
    await writeTree(dir, {
      'latin1.html': page('<meta content="text/html; charset=ISO-8859-1" http-equiv="Content-Type">'),
      'xml.html': Buffer.concat([Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?>\n'), page('')]),
      'odd.html': page('<meta charset="x-no-such-charset">'),
      'undeclared.html': page(''),
    });
    for (const name of ['latin1.html', 'xml.html']) {
      const { docs } = await loadAll(join(dir, name));
      assert.match((docs[0] as { text: string }).text, /Copyright © 2001 John Fleck’s\. Café au lait\./, name);
    }
    // An upload of such a page is HTML, not binary for not being UTF-8.
    assert.equal((await sniffUpload(page('<meta charset="iso-8859-1">'), 'page.html')).type, 'html');
    await assert.rejects(loadAll(join(dir, 'odd.html')), /unsupported charset "x-no-such-charset"/);
    // Without a declaration, a page that is not UTF-8 and holds no UTF-8 character is read as Windows-1252.
    const { docs } = await loadAll(join(dir, 'undeclared.html'));
    assert.match((docs[0] as { text: string }).text, /Copyright © 2001 John Fleck’s\. Café au lait\./);
  });
});

describe('text decoding', () => {
  test('a UTF-8 BOM is dropped and CRLF becomes LF', () => {
    assert.equal(decodeUtf8(Buffer.from('\ufeffline one\r\nline two', 'utf8')), 'line one\nline two');
  });

  test('text without a UTF-8 character is a legacy 8-bit encoding, read as Windows-1252', () => {
    // Latin-1 letters, and the curly quotes and dash Windows-1252 adds.
    const bytes = Buffer.from([
      0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0x6f, 0x6b, 0x0d, 0x0a,
    ]);
    assert.equal(decodeUtf8(bytes), 'Café “q” – ok\n');
    // groff's manual lists "ÄäÖöÜüß": a run like a Cyrillic word's, among letters that stand alone.
    const table =
      'Umlauts: \xc4\xe4\xd6\xf6\xdc\xfc\xdf. Caf\xe9, cr\xe8me, na\xefve, fa\xe7ade, se\xf1or, Stra\xdfe, d\xe9j\xe0 vu.';
    assert.equal(decodeUtf8(Buffer.from(table, 'latin1')), table);
    // A byte that would start a UTF-8 character, with none after it, is a legacy letter too.
    assert.equal(decodeUtf8(Buffer.from([0x61, 0xc3])), 'aÃ');
  });

  test('text in GBK or a Cyrillic encoding is not read as Windows-1252: refused, with what to do', () => {
    const gbk = Buffer.concat([Buffer.from('Title: '), Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xce, 0xc4, 0xb5, 0xb5])]);
    const cp1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0]); // "Привет мир"
    for (const bytes of [gbk, cp1251])
      assert.throws(
        () => decodeUtf8(bytes),
        /^LoadError: invalid UTF-8 at byte \d+, and not Latin-1 or Windows-1252 text either \(it may be GBK, Shift-JIS or a Cyrillic encoding\); save it as UTF-8$/,
      );
  });

  test('UTF-8 with a few bytes that are not is read as UTF-8, each of those bytes as its Windows-1252 character', () => {
    // "é" in UTF-8, then a Latin-1 "é", a Windows-1252 quote and a UTF-8 lead byte without its continuation: read
    // whole either way, part of it would be garbled.
    assert.equal(decodeUtf8(Buffer.from([0xc3, 0xa9, 0x20, 0x61, 0x62, 0xe9, 0x63, 0x92, 0xc3, 0x28])), 'é abéc’Ã(');
    // Chinese in UTF-8 is no GBK for its runs of bytes past ASCII.
    assert.equal(decodeUtf8(Buffer.concat([Buffer.from('中文文档 '), Buffer.from([0xa9])])), '中文文档 ©');
    // A character cut off after its second byte ends a file cut short; a BOM inside the text is a character of it.
    assert.equal(decodeUtf8(Buffer.concat([Buffer.from('中ab'), Buffer.from([0xe9, 0xe4, 0xb8])])), '中abé\ufffd');
    assert.equal(
      decodeUtf8(Buffer.concat([Buffer.from('\ufeff中'), Buffer.from([0xe9]), Buffer.from('\ufeffa')])),
      '中é\ufeffa',
    );
  });

  test('a UTF-8 text with a paragraph in GBK or a Cyrillic encoding is refused: read, that paragraph would be garbled', () => {
    const utf8 = Buffer.from('# 安装说明\n\n先下载软件包，然后运行安装程序。安装完成后重新启动服务。\n\n');
    const gbk = Buffer.from([0xd7, 0xa2, 0xd2, 0xe2, 0xa3, 0xba, 0xd0, 0xe8, 0xd2, 0xaa, 0x20, 0xc8, 0xa8, 0xcf, 0xde]);
    const cp1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0, 0x2e, 0x0a]);
    for (const other of [gbk, cp1251])
      assert.throws(
        () => decodeUtf8(Buffer.concat([utf8, other])),
        /and not Latin-1 or Windows-1252 text either \(it may be GBK, Shift-JIS or a Cyrillic encoding\)/,
      );
  });

  test('binary content and empty input are refused with a reason', () => {
    assert.throws(() => decodeUtf8(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])), /binary content/);
    assert.throws(() => decodeUtf8(Buffer.alloc(0)), /empty file/);
  });
});

describe('terminal formatting', () => {
  // As groff's pic.txt and the man-db manual have it: bold struck over itself, underline under letters, a bullet,
  // and ANSI styles.
  const ROFF =
    'The  p\bpi\bic\bc  language is a t\btr\bro\bof\bff\bf extension; see _\bg_\bp_\bi_\bc(1).\n +\bo \x1b[1mman\x1b[22m - an interface\n';

  test('overstrikes and escape sequences are resolved to the text a terminal shows', () => {
    assert.equal(
      decodeUtf8(Buffer.from(ROFF)),
      'The  pic  language is a troff extension; see gpic(1).\n o man - an interface\n',
    );
    // A page in bold throughout is still text: backspaces and ESC are not binary content.
    assert.equal(decodeUtf8(Buffer.from('B\bBo\bol\bld\bd '.repeat(400))), 'Bold '.repeat(400));
  });

  test('a streamed large text reads the same as a whole one, when a read cuts an overstrike, an escape or a CRLF', async (t) => {
    const { dir } = await tempDir(t);
    const MB = 1 << 20;
    const file = join(dir, 'big.txt');
    // A read ends inside "p\bp", the next one inside "ESC[1m", a third inside a CRLF of a line longer than 4,096.
    const long = 'x'.repeat(5000);
    const bytes = Buffer.concat([
      Buffer.alloc(MB - 1, 'a'),
      Buffer.from('p\bp and more\r\n'),
      Buffer.alloc(MB - 16, 'b'),
      Buffer.from(' \x1b[1mbold\x1b[0m\n'),
      Buffer.alloc(MB - 10, 'c'),
      Buffer.from(`${long}\r\n${ROFF}`),
    ]);
    await writeFile(file, bytes);
    const { encoding } = await hashTextFile(file);
    let streamed = '';
    for await (const w of textWindows(file, 64 * 1024, () => {}, encoding)) {
      assert.equal(w.offset, streamed.length);
      streamed += w.text;
    }
    assert.equal(streamed, decodeUtf8(bytes));
    assert.ok(!/[\x08\x1b\r]/.test(streamed));
  });
});

describe('large text, streamed', () => {
  const MB = 1 << 20;
  const filled = (bytes: number) => Buffer.alloc(bytes, 'word ');

  test('a large text with a few NUL bytes of its own streams as read whole, each shown as ^@; more NULs fail', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'escapes.txt');
    const bytes = Buffer.concat([filled(MB - 2), Buffer.from('\0shade{0.9} and \0font{Courier10}\n'), filled(MB)]);
    await writeFile(file, bytes);
    let text = '';
    for await (const w of textWindows(file, 64 * 1024, () => {}, (await hashTextFile(file)).encoding)) text += w.text;
    assert.equal(text, decodeUtf8(bytes));
    assert.ok(text.includes('^@shade{0.9} and ^@font{Courier10}'));
    assert.ok(!text.includes('\0'));
    // A run of NULs is a binary file's padding, wherever it starts; so are NULs past one in a hundred bytes.
    const binary = join(dir, 'dump.txt');
    await writeFile(binary, Buffer.concat([filled(MB), Buffer.alloc(MB, 0)]));
    await assert.rejects(hashTextFile(binary), /binary content \(NUL bytes near byte \d+\)/);
    const dense = join(dir, 'dense.txt');
    await writeFile(dense, Buffer.concat([filled(MB), Buffer.from('\0a'.repeat(MB / 4))]));
    await assert.rejects(hashTextFile(dense), /binary content \(NUL bytes\); not a text file/);
    // A tar archive of a large text: its header pads with NULs, the text after it is plain.
    const tar = Buffer.concat([
      Buffer.from('notes.txt'),
      Buffer.alloc(91, 0),
      Buffer.from('0000644\0'),
      Buffer.alloc(404, 0),
      filled(MB),
    ]);
    assert.throws(() => decodeUtf8(tar), /binary content \(NUL bytes\)/);
  });

  test('a legacy file is read as Windows-1252, also when a letter ends a read', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'legacy.txt');
    // The first read ends on 0xE9, which could start a UTF-8 character; the next read shows it does not.
    await writeFile(
      file,
      Buffer.concat([filled(MB - 1), Buffer.from([0xe9]), Buffer.from(' caf'), Buffer.from([0xe9])]),
    );
    const { encoding } = await hashTextFile(file);
    assert.equal(encoding, 'windows-1252');
    let text = '';
    for await (const w of textWindows(file, 64 * 1024, () => {}, encoding)) text += w.text;
    assert.equal(text.length, MB + 5);
    assert.ok(text.endsWith('é café'));
  });

  test('UTF-8 whose character spans two reads is UTF-8; a byte that is not, after one that is, is read as it is', async (t) => {
    const { dir } = await tempDir(t);
    const utf8 = join(dir, 'utf8.txt');
    await writeFile(utf8, Buffer.concat([filled(MB - 1), Buffer.from('é and ü')]));
    assert.equal((await hashTextFile(utf8)).encoding, 'utf-8');
    // A UTF-8 "ü" cut by the second read's end, then a Latin-1 "é" at the end of the file.
    const mixed = join(dir, 'mixed.txt');
    await writeFile(
      mixed,
      Buffer.concat([Buffer.from('é '), filled(2 * MB - 4), Buffer.from('ü'), Buffer.from([0xe9])]),
    );
    const { encoding } = await hashTextFile(mixed);
    assert.equal(encoding, 'mixed');
    let text = '';
    for await (const w of textWindows(mixed, 64 * 1024, () => {}, encoding)) text += w.text;
    assert.equal(text, decodeUtf8(await readFile(mixed)));
    assert.ok(text.startsWith('é ') && text.endsWith('üé'), text.slice(-5));
  });

  test('a large text is refused or read on the whole file, as the same text read whole', async (t) => {
    const { dir } = await tempDir(t);
    // A stray byte in the first read, then UTF-8 Chinese: mixed, read.
    const late = join(dir, 'late.txt');
    await writeFile(
      late,
      Buffer.concat([Buffer.from([0xe9, 0x20]), Buffer.alloc(MB, 'a'), Buffer.from('中文'.repeat(MB))]),
    );
    assert.equal((await hashTextFile(late)).encoding, 'mixed');
    // A GBK paragraph among UTF-8 Chinese: refused either way.
    const gbk = join(dir, 'gbk.txt');
    const para = Buffer.from([0xd7, 0xa2, 0xd2, 0xe2, 0xd0, 0xe8, 0xd2, 0xaa, 0x0a]);
    await writeFile(gbk, Buffer.concat([Buffer.from('中文'.repeat(MB)), para]));
    await assert.rejects(hashTextFile(gbk), /it may be GBK/);
    assert.throws(() => decodeUtf8(Buffer.concat([Buffer.from('中文'.repeat(1000)), para])), /it may be GBK/);
  });
});

describe('pdf', () => {
  test('the fixture PDF gives a section per heading (lines set larger) with its page, English and Chinese text, and its title', async () => {
    const { docs } = await loadAll(join(FIXTURES, 'guide.pdf'));
    const doc = docs[0]!;
    assert.equal(doc.kind, 'deferred');
    const loaded = await (doc as Extract<AnyDoc, { kind: 'deferred' }>).load();
    assert.equal(loaded.title, 'Grounded ingestion guide');
    const sections = loaded.sections!.map((s) => [s.page, s.heading_path, loaded.text.slice(s.start, s.end)] as const);
    assert.equal(sections.length, 2);
    assert.deepEqual(sections[0]!.slice(0, 2), [1, ['Grounded ingestion guide']]);
    assert.match(sections[0]![2], /^Grounded splits every document/);
    assert.deepEqual(sections[1]!.slice(0, 2), [2, ['Grounded ingestion guide', 'Incremental runs']]);
    assert.match(sections[1]![2], /^A second run skips unchanged documents[\s\S]*检索增强生成需要准确的引用。/);
    assert.deepEqual(loaded.pageStarts, [0, loaded.text.indexOf('Incremental runs')]);
  });

  test('a corrupt PDF fails fast with a reason', async (t) => {
    const { dir } = await tempDir(t);
    await writeTree(dir, { 'broken.pdf': '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n' });
    const { docs } = await loadAll(join(dir, 'broken.pdf'));
    const started = Date.now();
    await assert.rejects((docs[0] as Extract<AnyDoc, { kind: 'deferred' }>).load(), (e: Error) => {
      assert.ok(e instanceof LoadError);
      assert.match(e.message, /unreadable PDF/);
      return true;
    });
    assert.ok(Date.now() - started < 5000);
  });

  test('extraction that exceeds its time limit is stopped', async () => {
    const slow = createPdfPool({ size: 1, timeoutMs: 1 });
    try {
      const ctx = loadContext(join(FIXTURES, 'guide.pdf'), slow);
      const docs: AnyDoc[] = [];
      for await (const d of loadFile(ctx, 0)) docs.push(d);
      await assert.rejects((docs[0] as Extract<AnyDoc, { kind: 'deferred' }>).load(), /timed out after/);
    } finally {
      await slow.close();
    }
  });
});

describe('jsonl', () => {
  test('documents per line; a broken line is reported by number and the rest is loaded', async (t) => {
    const { dir } = await tempDir(t);
    const lines = [
      JSON.stringify({ _id: 'a', title: 'A', text: 'First\u0085document.' }),
      '{"_id": "b", "text": broken',
      '',
      JSON.stringify({ id: 7, contents: 'Seventh.' }),
      JSON.stringify({ title: 'no id', text: 'x' }),
      JSON.stringify({ _id: 'c', title: 'Only a title', text: '' }),
    ];
    await writeTree(dir, { 'c.jsonl': `${lines.join('\n')}\n` });
    const { docs, issues } = await loadAll(join(dir, 'c.jsonl'));
    assert.deepEqual(
      docs.map((d) => d.kind === 'memory' && [d.doc_id, d.title, d.text]),
      [
        ['a', 'A', 'First\u0085document.'],
        ['7', '', 'Seventh.'],
        ['c', 'Only a title', 'Only a title'],
      ],
    );
    assert.equal(issues.length, 2);
    assert.match(issues[0]!, /^line 2: invalid JSON/);
    assert.match(issues[1]!, /^line 5: no document id/);
  });

  test('a line read as a text file is: a stray Latin-1 byte read as its letter, another encoding reported', async (t) => {
    const { dir } = await tempDir(t);
    const line = (text: Buffer, id: string) =>
      Buffer.concat([Buffer.from(`{"_id": "${id}", "text": "`), text, Buffer.from('"}\n')]);
    await writeFile(
      join(dir, 'm.jsonl'),
      Buffer.concat([
        line(Buffer.from('Café première.'), 'a'),
        line(Buffer.concat([Buffer.from('Résumé '), Buffer.from([0xa9]), Buffer.from(' 2002.')]), 'b'),
        line(Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0]), 'c'),
      ]),
    );
    const { docs, issues } = await loadAll(join(dir, 'm.jsonl'));
    assert.deepEqual(
      docs.map((d) => d.kind === 'memory' && [d.doc_id, d.text]),
      [
        ['a', 'Café première.'],
        ['b', 'Résumé © 2002.'],
      ],
    );
    assert.deepEqual(issues, [
      'line 3: invalid UTF-8, and not Latin-1 or Windows-1252 text either (it may be GBK, Shift-JIS or a Cyrillic encoding); save it as UTF-8',
    ]);
  });

  test('field names can be chosen', async (t) => {
    const { dir } = await tempDir(t);
    await writeTree(dir, { 'q.jsonl': `${JSON.stringify({ key: 'k1', name: 'Name', body: 'Body text.' })}\n` });
    const { docs } = await loadAll(join(dir, 'q.jsonl'), { id: 'key', title: 'name', text: 'body' });
    assert.deepEqual(
      docs.map((d) => d.kind === 'memory' && [d.doc_id, d.title, d.text]),
      [['k1', 'Name', 'Body text.']],
    );
  });
});
