import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { sniffUpload } from '../../ingest/jobs/sniff.ts';
import { createPdfPool, loadFile, readableKind } from '../../ingest/loaders/index.ts';
import { extractMan } from '../../ingest/loaders/man.ts';
import type { LoadedDoc } from '../../ingest/types.ts';
import { askOnce } from '../../src/service/ask.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { loadContext, writeTree } from './helpers.ts';

// Two manual pages written for these tests, in the shapes real ones take: man(7) as GNU tools write it (string
// definitions in conditionals, a macro definition, fonts, escapes, an example, a tbl table) and mdoc(7) as BSD tools
// and OpenSSH write it.
const FROB_1 = String.raw`.\" Copyright notice: not text.
.de Xx
.ft B
..
.ie \n(.g \{\
.  ds lq \(lq\"
.  ds rq \(rq\"
.\}
.el \{\
.  ds lq ${'``'}
.\}
.TH FROB 1 "2026-01-01" "frob 2.1" "User Commands"
.SH NAME
frob \- turn widgets into gadgets
.SH SYNOPSIS
.B frob
[\fIOPTION\fR]... [\fIFILE\fR]...
.SH DESCRIPTION
.B frob
reads each
.I FILE
and writes its gadgets to standard output.
A
.I FILE
of \*(lq\-\*(rq stands for standard input.
.SH OPTIONS
.SS "Output control"
.TP
.BR \-k ", " \-\-keep
Keep (don't delete) the input files.
.TP
.B \-q, \-\-quiet
Print nothing but errors \(em not even the summary.
.SH EXAMPLES
.nf
.RS
frob \-k widgets.txt > gadgets.txt
frob \-q *.txt
.RE
.fi
.SH "EXIT STATUS"
.TS
tab(:);
l l.
0:success
2:a widget could not be read
.TE
.SH "SEE ALSO"
.BR widget (7)
`;

const FROBD_8 = `.Dd January 1, 2026
.Dt FROBD 8
.Os
.Sh NAME
.Nm frobd
.Nd frobnicator daemon
.Sh SYNOPSIS
.Nm
.Op Fl dq
.Op Fl p Ar port
.Sh DESCRIPTION
.Nm
listens for widgets on
.Ar port
and answers each with a gadget, as
.Xr frob 1
does.
The options are as follows:
.Bl -tag -width Ds
.It Fl d
Do not detach; log to standard error.
.It Xo
.Fl p
.Ar port
.Xc
Listen on
.Ar port
instead of 7070.
.El
.Sh FILES
.Bl -tag -width Ds
.It Pa /etc/frobd.conf
The configuration file.
.El
.Sh EXIT STATUS
.Ex -std
`;

const pdf = createPdfPool({ size: 1, timeoutMs: 10_000 });
after(() => pdf.close());

async function load(file: string): Promise<LoadedDoc> {
  const docs: LoadedDoc[] = [];
  for await (const d of loadFile(loadContext(file, pdf), 0)) if (d.kind === 'memory') docs.push(d);
  assert.equal(docs.length, 1);
  return docs[0]!;
}

const sectionOf = (doc: LoadedDoc, needle: string) => {
  const at = doc.text.indexOf(needle);
  assert.ok(at >= 0, `${needle} in ${doc.text}`);
  return doc.sections?.find((s) => s.start <= at && at < s.end)?.heading_path;
};

test('a man(7) page is read as its text: sections by .SH/.SS, option tags over their descriptions, no roff', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'frob.1.gz': gzipSync(FROB_1) });
  const doc = await load(join(dir, 'frob.1.gz'));
  assert.equal(doc.title, 'frob(1)');
  assert.ok(doc.text.startsWith('frob - turn widgets into gadgets\n\nfrob [OPTION]... [FILE]...\n\n'), doc.text);
  assert.match(doc.text, /A FILE of “-” stands for standard input\./);
  assert.match(doc.text, /\n-k, --keep\nKeep \(don't delete\) the input files\.\n/);
  assert.match(doc.text, /Print nothing but errors — not even the summary\./);
  // The example line by line, the table's rows one a line.
  assert.match(doc.text, /\nfrob -k widgets\.txt > gadgets\.txt\nfrob -q \*\.txt\n/);
  assert.match(doc.text, /\n0 {3}success\n2 {3}a widget could not be read\n/);
  assert.match(doc.text, /widget\(7\)$/);
  assert.doesNotMatch(doc.text, /\\|^\.|ds lq|Copyright|``/m);
  assert.deepEqual(sectionOf(doc, '-k, --keep'), ['OPTIONS', 'Output control']);
  assert.deepEqual(sectionOf(doc, 'a widget could not be read'), ['EXIT STATUS']);
  // Offsets slice the text: each section is one run of it.
  for (const s of doc.sections ?? [])
    assert.equal(doc.text.slice(s.start, s.end).trim(), doc.text.slice(s.start, s.end));
});

test('an mdoc(7) page: the name, options built from macros, an item head over several lines, cross-references', async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, { 'frobd.8': FROBD_8 });
  const doc = await load(join(dir, 'frobd.8'));
  assert.equal(doc.title, 'frobd(8)');
  assert.ok(doc.text.startsWith('frobd — frobnicator daemon\n\nfrobd [-dq] [-p port]\n\n'), doc.text);
  assert.match(doc.text, /listens for widgets on port and answers each with a gadget, as frob\(1\) does\./);
  assert.match(doc.text, /\n-d\nDo not detach; log to standard error\.\n/);
  assert.match(doc.text, /\n-p port\nListen on port instead of 7070\.\n/);
  assert.match(doc.text, /\n\/etc\/frobd\.conf\nThe configuration file\.\n/);
  assert.match(doc.text, /The frobd utility exits 0 on success, and >0 if an error occurs\.$/);
  assert.deepEqual(sectionOf(doc, 'Listen on port'), ['DESCRIPTION']);
});

