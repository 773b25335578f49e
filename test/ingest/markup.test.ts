import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { chunkDocument } from '../../ingest/chunk.ts';
import { sniffUpload } from '../../ingest/jobs/sniff.ts';
import { createPdfPool, loadFile, readableKind } from '../../ingest/loaders/index.ts';
import { orgInline } from '../../ingest/loaders/org.ts';
import type { AnyDoc, LoadedDoc } from '../../ingest/types.ts';
import { askOnce } from '../../src/service/ask.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { loadContext, writeTree } from './helpers.ts';

const pdf = createPdfPool({ size: 1, timeoutMs: 10_000 });
after(() => pdf.close());

const ADOC = `= Fetcher User Manual
Jane Doe <jane@example.org>
:toc: left
:product: Fetcher
:version: 2.4

// This comment is not text.

== Installing {product}

{product} {version} installs with \`make install\`.
You need *root* rights for _system-wide_ installs.

[source,shell]
----
$ make install PREFIX=/usr
----

.Supported platforms
* Linux
* FreeBSD, see <<bsd-notes,the BSD notes>>.

== Options

-v::
--verbose::
\tPrint each transfer as it happens.
+
Repeat it for more detail.

--retry=<n>:: Try again up to _n_ times. Default: 3.

=== Limits

[cols="1,2"]
|===
|Setting |Meaning

|max-time
|The longest a transfer may take, in seconds.

|max-size |The largest file, see https://example.org/limits[the limits page].
|===

////
A comment block.
////

[NOTE]
====
Done.
====

[[bsd-notes]]
BSD notes
---------

On FreeBSD, install from ports. kbd:[Ctrl+C] stops a transfer. +
Press btn:[OK] to go on.

The history graph:

       .----A
      /
 ----B
`;

const ORG = `#+TITLE: Fetcher manual
#+AUTHOR: Jane Doe
#+OPTIONS: toc:nil

# A comment that is not text.

* Installing                                                     :setup:
  :PROPERTIES:
  :CUSTOM_ID: install
  :END:
Fetcher installs with =make install=. You need *root* rights for
/system-wide/ installs, see [[https://example.org/install][the install page]].[fn:1]

#+BEGIN_SRC shell
  $ make install PREFIX=/usr
#+END_SRC

** TODO [#A] Options
- =-v=, =--verbose= :: Print each transfer as it happens.
- =--retry N= :: Try again up to N times.
  Default: 3.

Supported platforms:
- Linux
- FreeBSD

** Limits
| Setting  | Meaning                       |
|----------+-------------------------------|
| max-time | The longest a transfer takes. |

: $ fetcher --max-time 10 URL
: done

#+BEGIN_QUOTE
Fetching is easy.
#+END_QUOTE

#+begin_comment
Hidden.
#+end_comment
`;

/** A Texinfo manual as GNU projects write one: setup, title page, menus, nodes, index entries, tables and examples. */
const TEXI = `\\input texinfo
@c This comment is not text.
@setfilename fetcher.info
@settitle Fetcher User Manual
@set VERSION 2.4

@titlepage
@title Fetcher
@author Jane Doe
@end titlepage

@ifnottex
@node Top
@top Fetcher
@menu
* Installing::   How to install it.
@end menu
@end ifnottex

@node Installing
@chapter Installing Fetcher
@cindex installing
Fetcher @value{VERSION} installs with @code{make install}@footnote{Or
@command{gmake} on BSD.}.  You need @strong{root} rights for
system-wide installs@dots{}  @xref{Options, , Command options}.

@example
$ make install PREFIX=/usr
@end example

@itemize @bullet
@item Linux
@item FreeBSD, see @uref{https://example.org/bsd, the BSD notes}.
@end itemize

@iftex
Only in print.
@end iftex

@node Options
@section Options
@table @option
@item -v
@itemx --verbose
Print each transfer as it happens.

Repeat it for more detail.
@item --retry=@var{n}
Try again up to @var{n} times.  Default: 3.
@end table

@multitable @columnfractions .3 .7
@headitem Setting @tab Meaning
@item max-time @tab The longest a transfer may take, in seconds.
@end multitable

@bye
Nothing after bye.
`;

