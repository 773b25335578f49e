import { escapeRegExp } from '../../src/text/index.ts';
import type { Extracted } from './markdown.ts';
import { TextBuilder } from './text-builder.ts';

/**
 * Manual pages as their roff source, the form Unix systems install them in (`/usr/share/man/man1/grep.1.gz`): the
 * man(7) macros most pages use and the mdoc(7) ones of BSD-style pages (OpenSSH's). The text is what `man` shows, less
 * its layout: a section per `.SH` / `.Sh` (a subsection per `.SS` / `.Ss`); an option entry's tag (`.TP`, `.IP`,
 * `.It`) on a line of its own over its description, as a rendered page has it; filled text joined into paragraphs;
 * examples (`.nf`, `.EX`, `.Bd -literal`) line by line; a table's rows (tbl) one a line with their cells spaced apart.
 * Font changes, spacing and page-layout requests, macro and string definitions, conditionals and comments are not
 * text. The title is the page's name and section ("grep(1)").
 */
export function extractMan(src: string, fallbackTitle: string): Extracted {
  const b = new TextBuilder();
  const lines = src.split(/\r?\n/);
  let title: string | undefined;
  const strings = new Map<string, string>();
  const md: MdocState = { spacing: true, strings };
  const inline = (s: string) => manInline(s, strings);
  /** An `.It … Xo` item's head goes on over the lines up to `.Xc`. */
  let extending = false;
  let heading: string[] = [];
  let fill = true;
  /** A `.TP` waits for its tag: the next line of text. */
  let tagNext = false;
  /** The line before ended in `\c`: this one goes on without a space. */
  let joinNext = false;
  /** Whether the last `.ie`'s condition failed, so that its `.el` holds. */
  let elseHolds = false;
  /** A `.UR` link's address, said after its text at `.UE`. */
  let url: string | undefined;
  /** An mdoc `.Fo` function's name and its `.Fa` arguments so far. */
  let fn: { name: string; args: string[] } | undefined;
  /** mdoc lists: whether an `.It` of the innermost one is a tag (its arguments) or a bullet. */
  const lists: { tagged: boolean }[] = [];
  /** A tbl table: its cell separator, whether its rows have begun, and a text block (`T{` … `T}`) being read. */
  let table: { tab: string; inData: boolean; block?: { cells: string[]; lines: string[] } } | undefined;
  /** A request's block that is no text (`.ig` … `..`, `.EQ` … `.EN`). */
  let skipUntil: RegExp | undefined;
  /** Macros the page defines (`.de URL` … `..`), by name: their lines, read when a line calls them. */
  const macros = new Map<string, string[]>();
  /** The definition being read: its macro's lines so far, and the line that ends it. */
  let defining: { lines: string[]; end: RegExp } | undefined;
  /** How many page-defined macros are being expanded, one inside another (bounded: a macro may call itself). */
  let expanding = 0;
  /**
   * How many more lines macros may produce: ten for each line of the page (at least 10,000). Depth alone does not
   * bound it: a 140-byte page calling a macro that calls itself forty times made 131,000 characters in 0.9 s.
   */
  let budget = Math.max(10_000, 10 * lines.length);
  /** How deep inside a failed conditional's `\{` … `\}` block the line is: left out. */
  let braces = 0;
  const depth = (s: string) => (s.match(/\\\{/g)?.length ?? 0) - (s.match(/\\\}/g)?.length ?? 0);

  /** Text of a line; `glue` (mdoc with `.Sm off`) joins it to the text before without a space. */
  const text = (s: string, glue = false) => {
    if (!s) return;
    if (!fill) {
      b.append(s);
      b.line();
    } else {
      if (!b.atBreak() && !joinNext && !glue) b.append(' ');
      b.append(s);
    }
    joinNext = false;
    if (tagNext) {
      tagNext = false;
      b.line();
    }
  };
  const tag = (s: string) => {
    b.paragraph();
    if (s) {
      b.append(s);
      b.line();
    }
  };
  /** A line of its own, whatever the fill mode. */
  const asWritten = (s: string) => {
    const wasFill: boolean = fill;
    fill = false;
    text(s);
    fill = wasFill;
  };
  // A table's row, one line, its cells spaced apart as `man` lays them out (an option table's row reads as one).
  const row = (cells: string[]) => {
    if (cells.some(Boolean)) asWritten(cells.filter(Boolean).join('   ')); // else a rule (`_`, `=`)
  };
  // A data line's cells after those already read; one ending in `T{` opens a text block for its last cell.
  const cells = (parts: string[], done: string[]) => {
    const open = parts.at(-1) === 'T{';
    const read = [
      ...done,
      ...(open ? parts.slice(0, -1) : parts).map((c) => (/^\s*[_=]\s*$/.test(c) ? '' : inline(c).trim())),
    ];
    table!.block = open ? { cells: read, lines: [] } : undefined;
    if (!open) row(read);
  };
  const section = (level: number, raw: string) => {
    const h = raw.trim();
    if (!h) return;
    heading = [...heading.slice(0, level - 1), h];
    b.section(heading);
  };
  const mdoc = (args: string[]) => text(mdocLine(args, md), !md.spacing);

  let i = 0;
  /** One line: a request or macro with its arguments, or text. */
  const handle = (line: string) => {
    const ctl = /^[.']\s*([^\s\\]+)\s*([\s\S]*)$/.exec(line);
    // `\c` ends a line that goes on in the next one; "at \c" keeps its space ("at <https://…>").
    const joins = /(?<!\s)\\c\s*$/.test(line);
    if (!ctl || /^[.']\s*\\"/.test(line)) {
      if (/^[.']/.test(line)) return; // a comment, an empty request, a block's end (`.\}`)
      if (!line.trim()) {
        if (fill) b.paragraph();
        else b.line();
        return;
      }
      text(fill ? inline(line).trim() : inline(line).trimEnd());
      joinNext = joins;
      return;
    }
    const req = ctl[1]!;
    const rest = ctl[2] ?? '';
    const args = roffArgs(rest);
    switch (req) {
      case 'TH':
      case 'Dt':
        if (args[0]) {
          const n = /^[A-Z0-9_.+-]+$/.test(args[0]) ? args[0].toLowerCase() : args[0];
          title ??= args[1] ? `${n}(${inline(args[1]).toLowerCase()})` : n;
        }
        break;
      case 'SH':
      case 'Sh':
      case 'SS':
      case 'Ss':
        tagNext = false;
        // `.SH` alone takes its heading from the next line.
        section(/^S[Hh]$/.test(req) ? 1 : 2, args.length ? mdocOrMan(req, args, md) : inline(lines[++i] ?? ''));
        break;
      case 'PP':
      case 'LP':
      case 'P':
      case 'Pp':
      case 'Lp':
      case 'sp':
      case 'HP':
        b.paragraph();
        break;
      case 'br':
        b.line();
        break;
      case 'TP':
      case 'TQ':
        b.paragraph();
        tagNext = true;
        break;
      case 'IP': {
        const bullet = args[0] !== undefined && BULLET.test(args[0]);
        tag(args[0] && !bullet ? inline(args[0]) : '');
        if (bullet) b.append('• ');
        break;
      }
      case 'nf':
      case 'EX':
      case 'Vb': // pod2man's verbatim block (Perl modules' pages)
        b.paragraph();
        fill = false;
        break;
      case 'fi':
      case 'EE':
      case 'Ve':
        fill = true;
        b.paragraph();
        break;
      case 'B':
      case 'I':
      case 'SM':
      case 'SB':
        text(args.map(inline).join(' '));
        break;
      case 'BR':
      case 'RB':
      case 'IR':
      case 'RI':
      case 'BI':
      case 'IB':
        text(args.map(inline).join(''));
        break;
      case 'UR':
      case 'MT':
        url = args[0];
        break;
      case 'UE':
      case 'ME':
        if (url) text(`<${inline(url)}>`);
        if (args[0]) b.append(inline(args[0]));
        url = undefined;
        break;
      case 'MR':
        // groff 1.23's man page reference: `.MR grep 1 ,` → grep(1),
        text(`${inline(args[0] ?? '')}(${args[1] ?? ''})${inline(args[2] ?? '')}`);
        break;
      case 'SY':
        b.paragraph();
        text(args.map(inline).join(' '));
        break;
      case 'OP':
        text(`[${args.map(inline).join(' ')}]`);
        break;
      case 'YS':
        b.paragraph();
        break;
      case 'TS':
        b.paragraph();
        table = { tab: '\t', inData: false };
        break;
      case 'als':
        // `.als MTO URL`: one macro under two names (what `.am` adds to one, the other has too).
        if (args[0] && args[1] && macros.has(args[1])) macros.set(args[0], macros.get(args[1])!);
        break;
      case 'ds':
      case 'ds1':
        // A string the page defines for itself (`.ds PN frob`, then `\*(PN`).
        if (args[0])
          strings.set(args[0], inline(rest.slice(rest.indexOf(args[0]) + args[0].length).replace(/^\s*"?/, '')));
        break;
      case 'de':
      case 'de1':
      case 'am':
      case 'ig': {
        // Up to `..` (spaces may stand between the dots) or the end name the definition gives.
        const end = args[1] && req !== 'ig' ? new RegExp(`^[.']\\s*${escapeRegExp(args[1])}\\b`) : /^[.']\s*\.\s*$/;
        if (req === 'ig' || !args[0]) skipUntil = end;
        else {
          // `.am` adds to a definition; `.de` makes a new one.
          const body = req === 'am' ? (macros.get(args[0]) ?? []) : [];
          macros.set(args[0], body);
          defining = { lines: body, end };
        }
        break;
      }
      case 'EQ':
        skipUntil = /^[.']\s*EN\b/;
        break;
      case 'PS':
        skipUntil = /^[.']\s*PE\b/;
        break;
      case 'if':
      case 'ie':
      case 'el': {
        // Read as a terminal formatter reads the page (`n` holds, `t` does not; groff's `\n(.g` holds); an unknown
        // condition does not. A condition that holds has its body read as a line (a request or text), and a block
        // opened by `\{` goes on over the lines up to its `\}`; one that does not is left out, block and all.
        const c = req === 'el' ? { holds: elseHolds, body: rest } : condition(rest);
        if (req === 'ie') elseHolds = !c.holds;
        if (!c.holds) {
          braces = Math.max(0, depth(c.body));
          break;
        }
        const body = c.body.replace(/^\s*\\\{\s*(?:\\$)?/, '').trim();
        if (body) handle(body);
        break;
      }
      // mdoc
      case 'Nm':
        if (args[0] && !md.name) md.name = args[0];
        mdoc([req, ...args]);
        break;
      case 'Nd':
        text(`— ${mdocLine(args, md)}`);
        break;
      case 'Bl':
        b.paragraph();
        lists.push({ tagged: !args.some((a) => /^-(?:bullet|dash|hyphen|enum|item)$/.test(a)) });
        break;
      case 'El':
        lists.pop();
        b.paragraph();
        break;
      case 'It':
        if (lists.at(-1)?.tagged === false) {
          b.paragraph();
          b.append('• ');
          mdoc(args);
        } else if (args.includes('Xo')) {
          b.paragraph();
          b.append(mdocLine(args, md));
          extending = true;
        } else tag(mdocLine(args, md));
        break;
      case 'Sm':
        md.spacing = args[0] === undefined ? !md.spacing : args[0] !== 'off';
        break;
      case 'Bd':
        b.paragraph();
        fill = !args.some((a) => a === '-literal' || a === '-unfilled');
        break;
      case 'Ed':
        fill = true;
        b.paragraph();
        break;
      case 'Dl':
      case 'D1':
        b.paragraph();
        asWritten(mdocLine(args, md));
        b.paragraph();
        break;
      case 'Fo':
        fn = { name: args[0] ?? '', args: [] };
        break;
      case 'Fa':
        if (fn) fn.args.push(mdocLine(args, md));
        else mdoc([req, ...args]);
        break;
      case 'Fc':
        if (fn) text(`${fn.name}(${fn.args.join(', ')})${mdocLine(args, md)}`);
        fn = undefined;
        break;
      case 'Dd':
      case 'Os':
        break;
      case 'St':
        mdoc([STANDARDS[args[0] ?? ''] ?? (args[0] ?? '').replace(/^-/, ''), ...args.slice(1)]);
        break;
      default:
        // A macro the page defines is read as its lines say, with the call's arguments (`.URL "https://…" "the site"`:
        // util-linux's `.MTO`, groff's `.REQ`, older pages' `.URL`); one of those the loader reads itself (`.SH`,
        // pod2man's `.Vb`) is read as usual. A reference's parts (`.%A`, `.%T` …) are text; any other mdoc macro
        // begins a line of text (its callable macros and words); any other request or man macro is layout (.RS, .in,
        // .ft, .nr, .so, .PD …).
        if (macros.has(req) && expanding < MAX_EXPANSION) {
          expanding++;
          for (const l of macros.get(req)!) if (budget-- > 0) feed(withArguments(l, args));
          expanding--;
          // What the macro opened and did not close (a failed conditional's `\{`) ends with it.
          braces = 0;
          skipUntil = undefined;
        } else if (req.startsWith('%')) text(args.map(inline).join(' '));
        else if (MDOC_CALLABLE.has(req)) mdoc([req, ...args]);
    }
    if (extending && (req === 'Xc' || args.includes('Xc'))) {
      extending = false;
      b.line();
    }
    if (joins) joinNext = true;
  };

  /** One line of the page, or of a macro being expanded: inside a definition, a skipped block or a table, or else handled. */
  const feed = (line: string) => {
    if (defining) {
      if (defining.end.test(line)) defining = undefined;
      else defining.lines.push(line);
      return;
    }
    if (skipUntil) {
      if (skipUntil.test(line)) skipUntil = undefined;
      return;
    }
    if (braces > 0) {
      braces += depth(line);
      return;
    }
    if (table) {
      if (/^[.']\s*TE\b/.test(line)) {
        table = undefined;
        b.paragraph();
      } else if (!table.inData) {
        // Options (`tab(:);`) then format lines, the last ending in a full stop.
        const tab = /\btab\s*\((.)\)/.exec(line);
        if (tab) table.tab = tab[1]!;
        if (/\.\s*$/.test(line) && !/;\s*$/.test(line)) table.inData = true;
      } else if (/^[.']\s*T&/.test(line)) table.inData = false;
      else if (table.block) {
        if (/^T\}/.test(line)) {
          const { cells: done, lines: block } = table.block;
          cells(line.slice(2).split(table.tab).slice(1), [...done, block.join(' ').trim()]);
        } else if (!/^[.']/.test(line)) table.block.lines.push(inline(line).trim());
      } else if (!/^[.']/.test(line)) cells(line.split(table.tab), []);
      return;
    }
    handle(line);
  };
  for (; i < lines.length; i++) feed(lines[i]!);
  const { text: out, sections } = b.finish();
  return { title: title ?? fallbackTitle, text: out, sections };
}

/** How deep mdoc's enclosing macros (`Op`, `Dq`, `Pq` …) are read inside one another. */
const MAX_ENCLOSURES = 16;

/** How deep page-defined macros are expanded inside one another. */
const MAX_EXPANSION = 4;

/**
 * A line of a macro's definition as a call reads it: read in copy mode (`\\` is one backslash, `\.` a dot), its
 * `\$1` … `\$9` the call's arguments, `\$*` and `\$@` all of them.
 */
function withArguments(line: string, args: readonly string[]): string {
  return line.replace(/\\\\/g, '\\').replace(/\\(?:\$(\d|\*|@)|\.)/g, (all, n: string | undefined) => {
    if (n === undefined) return all === '\\.' ? '.' : all;
    if (n === '*') return args.join(' ');
    if (n === '@') return args.map((a) => `"${a}"`).join(' ');
    return args[Number(n) - 1] ?? '';
  });
}

/** The standards `.St` names most (mdoc(7)); another is said by its name. */
const STANDARDS: Readonly<Record<string, string>> = {
  '-p1003.1': 'IEEE Std 1003.1 (“POSIX.1”)',
  '-p1003.1-2001': 'IEEE Std 1003.1-2001 (“POSIX.1”)',
  '-p1003.1-2008': 'IEEE Std 1003.1-2008 (“POSIX.1”)',
  '-p1003.2': 'IEEE Std 1003.2 (“POSIX.2”)',
  '-susv2': 'Version 2 of the Single UNIX Specification (“SUSv2”)',
  '-susv3': 'Version 3 of the Single UNIX Specification (“SUSv3”)',
  '-susv4': 'Version 4 of the Single UNIX Specification (“SUSv4”)',
  '-ansiC': 'ANSI X3.159-1989 (“ANSI C89”)',
  '-isoC': 'ISO/IEC 9899:1990 (“ISO C90”)',
  '-isoC-99': 'ISO/IEC 9899:1999 (“ISO C99”)',
  '-isoC-2011': 'ISO/IEC 9899:2011 (“ISO C11”)',
};

/** A bullet as `.IP` gives one: `\(bu`, `\[bu]`, or the character itself. */
const BULLET = /^(?:\\\(bu|\\\[bu\]|[•*-]|\\-|\\\(em|\\\[em\])$/;

/**
 * A conditional's condition, as a terminal formatter (`man` on a terminal) decides it: `n` holds, `t`, `o` and `e`
 * do not, groff's `\n(.g` holds; a string comparison or an expression is not worked out and does not hold.
 */
function condition(rest: string): { holds: boolean; body: string } {
  let s = rest.trimStart();
  const not = s.startsWith('!');
  if (not) s = s.slice(1);
  const letter = /^([ntoe])(?=[\s\\]|$)/.exec(s);
  const groff = /^\\n(?:\(\.g|\[\.g\])(?=[\s\\]|$)/.exec(s);
  const compared = /^([^\w\s\\(])(?:(?!\1).)*\1(?:(?!\1).)*\1/.exec(s);
  const m = letter ?? groff ?? compared ?? /^\S+/.exec(s);
  const holds = letter ? letter[1] === 'n' : !!groff;
  return { holds: not ? !holds : holds, body: s.slice(m?.[0].length ?? 0) };
}

/** The start of a manual page's roff source: its title macro (man(7) `.TH`, mdoc(7) `.Dd`/`.Dt`) or a section. */
const ROFF_PAGE = /^[.']\s*(?:TH|Dd|Dt|SH|Sh)\b/m;
/** Whether the first kilobytes of a file are a manual page's roff (a `.so` redirect alone is not one). */
export const isRoff = (head: string): boolean => ROFF_PAGE.test(head);

/** The heading of `.SH`/`.Sh`: man's are its arguments as written, mdoc's may hold macros. */
const mdocOrMan = (req: string, args: string[], md: MdocState) =>
  req === 'Sh' || req === 'Ss'
    ? mdocLine(args, { ...md, spacing: true })
    : args.map((a) => manInline(a, md.strings)).join(' ');

/** A request's arguments: words, or strings in double quotes (`""` inside one is a quote). */
export function roffArgs(rest: string): string[] {
  const out: string[] = [];
  const s = rest.replace(/\\"[\s\S]*$/, '');
  let i = 0;
  while (i < s.length) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (i >= s.length) break;
    if (s[i] === '"') {
      let arg = '';
      i++;
      while (i < s.length) {
        if (s[i] === '"' && s[i + 1] === '"') {
          arg += '"';
          i += 2;
        } else if (s[i] === '"') {
          i++;
          break;
        } else arg += s[i++];
      }
      out.push(arg);
    } else {
      let arg = '';
      while (i < s.length && s[i] !== ' ' && s[i] !== '\t') {
        // An escape's argument may hold a space (`\(em` does not, `\ ` does).
        if (s[i] === '\\' && i + 1 < s.length) {
          arg += s[i]! + s[i + 1]!;
          i += 2;
        } else arg += s[i++];
      }
      out.push(arg);
    }
  }
  return out;
}

/** Special characters by name, as `\(xx` or `\[name]` write them. */
const GLYPHS: Readonly<Record<string, string>> = {
  em: '—',
  en: '–',
  hy: '-',
  mi: '-',
  aq: "'",
  dq: '"',
  lq: '“',
  rq: '”',
  oq: '‘',
  cq: '’',
  bu: '•',
  co: '©',
  rg: '®',
  tm: '™',
  mu: '×',
  di: '÷',
  '+-': '±',
  '<=': '≤',
  '>=': '≥',
  '!=': '≠',
  '->': '→',
  '<-': '←',
  de: '°',
  ba: '|',
  rs: '\\',
  ti: '~',
  ha: '^',
  at: '@',
  sh: '#',
  Do: '$',
  lB: '[',
  rB: ']',
  lC: '{',
  rC: '}',
  la: '⟨',
  ra: '⟩',
  sc: '§',
  ps: '¶',
  ga: '`',
  aa: '´',
  ul: '_',
  sq: '□',
  u2014: '—',
  eq: '=',
  pl: '+',
  sl: '/',
  Fo: '«',
  Fc: '»',
  fo: '‹',
  fc: '›',
  ss: 'ß',
  ae: 'æ',
  AE: 'Æ',
  'o/': 'ø',
  'O/': 'Ø',
  ci: '○',
  lh: '☜',
  rh: '☞',
  OK: '✓',
  '**': '∗',
  dg: '†',
};
/** Accents a glyph name puts on a letter (`\('e` é, `\(:u` ü, `\(,c` ç): combining marks. */
const ACCENTS: Readonly<Record<string, string>> = {
  "'": '\u0301',
  '`': '\u0300',
  ':': '\u0308',
  '^': '\u0302',
  '~': '\u0303',
  ',': '\u0327',
  o: '\u030a',
  v: '\u030c',
};
/** A special character by its name: the table's, an accented letter's, or a code point's (`u00E9`); else nothing. */
function glyphOf(name: string): string {
  const known = GLYPHS[name];
  if (known !== undefined) return known;
  const accent = name.length === 2 && /[A-Za-z]/.test(name[1]!) ? ACCENTS[name[0]!] : undefined;
  if (accent) return `${name[1]}${accent}`.normalize('NFC');
  return /^u[0-9A-F]{4,5}$/.test(name) ? String.fromCodePoint(Number.parseInt(name.slice(1), 16)) : '';
}
/** Strings pages commonly define for quotes (`\*(lq`, `\*(Aq`); any other interpolation is dropped. */
const STRINGS: Readonly<Record<string, string>> = {
  lq: '“',
  rq: '”',
  Aq: "'",
  aq: "'",
  R: '®',
  Tm: '™',
  Lq: '“',
  Rq: '”',
};

/** roff escapes in a line of text (`strings`: those the page defines with `.ds`). */
export function manInline(s: string, strings?: ReadonlyMap<string, string>): string {
  return s.replace(
    /\\(?:f(?:\[[^\]\n]{0,64}\]|\(..|.)|s[+-]?(?:\d|\(\d\d|\[\d+\])|\((..)|\[([^\]\n]{0,64})\]|\*(?:\((..)|\[([^\]\n]{0,64})\]|(.))|[nkgmMVYF](?:\((..)|\[[^\]\n]{0,64}\]|.)|[hvwlLxobDSXZNR]'[^'\n]{0,64}'|z|"[\s\S]*$|([-e&|^%:~0 cdu{}aprt!\\.`',/]))/g,
    (m, glyph2?: string, glyphN?: string, str2?: string, strN?: string, str1?: string, _reg?: string, ch?: string) => {
      const glyph = glyph2 ?? glyphN;
      if (glyph !== undefined) return glyphOf(glyph);
      const str = str2 ?? strN ?? str1;
      if (str !== undefined) return strings?.get(str) ?? STRINGS[str] ?? '';
      if (ch === undefined) return '';
      switch (ch) {
        case '-':
          return '-';
        case 'e':
        case '\\':
          return '\\';
        case '~':
        case '0':
        case ' ':
          return ' ';
        case '.':
          return '.';
        case '`':
          return '`';
        case "'":
          return "'";
        default:
          return m === '\\t' ? '\t' : '';
      }
    },
  );
}

/** mdoc macros that may begin a line of text or be called inside one. */
const MDOC_CALLABLE = new Set(
  'Ad An Ap Ar At Bsx Bx Cd Cm Dv Dx Em Er Ev Fa Fl Fn Fr Ft Fx Ic In Li Lk Ms Mt Nm No Ns Nx Ox Pa Pf Sx Sy Tn Ux Va Vt Xr Ql Dq Sq Qq Pq Aq Bq Brq Op Oo Oc Do Dc Qo Qc So Sc Po Pc Bo Bc Eo Ec Ta Ex Rv St Lb Ot Fd Tg Xo Xc'.split(
    ' ',
  ),
);
/** Punctuation that closes up to the word before it, and that opens up to the word after it. */
const CLOSE = /^[.,;:?!)\]]+$/;
const OPEN = /^[([]+$/;
const ENCLOSE: Readonly<Record<string, [string, string]>> = {
  Dq: ['“', '”'],
  Sq: ['‘', '’'],
  Ql: ['‘', '’'],
  Qq: ['"', '"'],
  Pq: ['(', ')'],
  Aq: ['⟨', '⟩'],
  Bq: ['[', ']'],
  Brq: ['{', '}'],
  Op: ['[', ']'],
};
const OPENERS: Readonly<Record<string, string>> = { Oo: '[', Do: '“', Qo: '"', So: '‘', Po: '(', Bo: '[' };
const CLOSERS: Readonly<Record<string, string>> = { Oc: ']', Dc: '”', Qc: '"', Sc: '’', Pc: ')', Bc: ']' };
const NAMED: Readonly<Record<string, string>> = {
  Ux: 'UNIX',
  Bx: 'BSD',
  Bsx: 'BSD/OS',
  Ox: 'OpenBSD',
  Nx: 'NetBSD',
  Fx: 'FreeBSD',
  Dx: 'DragonFly',
  At: 'AT&T UNIX',
};

/**
 * What mdoc lines are read with: the page's name (the first `.Nm`'s), whether words are spaced (`.Sm`), and the
 * strings the page defines (`.ds`).
 */
export type MdocState = { name?: string; spacing: boolean; strings?: Map<string, string> };

/** An mdoc line (a macro and its arguments, which may call further macros) as the words it prints. */
export function mdocLine(args: readonly string[], md: MdocState, depth = 0): string {
  const words: { text: string; glue?: boolean }[] = [];
  const push = (text: string, glue = false) => {
    if (text) words.push({ text, glue });
  };
  // Words up to the next callable macro (or the end), with the position after them.
  const run = (from: number): [string[], number] => {
    const out: string[] = [];
    let i = from;
    // A delimiter ends a macro's arguments and is said in its place (`Ar port : host`).
    while (i < args.length && !MDOC_CALLABLE.has(args[i]!) && !CLOSE.test(args[i]!)) out.push(args[i++]!);
    return [out, i];
  };
  let glueNext = false;
  let i = 0;
  while (i < args.length) {
    const a = args[i]!;
    if (!MDOC_CALLABLE.has(a)) {
      const t = manInline(a, md.strings);
      push(t, glueNext || CLOSE.test(t));
      glueNext = OPEN.test(t);
      i++;
      continue;
    }
    i++;
    const glue = glueNext;
    glueNext = false;
    if (a === 'Ns') {
      glueNext = true;
      continue;
    }
    if (a === 'Ap') {
      push("'", true);
      glueNext = true;
      continue;
    }
    // Enclosures nest (`.Op Fl v Op Ar n`), a few deep at most in real pages: past that their words are said as they
    // are (thousands of `Dq` in a line had overflowed the stack).
    if (ENCLOSE[a] && depth < MAX_ENCLOSURES) {
      const [o, c] = ENCLOSE[a];
      // Encloses the rest of the line but trailing punctuation.
      let end = args.length;
      while (end > i && CLOSE.test(args[end - 1]!)) end--;
      const inner = mdocLine(args.slice(i, end), md, depth + 1);
      push(`${o}${inner}${c}`, glue);
      for (const p of args.slice(end)) push(manInline(p, md.strings), true);
      break;
    }
    if (OPENERS[a]) {
      push(OPENERS[a], glue);
      glueNext = true;
      continue;
    }
    if (CLOSERS[a]) {
      push(CLOSERS[a], true);
      continue;
    }
    if (NAMED[a]) {
      const [ws, next] = run(i);
      push([NAMED[a], ...ws].join(' '), glue);
      i = next;
      continue;
    }
    const [ws, next] = run(i);
    const body = ws.map((w) => manInline(w, md.strings));
    i = next;
    switch (a) {
      case 'Fl':
        // `Fl` alone is a dash; each word after it is an option ("Fl v" → -v, "Fl o Ar file" → -o file).
        push(body.length ? body.map((w) => `-${w}`).join(' ') : '-', glue);
        break;
      case 'Nm':
        push(body.length ? body.join(' ') : (md.name ?? ''), glue);
        break;
      case 'Xr':
        push(body[1] ? `${body[0]}(${body[1]})` : (body[0] ?? ''), glue);
        break;
      case 'Fn': {
        const [fn, ...params] = body;
        push(`${fn ?? ''}(${params.join(', ')})`, glue);
        break;
      }
      case 'In':
        push(`#include <${body.join(' ')}>`, glue);
        break;
      case 'Ar':
        push(body.length ? body.join(' ') : 'file ...', glue);
        break;
      case 'Ex':
        push(`The ${md.name ?? 'utility'} utility exits 0 on success, and >0 if an error occurs.`, glue);
        break;
      case 'Rv':
        push('The function returns the value 0 if successful; otherwise the value -1 is returned.', glue);
        break;
      case 'Ta':
        push('  ', true);
        break;
      case 'Lk':
        push(body.length > 1 ? `${body.slice(1).join(' ')} <${body[0]}>` : (body[0] ?? ''), glue);
        break;
      case 'Pf':
        push(body[0] ?? '', glue);
        glueNext = true;
        if (body.length > 1) push(body.slice(1).join(' '), true);
        break;
      default:
        push(body.join(' '), glue);
    }
  }
  return words
    .map((w, k) => (k === 0 || w.glue || !md.spacing ? w.text : ` ${w.text}`))
    .join('')
    .trim();
}
