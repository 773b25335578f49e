import { chunkDocument } from '../../ingest/chunk.ts';
import { extractAsciidoc } from '../../ingest/loaders/asciidoc.ts';
import { extractDocbook } from '../../ingest/loaders/docbook.ts';
import { extractHtml } from '../../ingest/loaders/html.ts';
import { extractInfo } from '../../ingest/loaders/info.ts';
import { extractMan } from '../../ingest/loaders/man.ts';
import { extractMarkdown } from '../../ingest/loaders/markdown.ts';
import { extractOrg } from '../../ingest/loaders/org.ts';
import { extractRst } from '../../ingest/loaders/rst.ts';
import { extractTexinfo } from '../../ingest/loaders/texinfo.ts';
import { plainTextSections } from '../../ingest/loaders/text-furniture.ts';

const KB = 1024;
/** A string of about `bytes` characters: `unit` repeated. */
const fill = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.ceil(bytes / unit.length)));

type Format = {
  name: string;
  read: (s: string) => unknown;
  /** A document as its writers make them: headings, paragraphs, lists, tables, code, repeated to size. */
  ordinary: string;
  /** Inputs shaped against the loader's patterns (unclosed spans, runs of one mark, nesting, expansion bombs). */
  crafted: [string, (bytes: number) => string][];
};