/** What Git's manuals and most Asciidoctor documents also use: conditionals, includes, macros, spans, tables. */
const ADOC2 = `= Git-like Manual
:litdd: --
:env-web:

NAME
----
tool - do things, see linkgit:git-add[1] and <<opts,the
options>>.

\`tool.conf\` settings
~~~~~~~~~~~~~~~~~~~~

[[def_x]]alternate database::
\tA database \`refs/tags/*:refs/tags/*\` kept *elsewhere*.

ifdef::env-web[]
Read this on the web.
endif::env-web[]
ifndef::env-web[]
Read this in a terminal.
endif::env-web[]
include::other.adoc[]

* Apply it:

    $ git fetch
    $ git am a.patch

. First step
. Second step
.. A sub-step

[source,sh]
----
ls
----

Normal *para*
with two lines and \`\`old quotes''.

[cols="3"]
|===
|a |b
continued b |c
2+|wide |d
|e ||g
|===

,===
name,value
"x, y",2
,===
`;

/** Org's macros, escapes, internal links, numbered lists, unexported subtrees and a block never closed. */
const ORG2 = `#+TITLE: Org features
#+TODO: OPEN | CLOSED

* OPEN Keys
Press {{{kbd(C-c C-c)}}} to run a [[https://orgmode.org/manual/Links.html][link
that wraps]] or see [[*Keys]] and [[#custom-id]].

#+begin_example
,* Not a headline
,#+TITLE: not a keyword
#+end_example

1. first
2. second

* COMMENT Drafts
Never exported.
** Nor this
* Hidden :noexport:
Not this either.
* Unclosed
#+begin_src sh
echo hi
more text
`;

async function loadOne(dir: string, name: string): Promise<LoadedDoc & { kind: 'memory' }> {
  const docs: AnyDoc[] = [];
  for await (const d of loadFile(loadContext(join(dir, name), pdf), 0)) docs.push(d);
  assert.equal(docs.length, 1);
  assert.equal(docs[0]!.kind, 'memory');
  return docs[0] as LoadedDoc & { kind: 'memory' };
}

const sectionsOf = (doc: LoadedDoc) =>
  doc.sections!.map((s) => [s.heading_path.join(' > '), doc.text.slice(s.start, s.end)]);

function assertChunksSlice(doc: LoadedDoc & { kind: 'memory' }) {
  const chunks = chunkDocument(doc, 'src', { maxTokens: 20, overlapTokens: 4 });
  assert.ok(chunks.length > 3);
  for (const c of chunks) assert.equal(doc.text.slice(c.start, c.end), c.text, `chunk ${c.chunk_index} offsets`);
}

test('AsciiDoc: titles of both kinds, attributes, blocks, description lists and tables as a reader sees them', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'manual.adoc': ADOC });
  const doc = await loadOne(dir, 'manual.adoc');
  assert.equal(doc.title, 'Fetcher User Manual');
  assert.deepEqual(sectionsOf(doc), [
    [
      'Fetcher User Manual > Installing Fetcher',
      'Fetcher 2.4 installs with make install. You need root rights for system-wide installs.\n\n' +
        '$ make install PREFIX=/usr\n\nSupported platforms\n\n- Linux\n- FreeBSD, see the BSD notes.',
    ],
    [
      'Fetcher User Manual > Options',
      // The terms stand over their definition, as a manual page's option tags do.
      '-v, --verbose\nPrint each transfer as it happens.\n\nRepeat it for more detail.\n\n' +
        '--retry=<n>\nTry again up to n times. Default: 3.',
    ],
    [
      'Fetcher User Manual > Options > Limits',
      'Setting   Meaning\nmax-time   The longest a transfer may take, in seconds.\n' +
        'max-size   The largest file, see the limits page.\n\nDone.',
    ],
    [
      'Fetcher User Manual > BSD notes',
      'On FreeBSD, install from ports. Ctrl+C stops a transfer.\nPress OK to go on.\n\nThe history graph:\n\n' +
        '      .----A\n     /\n----B',
    ],
  ]);
  for (const gone of ['Jane', ':toc:', '{product}', 'comment', '[source', '----\n', '|===', '[[', '<<', '::', '*root*'])
    assert.ok(!doc.text.includes(gone), `${gone} should be gone`);
  assertChunksSlice(doc);
});

