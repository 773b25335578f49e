import type { Extracted } from './markdown.ts';
import { trimBlankLines } from './markup-lines.ts';
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

type Env = { name: string; count?: number };

/**
 * Texinfo source (`manual.texi`, `zsh.texi.gz`) to plain text as its Info manual reads, with a section per chapter,
 * section and subsection under the `@settitle` title. What the Info reader never shows is left out: comments, node
 * lines, menus, index entries, the title page and copying notice, setup lines and other formats' blocks (`@iftex`,
 * `@html`); `@ifset`/`@ifclear` follow the `@set` flags. Examples keep their lines as written; a table's `@item` and
 * `@itemx` terms stand on a line of their own over their description, as a manual page's options do; itemized and
 * enumerated lists give a line per item; a multitable a line per row, its cells spaced apart; a definition (`@deffn`)
 * its line over its text. Inline commands give their text (`@code{ls}` is ls, `@dots{}` ...), cross references their
 * target ("See Quickstart"), URLs and addresses their text.
 */
export function extractTexinfo(src: string, fallbackTitle: string): Extracted {
  const lines = src.replace(/^\uFEFF/, '').split(/\r?\n/);
  const b = new TextBuilder();
  const vars = new Map<string, string>();
  const text = (raw: string) => inline(raw, vars);
  let title: string | undefined;
  const stack: string[] = [];
  const envs: Env[] = [];
  let para: { lines: string[]; item?: boolean; defines?: boolean } | undefined;
  /** A dropped block being passed over: its name and how deep the same block nests in it. */
  let skip: { name: string; depth: number } | undefined;
  let verbatim: { end: string; lines: string[]; raw: boolean } | undefined;
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
      const words = text(para.lines.join('\n'))
        .replace(/[ \t]*\n[ \t]*/g, ' ')
        .replace(/[ \t]*\u0000[ \t]*/g, '\n')
        .replace(/[ \t]{2,}/g, ' ')
        .trim();
      if (words) {
        if (!para.item && !para.defines) b.paragraph();
        b.append(words);
        if (para.item) b.line();
        else b.paragraph();
      }
    }
    para = undefined;
  };
  const asWritten = (kept: readonly string[]) => {
    const rows = trimBlankLines(kept);
    if (rows.length === 0) return;
    b.paragraph();
    const indent = Math.min(...rows.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
    for (const l of rows) {
      b.append(l.slice(Math.min(indent, l.length - l.trimStart().length)).trimEnd());
      b.line();
    }
    b.paragraph();
  };
  const heading = (level: number, words: string) => {
    flush();
    flushTerms();
    stack.length = level - 1;
    stack[level - 1] = words;
    b.section([...(title ? [title] : []), ...stack.filter(Boolean)]);
  };
  const list = () => envs.findLast((e) => LISTS.has(e.name));

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (verbatim) {
      if (line.trim() === verbatim.end) {
        const kept = verbatim.raw ? verbatim.lines : text(verbatim.lines.join('\n')).replaceAll(BREAK, '').split('\n');
        asWritten(kept.map((l) => l.replace(/\t/g, '        ').trimEnd()));
        verbatim = undefined;
      } else verbatim.lines.push(line);
      continue;
    }
    const cmd = /^[ \t]*@([a-zA-Z]+)(?![a-zA-Z{])[ \t]*(.*)$/.exec(line);
    if (skip) {
      if (cmd?.[1] === skip.name) skip.depth++;
      else if (cmd?.[1] === 'end' && cmd[2]!.trim() === skip.name && --skip.depth === 0) skip = undefined;
      continue;
    }
    if (i === 0 && line.startsWith('\\input')) continue;
    if (!cmd) {
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
    const name = cmd[1]!;
    const rest = cmd[2]!.replace(/(?:^|[ \t])@c(?:omment)?(?:[ \t].*)?$/, '').trim();
    if (name === 'c' || name === 'comment') continue;
    if (name === 'bye') break;
    if (name === 'end') {
      flush();
      flushTerms();
      const at = envs.findLastIndex((e) => e.name === rest);
      if (at >= 0) envs.length = at;
      continue;
    }
    if (name in HEADINGS) {
      heading(HEADINGS[name]!, text(rest).trim());
      continue;
    }
    if (name === 'settitle' || name === 'top') {
      const words = text(rest).trim();
      if (name === 'settitle' && words) title = words;
      else if (words) title ??= words;
      flush();
      stack.length = 0;
      if (title) b.section([title]);
      continue;
    }
    if (name === 'set' || name === 'clear') {
      const m = /^(\S+)(?:[ \t]+(.*))?$/.exec(rest);
      if (m && name === 'set') vars.set(m[1]!, m[2] ?? '');
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
      verbatim = { end: `@end ${name}`, lines: [], raw: name === 'verbatim' };
      continue;
    }
    if (LISTS.has(name)) {
      flush();
      flushTerms();
      envs.push({ name, count: name === 'enumerate' ? Number(/^\d+$/.test(rest) ? rest : 1) : undefined });
      continue;
    }
    if (name === 'item' || name === 'itemx' || name === 'headitem') {
      flush();
      const env = list();
      if (env?.name === 'multitable') {
        // A row may go on over the next lines, up to the next item or the table's end.
        const row = [rest];
        while (i + 1 < lines.length && !/^[ \t]*@(?:item|headitem|end|tab)\b/.test(lines[i + 1]!))
          row.push(lines[++i]!);
        const cells = row
          .join(' ')
          .split(/@tab\b/)
          .map((c) => text(c).replace(/\s+/g, ' ').trim());
        while (i + 1 < lines.length && /^[ \t]*@tab\b/.test(lines[i + 1]!))
          cells.push(text(lines[++i]!.replace(/^[ \t]*@tab\b/, '')).trim());
        // A row a line, the table a paragraph.
        if (!env.count) b.paragraph();
        env.count = (env.count ?? 0) + 1;
        b.append(cells.join('   ').trimEnd());
        b.line();
      } else if (env && TABLES.has(env.name)) {
        if (name === 'item') flushTerms();
        const term = text(rest).trim();
        if (term) terms.push(term);
        para = undefined;
      } else {
        const marker = env?.name === 'enumerate' ? `${env.count!++}.` : '-';
        if (name === 'item' && env?.name !== 'enumerate' && !envs.some((e) => e.name === 'itemize')) b.paragraph();
        para = { lines: [`${marker} ${rest}`], item: true };
      }
      continue;
    }
    if (/^def[a-z]+$/.test(name)) {
      flush();
      flushTerms();
      if (!name.endsWith('x')) envs.push({ name });
      // The definition's line stands over its text, as a table's term does.
      terms.push(text(rest).replace(/\s+/g, ' ').trim());
      continue;
    }
    if (name === 'center' || name === 'exdent' || name === 'quotation' || name === 'smallquotation') {
      flush();
      if (name.endsWith('quotation')) envs.push({ name });
      if (rest) para = { lines: [name.endsWith('quotation') ? `${rest}:` : rest] };
      continue;
    }
    if (SETUP.has(name)) continue;
    if (CONTAINERS.has(name)) {
      envs.push({ name });
    }
    // Any other line command (a newer or unknown one) is taken as setup: its words are not the manual's.
  }
  if (verbatim) asWritten(verbatim.lines);
  flush();
  flushTerms();
  const out = b.finish();
  return { title: title || fallbackTitle, text: out.text, sections: out.sections };
}

const LISTS = new Set(['itemize', 'enumerate', 'table', 'ftable', 'vtable', 'multitable']);
const TABLES = new Set(['table', 'ftable', 'vtable']);
/** Blocks whose text is the manual's, read as if they were not there. */
const CONTAINERS = new Set(
  (
    'ifinfo ifnottex ifnothtml ifnotxml ifnotdocbook ifnotlatex ifnotplaintext ifset ifclear cartouche group ' +
    'indentedblock smallindentedblock flushleft flushright raggedright float'
  ).split(' '),
);

/** Commands whose argument is a list split at its commas (`@xref{node, entry, title}`). */
const LISTED = new Set('xref pxref ref inforef url uref email acronym abbr'.split(' '));

/** An open brace being read: the command it belongs to (empty for a bare group) and its arguments so far. */
type Frame = { name: string; args: string[] };

/**
 * A Texinfo text's words with its inline commands read: `@code{ls}` → ls, `@dots{}` → ..., `@@` → @, a cross
 * reference its target, a URL or address its text (or itself), an acronym with its expansion, a footnote in
 * parentheses, `@value{x}` what `@set` gave it; `@c` ends the line. Braces alone group words and are dropped; a
 * brace never closed is closed at the end. One pass with a stack of open braces, so nesting costs no rescans.
 */
export function inline(src: string, vars: ReadonlyMap<string, string> = new Map()): string {
  const stack: Frame[] = [{ name: '', args: [''] }];
  const add = (s: string) => {
    const args = stack.at(-1)!.args;
    args[args.length - 1] += s;
  };
  const close = () => {
    const f = stack.pop()!;
    add(f.name ? command(f.name, f.args, vars) : f.args.join(','));
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '{') {
      stack.push({ name: '', args: [''] });
      i++;
    } else if (ch === '}') {
      if (stack.length > 1) close();
      i++;
    } else if (ch === ',' && stack.length > 1 && LISTED.has(stack.at(-1)!.name)) {
      stack.at(-1)!.args.push('');
      i++;
    } else if (ch !== '@') {
      // A run of plain characters at once.
      let j = i + 1;
      while (j < src.length && !'{},@'.includes(src[j]!)) j++;
      add(src.slice(i, j));
      i = j;
    } else {
      const next = src[i + 1];
      if (next === undefined) break;
      if (!/[a-zA-Z]/.test(next)) {
        i += 2;
        if ('@{}.?!,'.includes(next)) add(next);
        else if (next === '*') add(BREAK);
        else if (next === ' ' || next === '\t' || next === '\n') add(' ');
        // An accent (`@'e`, `@"{o}`): the letter, or the braced group read as text.
        else if ('\'"`^~='.includes(next) && src[i] !== undefined && src[i] !== '{') add(src[i++]!);
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
        add(src.slice(i + 2, end < 0 ? src.length : end));
        i = end < 0 ? src.length : end + 2;
      } else {
        stack.push({ name, args: [''] });
        i++;
      }
    }
  }
  while (stack.length > 1) close();
  return stack[0]!.args.join(',');
}

function command(name: string, args: readonly string[], vars: ReadonlyMap<string, string>): string {
  if (name in SYMBOLS) return SYMBOLS[name]!;
  if (NO_TEXT.has(name)) return '';
  const raw = args.join(',');
  const [a = '', b = '', c = ''] = args.map((x) => x.replace(/\s+/g, ' ').trim());
  switch (name) {
    case 'value':
      return vars.get(raw.trim()) ?? '';
    case 'footnote':
      return ` (${raw.trim()})`;
    case 'xref':
      return `See ${c || a}`;
    case 'pxref':
      return `see ${c || a}`;
    case 'ref':
    case 'inforef':
      return c || a;
    case 'url':
    case 'uref':
      return c || (b ? `${b} (${a})` : a);
    case 'email':
      return b || a;
    case 'acronym':
    case 'abbr':
      return b ? `${a} (${b})` : a;
    default:
      return raw;
  }
}