test("a file named like a manual page is one only when it is a page's roff; an upload of roff is one whatever its name", async (t) => {
  const { dir } = await tempDir(t);
  await writeTree(dir, {
    'frob.1': FROB_1,
    'frobd.8.gz': gzipSync(FROBD_8),
    // Debian's numbered release notes, and a README's "read me first" copy: documents by their names, text.
    'NEWS.2.1': 'frob 2.1\n\n* Faster gadgets.\n',
    'README.1st': 'Read this first.\n',
    // A rotated log, and a page that only points at another (`egrep.1`): passed over, as before.
    'frob.log.1': 'started\nstopped\n',
    'unfrob.1.gz': gzipSync('.so man1/frob.1\n'),
  });
  assert.equal(await readableKind(join(dir, 'frob.1')), 'man');
  assert.equal(await readableKind(join(dir, 'frobd.8.gz')), 'man');
  assert.equal(await readableKind(join(dir, 'NEWS.2.1')), 'text');
  assert.equal(await readableKind(join(dir, 'README.1st')), 'text');
  assert.equal(await readableKind(join(dir, 'frob.log.1')), undefined);
  assert.equal(await readableKind(join(dir, 'unfrob.1.gz')), undefined);
  // A list that merely has lines starting with a dot is no manual page.
  assert.equal((await sniffUpload(Buffer.from('Country domains\n.de\n.fr\n'), 'domains')).type, 'text');
  assert.deepEqual(await sniffUpload(Buffer.from(FROB_1), 'frob'), { type: 'man', ext: '.man' });
  assert.deepEqual(await sniffUpload(gzipSync(FROBD_8), 'frobd.8.gz'), { type: 'man', ext: '.man.gz' });
  assert.equal((await sniffUpload(Buffer.from('Read this first.\n'), 'README.1st')).type, 'text');
});

test('the shapes generated pages take: pod2man tags in conditionals, help2man italic corrections, rst2man tables', () => {
  const doc = extractMan(
    String.raw`.TH FROBNICATE 3pm
.ds PN frobnicate
.SH NAME
\*(PN \- frob in Perl
.SH DESCRIPTION
.ie n .IP "@list = \fBfrob()\fR" 4
.el .IP "@list = frob()" 4
Returns every gadget.
.ie n \{Read on a terminal.
.\}
.el \{Read typeset.
.\}
Usage: frob [\,OPTION\/]... \fB\-\-color\fP\c
\fI=WHEN\fR, see
.UR https://frob.example
the site
.UE .
Z\(:urich caf\('e.
.TS
allbox tab(@);
l l l.
Option@T{
What it does
T}@T{
Since
T}
_
\-k@T{
keep the input
T}@2.0
.TE
`,
    'x',
  );
  assert.equal(doc.title, 'frobnicate(3pm)');
  assert.match(doc.text, /^frobnicate - frob in Perl\n/);
  assert.match(doc.text, /\n@list = frob\(\)\nReturns every gadget\. Read on a terminal\./);
  assert.doesNotMatch(doc.text, /Read typeset/);
  assert.match(doc.text, /Usage: frob \[OPTION\]\.\.\. --color=WHEN, see the site <https:\/\/frob\.example>\./);
  assert.match(doc.text, /Zürich café\./);
  assert.match(doc.text, /\nOption {3}What it does {3}Since\n-k {3}keep the input {3}2\.0$/);
});

test('macros a page defines for itself are read with their arguments; ones the loader reads keep their reading', () => {
  // As util-linux's pages write them: a macro, another name for it, an addition to it, a call after "at \\c".
  const doc = extractMan(
    String.raw`.TH FROB 1
.de URL
\\$2 <\\$1>\\$3
..
.als MTO URL
.am URL
.  ad l
..
.de SH
Not how sections are read.
..
.SH AUTHORS
.MTO "jane\(atexample.org" "Jane Doe" ","
.MTO "joe\(atexample.org" "Joe Bloggs" ""
.SH "REPORTING BUGS"
Use the tracker at \c
.URL "https://frob.example/issues" "" "."
.de LOOP
.LOOP again
..
.LOOP
`,
    'x',
  );
  assert.deepEqual(
    doc.sections.map((s) => [s.heading_path.join(' > '), doc.text.slice(s.start, s.end)]),
    [
      ['AUTHORS', 'Jane Doe <jane@example.org>, Joe Bloggs <joe@example.org>'],
      ['REPORTING BUGS', 'Use the tracker at <https://frob.example/issues>.'],
    ],
  );
});

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { pages: { 'frob.1': FROB_1, 'frobd.8': FROBD_8 } } });
});
after(() => server.close());

test('a question over a folder of manual pages is answered from the option entry, its tag quoted', async () => {
  const r = await askOnce(server.deps, { question: 'Which frob option keeps the input files?', sources: ['pages'] });
  assert.equal(r.status, 'answered', r.refusal_detail);
  assert.match(r.answer, /^-k, --keep/);
  assert.equal(r.citations[0]?.doc_id, 'frob.1');
  assert.equal(r.citations[0]?.title, 'frob(1)');
});