test('Org: headlines without keywords or tags, blocks, drawers, description lists and tables as a reader sees them', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'manual.org': ORG });
  const doc = await loadOne(dir, 'manual.org');
  assert.equal(doc.title, 'Fetcher manual');
  assert.deepEqual(sectionsOf(doc), [
    [
      'Fetcher manual > Installing',
      'Fetcher installs with make install. You need root rights for system-wide installs, see the install page.' +
        '\n\n$ make install PREFIX=/usr',
    ],
    [
      'Fetcher manual > Installing > Options',
      '-v, --verbose\nPrint each transfer as it happens.\n\n--retry N\nTry again up to N times. Default: 3.\n\n' +
        'Supported platforms:\n\n- Linux\n- FreeBSD',
    ],
    [
      'Fetcher manual > Installing > Limits',
      'Setting   Meaning\nmax-time   The longest a transfer takes.\n\n$ fetcher --max-time 10 URL\ndone\n\nFetching is easy.',
    ],
  ]);
  for (const gone of ['Jane', 'toc:nil', 'TODO', '[#A]', ':setup:', 'CUSTOM_ID', '#+', 'Hidden', '[fn:', '=make'])
    assert.ok(!doc.text.includes(gone), `${gone} should be gone`);
  assertChunksSlice(doc);
});

test('AsciiDoc: conditionals, includes, macros, code spans, literal paragraphs, spans and CSV tables', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'git.adoc': ADOC2 });
  const doc = await loadOne(dir, 'git.adoc');
  assert.deepEqual(sectionsOf(doc), [
    // A cross reference and an unknown macro (Git's linkgit) across a line break, as they read.
    ['Git-like Manual > NAME', 'tool - do things, see git-add(1) and the options.'],
    [
      // A two-line title that starts with a code span; an anchor before a term; a code span's "*" kept.
      'Git-like Manual > NAME > tool.conf settings',
      'alternate database\nA database refs/tags/*:refs/tags/* kept elsewhere.\n\n' +
        // ifdef keeps its lines as the attributes say, ifndef drops them; the include line is no text.
        'Read this on the web.\n\n' +
        // An indented paragraph after a list item is a command, kept as written.
        '- Apply it:\n\n$ git fetch\n$ git am a.patch\n\n' +
        '1. First step\n2. Second step\n1. A sub-step\n\nls\n\n' +
        // The [source] style was the block's: the paragraph after it is prose again.
        'Normal para with two lines and "old quotes".\n\n' +
        // A cell going on on the next line, a cell spanning two columns, an empty cell; a CSV table.
        'a   b continued b   c\nwide      d\ne      g\n\nname   value\nx, y   2',
    ],
  ]);
  for (const gone of ['ifdef', 'endif', 'include::', 'terminal', 'linkgit', '[[', '<<', '|==='])
    assert.ok(!doc.text.includes(gone), `${gone} should be gone`);
});

