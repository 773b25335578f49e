import type { Extracted } from './markdown.ts';
import { appendAsWritten, trimBlankLines } from './markup-lines.ts';
import { TextBuilder } from './text-builder.ts';

/** Sectioning commands and their levels below the manual's title (`@top` heads the manual itself). */
const HEADINGS: Record<string, number> = {
  chapter: 1,
  unnumbered: 1,
  appendix: 1,
  chapheading: 1,
  majorheading: 1,
  section: 2,
  unnumberedsec: 2,
  appendixsec: 2,
  appendixsection: 2,
  heading: 2,
  subsection: 3,
  unnumberedsubsec: 3,
  appendixsubsec: 3,
  subheading: 3,
  subsubsection: 4,
  unnumberedsubsubsec: 4,
  appendixsubsubsec: 4,
  subsubheading: 4,
};
/**
 * Blocks a reader of the Info manual never sees: other output formats' (TeX, HTML, DocBook), the title page and
 * copying notice (the title and licence again), menus and `dir` entries (navigation), macro definitions, ignored text.
 */
const DROPPED = new Set(
  (
    'ignore tex iftex html ifhtml xml ifxml docbook ifdocbook latex iflatex ifnotinfo ifplaintext titlepage menu ' +
    'detailmenu direntry copying documentdescription macro rmacro'
  ).split(' '),
);
/** Blocks whose lines are kept as written (the inline commands in them still read). */
const VERBATIM = new Set('example smallexample lisp smalllisp display smalldisplay format smallformat'.split(' '));
/** Lines that set up the output, index a term or navigate: no text of the manual. */
const SETUP = new Set(
  (
    'setfilename documentencoding documentlanguage paragraphindent firstparagraphindent exampleindent ' +
    'setchapternewpage footnotestyle syncodeindex synindex defindex defcodeindex finalout smallbook afourpaper ' +
    'afourwide afivepaper afourlatex headings everyheading everyfooting evenheading evenfooting oddheading ' +
    'oddfooting page sp vskip need contents shortcontents summarycontents printindex noindent indent refill node ' +
    'insertcopying cindex findex vindex kindex pindex tindex columnfractions dircategory author title subtitle ' +
    'allowcodebreaks codequoteundirected codequotebacktick deftypefnnewline frenchspacing kbdinputstyle ' +
    'urefbreakstyle xrefautomaticsectiontitle clickstyle setcontentsaftertitlepage setshortcontentsaftertitlepage ' +
    'novalidate include'
  ).split(' '),
);
/** Inline commands standing for a symbol (`@dots{}`). */
const SYMBOLS: Record<string, string> = {
  dots: '...',
  enddots: '...',
  minus: '-',
  copyright: '©',
  registeredsymbol: '®',
  TeX: 'TeX',
  LaTeX: 'LaTeX',
  result: '=>',
  expansion: '==>',
  print: '-|',
  error: 'error-->',
  equiv: '==',
  point: '-!-',
  bullet: '•',
  comma: ',',
  tie: ' ',
  arrow: '->',
  click: '->',
  geq: '>=',
  leq: '<=',
  textdegree: '°',
  pounds: '£',
  euro: '€',
  exclamdown: '¡',
  questiondown: '¿',
  ss: 'ß',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  aa: 'å',
  AA: 'Å',
  o: 'ø',
  O: 'Ø',
  l: 'ł',
  L: 'Ł',
  quotedblleft: '"',
  quotedblright: '"',
  quoteleft: "'",
  quoteright: "'",
  atchar: '@',
  lbracechar: '{',
  rbracechar: '}',
  backslashchar: '\\',
  hashchar: '#',
};
/** Inline commands whose argument is not text (an anchor's name, an image's file, another format's raw code). */
const NO_TEXT = new Set('anchor image inlineraw inlinefmt inlinefmtifelse inlineifset inlineifclear today'.split(' '));
/** Stands for `@*` (a forced line break) until a paragraph's wrapped lines are joined. */
const BREAK = '\u0000';

/** An open list: its kind and, for an enumeration or a multitable, how many items or rows it has had. */
type List = { name: string; count: number };