const FORMATS: Format[] = [
  {
    name: 'Markdown',
    read: (s) => extractMarkdown(s, 'x'),
    ordinary:
      '## Options\n\nUse `--keep` to keep **input** files; see [the manual](https://example.org/m).\n\n' +
      '- one item\n- another `item`\n\n| option | meaning |\n|---|---|\n| -k | keep |\n\n```sh\ngzip -k file\n```\n\n',
    crafted: [
      ['unclosed brackets', (n) => `x${'['.repeat(n)}`],
      ['unclosed backticks', (n) => `x${'`'.repeat(n)}`],
      ['unclosed tags', (n) => fill('<a', n)],
      ['unclosed emphasis', (n) => fill('**a ', n)],
      ['heading of spaces, CRLF', (n) => `# a${' '.repeat(n)}\r\nx`],
    ],
  },
  {
    name: 'reStructuredText',
    read: (s) => extractRst(s, 'x'),
    ordinary:
      'Options\n=======\n\nUse ``--keep`` to keep input files; see :ref:`manual` and `the site <https://example.org>`_.\n\n' +
      '* one item\n* another item\n\n.. code-block:: sh\n\n   gzip -k file\n\n',
    crafted: [
      ['unclosed strong', (n) => fill('**a ', n)],
      ['role marks', (n) => fill(':a', n)],
      ['reference dots', (n) => fill('a.', n)],
    ],
  },
  {
    name: 'HTML',
    read: (s) => extractHtml(s, 'x'),
    ordinary:
      '<h2>Options</h2><p>Use <code>--keep</code> to keep <b>input</b> files; see <a href="m.html">the manual</a>.</p>' +
      '<ul><li>one item</li><li>another item</li></ul><table><tr><td>-k</td><td>keep</td></tr></table><pre>gzip -k file</pre>\n',
    crafted: [
      ['tags with unpaired quotes', (n) => fill('<a "', n)],
      ['unclosed comments', (n) => fill('<!--', n)],
      ['deep nesting', (n) => `${'<div>'.repeat(n / 10)}${'</ul>'.repeat(n / 10)}`],
    ],
  },
  {
    name: 'man (roff)',
    read: (s) => extractMan(s, 'x'),
    ordinary:
      ".SH OPTIONS\n.TP\n.B \\-k, \\-\\-keep\nKeep (don't delete) input files during \\fBcompression\\fR.\n" +
      '.PP\nA paragraph with \\fIitalic\\fP text.\n',
    crafted: [
      [
        'macros calling macros',
        (n) =>
          `.TH B 1\n.SH NAME\nb\n${['D', 'C', 'B'].map((m, k) => `.de ${m}\n${`.${'ABC'[k]}\n`.repeat(40)}..\n`).join('')}.de A\nword\n..\n${'.D\n'.repeat(Math.max(1, n / 2000))}`,
      ],
      ['nested mdoc enclosures', (n) => `.Dd 2026\n.Dt X 1\n.Sh NAME\n.Nm x\n.Nd ${'Dq '.repeat(n / 3)}end\n`],
      ['control line with a CR', (n) => `.${'a'.repeat(n)} x\ry`],
      ['unclosed font escapes', (n) => fill('\\f[', n)],
    ],
  },
  {
    name: 'DocBook',
    read: (s) => extractDocbook(s, 'x'),
    ordinary:
      '<section><title>Options</title><para>Use <option>--keep</option> to keep <emphasis>input</emphasis> files.</para>' +
      '<itemizedlist><listitem><para>one item</para></listitem></itemizedlist><programlisting>gzip -k file</programlisting></section>\n',
    crafted: [
      [
        'entity expansion bomb',
        (n) =>
          `<?xml version="1.0"?><!DOCTYPE article [<!ENTITY e1 "ha">${['e1', 'e2', 'e3', 'e4'].map((e, k) => `<!ENTITY e${k + 2} "${`&${e};`.repeat(40)}">`).join('')}]><article><title>T</title><para>${'&e5;'.repeat(Math.max(1, n / 5000))}</para></article>`,
      ],
      ['unclosed comments', (n) => fill('<!--', n)],
    ],
  },
  {
    name: 'AsciiDoc',
    read: (s) => extractAsciidoc(s, 'x'),
    ordinary:
      '== Options\n\nUse `--keep` to keep *input* files; see link:https://example.org/m[the manual].\n\n' +
      '* one item\n* another item\n\n|===\n|option |meaning\n|-k |keep\n|===\n\n----\ngzip -k file\n----\n\n',
    crafted: [
      ['one long table row', (n) => `|===\n${fill('|a ', n)}\n|===\n`],
      ['list marks', (n) => fill('* ', n)],
      ['unclosed anchors', (n) => fill('[[', n)],
      ['unclosed attributes', (n) => fill('{', n)],
    ],
  },
  {
    name: 'Org',
    read: (s) => extractOrg(s, 'x'),
    ordinary:
      '* Options\nUse =--keep= to keep *input* files; see [[https://example.org/m][the manual]].\n' +
      '- one item\n- another item\n| option | meaning |\n|--------+---------|\n| -k     | keep    |\n#+begin_src sh\ngzip -k file\n#+end_src\n',
    crafted: [
      ['unclosed links', (n) => fill('[[', n)],
      ['runs of stars', (n) => `x ${'*'.repeat(n)}`],
      ['unclosed verbatim', (n) => fill('=a ', n)],
      ['a block of many lines', (n) => `#+begin_src sh\n${fill('x\n', n)}#+end_src\n`],
    ],
  },
  {
    name: 'Texinfo',
    read: (s) => extractTexinfo(s, 'x'),
    ordinary:
      '@node Options\n@section Options\nUse @option{--keep} to keep @emph{input} files; @pxref{Top, , the manual}.\n\n' +
      '@table @option\n@item -k\n@itemx --keep\nKeep input files.\n@end table\n@example\ngzip -k file\n@end example\n\n',
    crafted: [
      ['unclosed braces', (n) => fill('@b{', n)],
      ['nested braces', (n) => `${'@code{'.repeat(n / 12)}x${'}'.repeat(n / 12)}`],
      ['nested commands with words', (n) => `${'@code{ab '.repeat(n / 10)}x${'}'.repeat(n / 10)}`],
      ['nested references', (n) => `${'@xref{a, '.repeat(n / 10)}x${'}'.repeat(n / 10)}`],
      ['list commas', (n) => `@xref{${fill('a,', n)}}`],
      ['items without a list', (n) => fill('@item a\n', n)],
      [
        'unclosed blocks, then items',
        (n) => `${fill('@quotation\n@group\n', n / 2)}${fill('@item a\n@end x\n', n / 2)}`,
      ],
      ['a paragraph of spaces', (n) => `a${' '.repeat(n)}b\n`],
      ['an example never closed', (n) => `@example\n${fill('x\n', n)}`],
    ],
  },
  {
    name: 'Info',
    read: (s) => extractInfo(s, 'x'),
    ordinary:
      '\x1f\nFile: gzip.info,  Node: Options,  Next: Advanced,  Up: Top\n\n2 Options\n*********\n\n' +
      "'--keep'\n'-k'\n     Keep (don't delete) input files during compression.\n\n* Menu:\n\n* Advanced::  More.\n\n",
    crafted: [['file lines without nodes', (n) => fill('\x1fFile: a\n', n)]],
  },
  {
    name: 'plain text',
    read: (s) => plainTextSections(s),
    ordinary:
      "OPTIONS\n\n   -k, --keep\n          Keep (don't delete) input files during compression.\n\nThis is a paragraph of a README, e.g. one that says how to build it.\n\n",
    crafted: [
      ['menu entry of spaces', (n) => `* a:${' '.repeat(n)}x`],
      ['columns without a page title', (n) => `x${fill('    x', n)}\na\nb\nc`],
    ],
  },
  {
    name: 'chunking (sentences)',
    read: (s) =>
      chunkDocument({ doc_id: 'd', path: 'p', title: 't', text: s }, 's', { maxTokens: 256, overlapTokens: 32 }),
    ordinary: 'The option keeps input files, e.g. when compressing. It was added in v1.6. See gzip(1) for more. ',
    crafted: [['spaces, then abbreviations', (n) => `Hi. ${' '.repeat(n / 2)}${fill('e.g. ', n / 2)}`]],
  },
];

/** The median of three timings of `fn`, in ms, after one untimed run (compiling the loader's code and patterns). */
function median3(fn: () => unknown): number {
  fn();
  const t: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[1]!;
}

/**
 * `npm run bench -- loaders`: each document loader on inputs shaped against its patterns (the shapes that had taken
 * seconds to minutes before they were fixed: README, "Inputs that made loaders hang") against the same loader on an
 * ordinary document of the same size, the baseline, in the same process; at 100 KB and 1 MB, so both the ratio to
 * the baseline and the growth from 100 KB to 1 MB (×10 when linear) show.
 */
export async function benchLoaders(): Promise<void> {
  const sizes = [100 * KB, KB * KB];
  const head = sizes
    .map((s) => `${s >= KB * KB ? `${s / KB / KB} MB` : `${s / KB} KB`}: ms (× ordinary)`.padStart(24))
    .join('');
  console.log(`${'loader: input'.padEnd(46)}${head}   growth`);
  for (const f of FORMATS) {
    const time = (make: (n: number) => string) =>
      sizes.map((n) => {
        const input = make(n);
        return median3(() => f.read(input));
      });
    const base = time((n) => fill(f.ordinary, n));
    const rows: [string, (n: number) => string][] = [['ordinary document', (n) => fill(f.ordinary, n)], ...f.crafted];
    for (const [name, make] of rows) {
      const ms = name === 'ordinary document' ? base : time(make);
      const cells = ms.map((m, i) => `${m.toFixed(1)} (×${(m / Math.max(base[i]!, 0.01)).toFixed(1)})`.padStart(24));
      const growth = ms[1]! / Math.max(ms[0]!, 0.01);
      console.log(`${`${f.name}: ${name}`.padEnd(46)}${cells.join('')}   ×${growth.toFixed(1)}`);
    }
  }
}