test('AsciiDoc: a title using what the header defines under it; thematic and page breaks are no text', async (t) => {
  const { dir } = await tempDir(t);
  // As rdiff-backup ships its documents: the page name is defined under the title that uses it.
  const faq = [
    '= fetcher: {page-name}',
    ':page-name: F.A.Q.',
    ':sectnums:',
    '',
    'link:.[Home] // *{page-name}*',
    '',
    "'''''",
    '',
    'toc::[]',
    '',
    '== Why is it slow?',
    '',
    'Fetcher checks every mirror first.',
    '',
    '---',
    '',
    '* * *',
    '',
    '<<<',
    '',
    'Use --fast to skip the check.',
  ].join('\n');
  await writeTree(dir, { 'faq.adoc': faq });
  const doc = await loadOne(dir, 'faq.adoc');
  assert.equal(doc.title, 'fetcher: F.A.Q.');
  assert.deepEqual(sectionsOf(doc), [
    ['fetcher: F.A.Q.', 'Home // F.A.Q.'],
    ['fetcher: F.A.Q. > Why is it slow?', 'Fetcher checks every mirror first.\n\nUse --fast to skip the check.'],
  ]);
});

test('Org: macros, escaped lines, internal links, numbered lists; unexported subtrees; a block never closed is text', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'features.org': ORG2 });
  const doc = await loadOne(dir, 'features.org');
  assert.deepEqual(sectionsOf(doc), [
    [
      // A custom TODO keyword ("OPEN") is not the headline's word; a link wrapping lines shows its description.
      'Org features > Keys',
      'Press C-c C-c to run a link that wraps or see Keys and custom-id.\n\n' +
        '* Not a headline\n#+TITLE: not a keyword\n\n1. first\n2. second',
    ],
    ['Org features > Unclosed', '#+begin_src sh echo hi more text'],
  ]);
  for (const gone of ['Drafts', 'Never', 'Nor this', 'Hidden', 'Not this', 'OPEN', '{{{', '[['])
    assert.ok(!doc.text.includes(gone), `${gone} should be gone`);
});

test("Org: brackets written as text before a link are not taken into the link's target", () => {
  // org-mode's manual writes "After =[[=, complete link abbreviations (see [[*Link Abbreviations]])": the target
  // holds no "[", so the link is the second pair only (it had swallowed the text between them).
  assert.equal(
    orgInline('After =[[=, complete link abbreviations (see [[*Link Abbreviations]]).'),
    'After [[, complete link abbreviations (see Link Abbreviations).',
  );
  assert.equal(orgInline('See [[https://orgmode.org][the site]] and [[file:a.org]].'), 'See the site and a.org.');
});

test('AsciiDoc and Org files are read in a folder, gzipped too, and as uploads by their names', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, {
    'a.adoc': ADOC,
    'b.asciidoc': ADOC,
    'README.org': ORG,
    'c.adoc.gz': gzipSync(ADOC),
    'd.org.gz': gzipSync(ORG),
  });
  for (const [name, kind] of [
    ['a.adoc', 'asciidoc'],
    ['b.asciidoc', 'asciidoc'],
    ['README.org', 'org'],
    ['c.adoc.gz', 'asciidoc'],
    ['d.org.gz', 'org'],
  ] as const)
    assert.equal(await readableKind(join(dir, name)), kind, name);
  assert.deepEqual((await loadOne(dir, 'c.adoc.gz')).text, (await loadOne(dir, 'a.adoc')).text);
  assert.equal((await loadOne(dir, 'd.org.gz')).title, 'Fetcher manual');
  assert.equal((await sniffUpload(Buffer.from(ADOC), 'guide.adoc')).type, 'asciidoc');
  assert.equal((await sniffUpload(Buffer.from(ORG), 'notes.org')).type, 'org');
});

test('Texinfo: sections under the title, inline commands, tables, lists and examples as the Info manual reads', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'fetcher.texi': TEXI });
  const doc = await loadOne(dir, 'fetcher.texi');
  assert.equal(doc.title, 'Fetcher User Manual');
  assert.deepEqual(sectionsOf(doc), [
    [
      'Fetcher User Manual > Installing Fetcher',
      'Fetcher 2.4 installs with make install (Or gmake on BSD.). You need root rights for system-wide ' +
        'installs... See Command options.\n\n$ make install PREFIX=/usr\n\n' +
        '- Linux\n- FreeBSD, see the BSD notes (https://example.org/bsd).',
    ],
    [
      'Fetcher User Manual > Installing Fetcher > Options',
      // The terms stand over their definition, as a manual page's option tags do.
      '-v, --verbose\nPrint each transfer as it happens.\n\nRepeat it for more detail.\n\n' +
        '--retry=n\nTry again up to n times. Default: 3.\n\n' +
        'Setting   Meaning\nmax-time   The longest a transfer may take, in seconds.',
    ],
  ]);
  for (const gone of ['@', 'comment', 'Jane', 'Only in print', 'menu', 'How to install', 'installing\n', 'after bye'])
    assert.ok(!doc.text.includes(gone), `${gone} should be gone`);
  assertChunksSlice(doc);
});