const LISTS = new Set(['itemize', 'enumerate', 'table', 'ftable', 'vtable', 'multitable']);
const TABLES = new Set(['table', 'ftable', 'vtable']);
/** Lines inside an example that only shape it (`@group`, a comment, an index entry, spacing): no text of it. */
const SHAPING = /^[ \t]*@(?:end[ \t]+group|group|c|comment|[a-z]*index|sp|noindent|need|page|vskip)(?![a-zA-Z{])/;
/** A line ending a block: `@end NAME`, perhaps with a comment after it. */
const endOf = (name: string) => new RegExp(`^[ \\t]*@end[ \\t]+${name}[ \\t]*(?:@c(?:omment)?(?:[ \\t].*)?)?$`);
/** A line's words without a trailing comment (`@c …`, `@comment …`). */
const uncommented = (s: string) => s.replace(/(?:^|[ \t])@c(?:omment)?(?:[ \t].*)?$/, '').trim();

/**
 * Texinfo source (`manual.texi`, `zsh.texi.gz`) to plain text as its Info manual reads, with a section per chapter,
 * section and subsection under the `@settitle` title. What the Info reader never shows is left out: comments, node
 * lines, menus, index entries, the title page and copying notice, setup lines and other formats' blocks (`@iftex`,
 * `@html`); `@ifset`/`@ifclear` follow the `@set` flags. Examples keep their lines as written (without the `@group`
 * and comment lines that shape them); a table's `@item` and `@itemx` terms stand on a line of their own over their
 * description, as a manual page's options do; itemized and enumerated lists give a line per item; a multitable a
 * line per row, its cells spaced apart; a definition (`@deffn`, with its `@deffnx` lines) its line over its text.
 * Inline commands give their text (`@code{ls}` is ls, `@dots{}` ...), cross references their target ("See
 * Quickstart"), URLs and addresses their text, accents their letter (`@,{c}` ç). Every pass is linear: nesting,
 * unclosed blocks and long runs of spaces cost no rescans.
 */
export function extractTexinfo(src: string, fallbackTitle: string): Extracted {
  const lines = src.replace(/^\uFEFF/, '').split(/\r?\n/);
  const b = new TextBuilder();
  const vars = new Map<string, string>();
  /** A line's words on a line of their own (a heading, a term, a cell): a forced break is a space there. */
  const words = (raw: string) => collapse(inline(raw, vars).replaceAll(BREAK, ' '));
  let title: string | undefined;
  const stack: string[] = [];
  const lists: List[] = [];
  let para: { lines: string[]; item?: boolean; defines?: boolean } | undefined;
  /** A dropped block being passed over: its name and how deep the same block nests in it. */
  let skip: { name: string; depth: number } | undefined;
  let verbatim: { end: RegExp; lines: string[]; raw: boolean } | undefined;
  /** The terms of a table entry (`@item`, `@itemx`) waiting for their description. */
  let terms: string[] = [];

  const flushTerms = () => {
    if (terms.length === 0) return;
    b.paragraph();
    b.append(terms.join(', '));
    b.line();
    terms = [];
  };
  const flush = () => {
    if (para) {
      const said = inline(para.lines.join('\n'), vars)
        .replace(/[ \t]+/g, ' ')
        .replace(/ ?\n ?/g, ' ')
        .replace(/ ?\u0000 ?/g, '\n')
        .replace(/ {2,}/g, ' ')
        .trim();
      // An item's marker alone (`@item` with its text in an example after it) says nothing.
      if (said && !(para.item && /^(?:-|\d+\.)$/.test(said))) {
        if (!para.item && !para.defines) b.paragraph();
        b.append(said);
        if (para.item) b.line();
        else b.paragraph();
      }
    }
    para = undefined;
  };
  const closeVerbatim = () => {
    if (!verbatim) return;
    const kept = verbatim.raw
      ? verbatim.lines
      : inline(verbatim.lines.filter((l) => !SHAPING.test(l)).join('\n'), vars)
          .replaceAll(BREAK, '')
          .split('\n');
    const rows = trimBlankLines(kept.map((l) => l.replace(/\t/g, '        ').trimEnd()));
    if (rows.length > 0) appendAsWritten(b, rows);
    verbatim = undefined;
  };
  const heading = (level: number, said: string) => {
    flush();
    flushTerms();
    stack.length = level - 1;
    stack[level - 1] = said;
    b.section([...(title ? [title] : []), ...stack.filter(Boolean)]);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (verbatim) {
      if (verbatim.end.test(line)) closeVerbatim();
      else verbatim.lines.push(line);
      continue;
    }
    const cmd = /^[ \t]*@([a-zA-Z]+)(?![a-zA-Z{])[ \t]*(.*)$/.exec(line);
    const name = cmd?.[1];
    const rest = cmd ? uncommented(cmd[2]!) : '';
    if (skip) {
      if (name === skip.name) skip.depth++;
      else if (name === 'end' && rest === skip.name && --skip.depth === 0) skip = undefined;
      continue;
    }
    if (i === 0 && line.startsWith('\\input')) continue;
    if (!name) {
      if (!line.trim()) {
        flush();
        continue;
      }
      if (para) para.lines.push(line);
      else {
        // A table entry's description goes right under its terms.
        const defines = terms.length > 0;
        flushTerms();
        para = { lines: [line], defines };
      }
      continue;
    }
    if (name === 'c' || name === 'comment') continue;
    if (name === 'bye') break;
    if (name === 'end') {
      flush();
      flushTerms();
      // Texinfo nests its blocks: an end closes the innermost list when it names it; other blocks are not tracked.
      if (lists.at(-1)?.name === rest) lists.pop();
      continue;
    }
    if (Object.hasOwn(HEADINGS, name)) {
      heading(HEADINGS[name]!, words(rest));
      continue;
    }
    if (name === 'settitle' || name === 'top') {
      const said = words(rest);
      if (name === 'settitle' && said) title = said;
      else if (said) title ??= said;
      flush();
      stack.length = 0;
      if (title) b.section([title]);
      continue;
    }
    if (name === 'set' || name === 'clear') {
      const m = /^(\S+)(?:[ \t]+(.*))?$/.exec(cmd![2]!.trim());
      // A value is read as text where it is set (zsh's `@set dsq '@:'` stands for '').
      if (m && name === 'set') vars.set(m[1]!, inline(m[2] ?? '', vars).replaceAll(BREAK, ' '));
      else if (m) vars.delete(m[1]!);
      continue;
    }
    if (DROPPED.has(name) || ((name === 'ifset' || name === 'ifclear') && vars.has(rest) !== (name === 'ifset'))) {
      flush();
      skip = { name, depth: 1 };
      continue;
    }
    if (VERBATIM.has(name) || name === 'verbatim') {
      flush();
      flushTerms();
      verbatim = { end: endOf(name), lines: [], raw: name === 'verbatim' };
      continue;
    }
    if (LISTS.has(name)) {
      flush();
      flushTerms();
      // A list of its own (not inside another) is a paragraph apart from what is before it, another list too.
      if (lists.length === 0) b.paragraph();
      lists.push({ name, count: name === 'enumerate' && /^\d+$/.test(rest) ? Number(rest) - 1 : 0 });
      continue;
    }
    if (name === 'item' || name === 'itemx' || name === 'headitem') {
      flush();
      const list = lists.at(-1);
      if (list?.name === 'multitable') {
        // A row goes on over the next lines, up to the next item or the table's end; `@tab` parts its cells.
        const row = [cmd![2]!];
        while (i + 1 < lines.length && !/^[ \t]*@(?:item|headitem|end)(?![a-zA-Z])/.test(lines[i + 1]!))
          row.push(lines[++i]!);
        const cells = row
          .map(uncommented)
          .join(' ')
          .split(/@tab(?![a-zA-Z])/)
          .map(words);
        // A row a line, the table a paragraph.
        if (list.count++ === 0) b.paragraph();
        b.append(cells.join('   ').trimEnd());
        b.line();
      } else if (list && TABLES.has(list.name)) {
        if (name === 'item') flushTerms();
        const term = words(rest);
        if (term) terms.push(term);
      } else {
        const marker = list?.name === 'enumerate' ? `${++list.count}.` : '-';
        if (!list) b.paragraph();
        para = { lines: [`${marker} ${rest}`], item: true };
      }
      continue;
    }
    if (SETUP.has(name)) continue;
    if (/^def[a-z]+$/.test(name)) {
      flush();
      // A definition's line stands over its text, as a table's term does; an `x` line joins the one before it.
      if (!name.endsWith('x')) flushTerms();
      terms.push(words(rest));
      continue;
    }
    if (name === 'center' || name === 'exdent') {
      flush();
      if (rest) {
        para = { lines: [cmd![2]!] };
        flush();
      }
      continue;
    }
    if (name === 'quotation' || name === 'smallquotation') {
      flush();
      // A quotation's argument leads its text ("Note:").
      if (rest) para = { lines: [`${rest}:`] };
    }
    // Any other line command — a block whose text is the manual's (`@cartouche`, `@ifinfo`, `@group`), or a newer or
    // unknown setup line — has no words of its own.
  }
  closeVerbatim();
  flush();
  flushTerms();
  const out = b.finish();
  return { title: title || fallbackTitle, text: out.text, sections: out.sections };
}

/** Runs of spaces and line breaks as one space, in one linear pass. */
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Commands whose argument is a list split at its commas (`@xref{node, entry, title}`). */
const LISTED = new Set('xref pxref ref inforef url uref email acronym abbr'.split(' '));
/** The combining mark of each accent command (`@'e` é, `@,{c}` ç, `@v{s}` š). */
const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '"': '\u0308',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  ',': '\u0327',
  u: '\u0306',
  v: '\u030C',
  H: '\u030B',
  dotaccent: '\u0307',
  ringaccent: '\u030A',
  ogonek: '\u0328',
  udotaccent: '\u0323',
  ubaraccent: '\u0331',
  tieaccent: '\u0361',
};
/**
 * Commands whose words are read back once closed, to make something else of them (a symbol, nothing, an accented
 * letter, a value, a reference); any other command's words stay where they were written.
 */
const READ_BACK = new Set([...Object.keys(SYMBOLS), ...NO_TEXT, ...Object.keys(ACCENTS), ...LISTED, 'value']);
/** Commands nested deeper than this are read as plain groups: their words stay, nothing is made of them. */
const MAX_NESTING = 32;

/** An open brace: its command (empty for a plain group) and where its words start in the output and its commas are. */
type Frame = { name: string; start: number; commas: number[] };

/**
 * A Texinfo text's words with its inline commands read: `@code{ls}` → ls, `@dots{}` → ..., `@@` → @, a cross
 * reference its target, a URL or address its text (or itself), an acronym with its expansion, a footnote in
 * parentheses, `@value{x}` what `@set` gave it, an accent its letter; `@c` ends the line. Braces alone group words
 * and are dropped; a brace never closed is closed at the end. One pass: a command's words are written once, in
 * place, and only the few commands that make something else of them (a reference, a value, an accent) read them back.
 */
export function inline(src: string, vars: ReadonlyMap<string, string> = new Map()): string {
  const out: string[] = [];
  const open: Frame[] = [];
  const push = (name: string) =>
    open.push({ name: open.length < MAX_NESTING ? name : '', start: out.length, commas: [] });
  const close = () => {
    const f = open.pop()!;
    if (!READ_BACK.has(f.name)) {
      if (f.name === 'footnote') out.push(')');
      return;
    }
    const cuts = [f.start, ...f.commas, out.length];
    const args = cuts.slice(1).map((end, k) => out.slice(cuts[k], end).join(''));
    out.length = f.start;
    out.push(command(f.name, args, vars));
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '{') {
      push('');
      i++;
    } else if (ch === '}') {
      if (open.length > 0) close();
      i++;
    } else if (ch === ',' && LISTED.has(open.at(-1)?.name ?? '')) {
      open.at(-1)!.commas.push(out.length);
      i++;
    } else if (ch !== '@') {
      // A run of plain characters at once.
      let j = i + 1;
      while (j < src.length && !'{},@'.includes(src[j]!)) j++;
      out.push(src.slice(i, j));
      i = j;
    } else {
      const next = src[i + 1];
      if (next === undefined) break;
      if (!/[a-zA-Z]/.test(next)) {
        i += 2;
        if (Object.hasOwn(ACCENTS, next)) {
          // An accent over the next letter or over a braced group.
          if (src[i] === '{') {
            push(next);
            i++;
          } else if (src[i] !== undefined) out.push(`${src[i++]}${ACCENTS[next]}`.normalize('NFC'));
        } else if ('@{}.?!,'.includes(next)) out.push(next);
        else if (next === '*') out.push(BREAK);
        else if (next === ' ' || next === '\t' || next === '\n') out.push(' ');
        continue;
      }
      const name = /^[a-zA-Z]+/.exec(src.slice(i + 1, i + 65))![0];
      i += 1 + name.length;
      if (name === 'c' || name === 'comment') {
        const eol = src.indexOf('\n', i);
        i = eol < 0 ? src.length : eol;
      } else if (src[i] !== '{') {
        // A brace-less command inside text (`@noindent`): no words of its own.
        if (src[i] === ' ' || src[i] === '\t') i++;
      } else if (name === 'verb') {
        const delim = src[i + 1] ?? '';
        const end = src.indexOf(`${delim}}`, i + 2);
        out.push(src.slice(i + 2, end < 0 ? src.length : end));
        i = end < 0 ? src.length : end + 2;
      } else {
        push(name);
        if (name === 'footnote' && open.at(-1)!.name) out.push(' (');
        i++;
      }
    }
  }
  while (open.length > 0) close();
  return out.join('');
}

function command(name: string, args: readonly string[], vars: ReadonlyMap<string, string>): string {
  if (Object.hasOwn(SYMBOLS, name)) return SYMBOLS[name]!;
  if (NO_TEXT.has(name)) return '';
  if (Object.hasOwn(ACCENTS, name)) return `${args.join(',')}${ACCENTS[name]}`.normalize('NFC');
  if (name === 'value') return vars.get(args.join(',').trim()) ?? '';
  const [a = '', b = '', c = ''] = args.map(collapse);
  switch (name) {
    case 'xref':
      return `See ${c || a}`;
    case 'pxref':
      return `see ${c || a}`;
    case 'ref':
      return c || a;
    case 'inforef':
      return b || a;
    case 'url':
    case 'uref':
      return c || (b ? `${b} (${a})` : a);
    case 'email':
      return b || a;
    default:
      // acronym, abbr
      return b ? `${a} (${b})` : a;
  }
}