test('Texinfo: what a review found — example shaping lines, values with markup, accents, comments after an end, rows over lines', async (t) => {
  const { dir } = await tempDir(t);
  const src = [
    '@settitle Frob',
    "@set dsq '@:'",
    '@defindex op',
    '@clear draft',
    '@chapter Use@*of Frob',
    "Fran@,{c}ois and Ren@'e wrote it; quote with @value{dsq}; @inforef{Top, Frob manual, frob}.",
    '',
    '@example',
    '@group',
    'frob --all',
    '@cindex all',
    '@end group',
    '@end example @c the example ends here',
    '',
    '@deffn Command frob-all',
    '@deffnx Command frob-some',
    'Frob things.',
    '@end deffn',
    '',
    '@ifset draft',
    'A draft note.',
    '@end ifset @c draft',
    'After the draft.',
    '',
    '@multitable @columnfractions .5 .5',
    '@item one',
    '@c a comment in a row',
    '@tab uno',
    '@item two @tab dos',
    '@end multitable',
    '',
    '@itemize',
    '@item one',
    '@end itemize',
    '@enumerate',
    '@item',
    '@example',
    'frob 1',
    '@end example',
    '@end enumerate',
    '',
    '@example',
    '@code{frob} never closed',
  ].join('\n');
  await writeTree(dir, { 'frob.txi': src });
  const doc = await loadOne(dir, 'frob.txi');
  assert.deepEqual(sectionsOf(doc), [
    [
      'Frob > Use of Frob',
      "François and René wrote it; quote with ''; Frob manual.\n\nfrob --all\n\n" +
        'Command frob-all, Command frob-some\nFrob things.\n\nAfter the draft.\n\none   uno\ntwo   dos\n\n' +
        '- one\n\nfrob 1\n\nfrob never closed',
    ],
  ]);
  for (const gone of ['\u0000', '@', 'group', 'op\n', 'draft note', 'comment'])
    assert.ok(!doc.text.includes(gone), gone);
});

test('Texinfo files are read in a folder, gzipped too, and as uploads by their names', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'a.texi': TEXI, 'b.texinfo': TEXI, 'c.texi.gz': gzipSync(TEXI), 'd.txi': TEXI });
  for (const name of ['a.texi', 'b.texinfo', 'c.texi.gz', 'd.txi'])
    assert.equal(await readableKind(join(dir, name)), 'texinfo', name);
  assert.deepEqual((await loadOne(dir, 'c.texi.gz')).text, (await loadOne(dir, 'a.texi')).text);
  assert.equal((await sniffUpload(Buffer.from(TEXI), 'fetcher.texi')).type, 'texinfo');
});

test("a question is answered from an AsciiDoc, Org or Texinfo description list's entry, quoted with its term line", async () => {
  const server = await startTestServer({
    sources: { adoc: { 'manual.adoc': ADOC }, org: { 'manual.org': ORG }, texi: { 'manual.texi': TEXI } },
  });
  try {
    for (const source of ['adoc', 'org', 'texi']) {
      const r = await askOnce(server.deps, {
        question: 'Which fetcher option prints each transfer as it happens?',
        sources: [source],
      });
      assert.equal(r.status, 'answered', r.answer);
      assert.match(r.answer, /^-v, --verbose:? Print each transfer as it happens\. \[1\]/, source);
    }
  } finally {
    await server.close();
  }
});
