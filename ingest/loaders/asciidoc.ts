import type { Extracted } from './markdown.ts';
import { joinWrapped, trimBlankLines } from './markup-lines.ts';
import { TextBuilder } from './text-builder.ts';

/** A section title: `== Options` (or `## Options`), the number of marks its level; `= Title` is the document's. */
const TITLE = /^(={1,6}|#{1,6})[ \t]+(\S.*)$/;
/** A two-line title's underline, by character: `=` for the document, `-`, `~`, `^`, `+` for levels 1 to 4. */
const UNDERLINE: Record<string, number> = { '=': 1, '-': 2, '~': 3, '^': 4, '+': 5 };
const UNDERLINE_LINE = /^([=\-~^+])\1+$/;
/** What a two-line title may start with: not a block's mark, a list's, a comment's or an attribute's. */
const TITLE_START = /^[^\s.[/|*+<:=#-]/;
/** Delimited blocks: listing, literal, comment, passthrough and table keep or drop their lines; the rest are prose. */
const DELIMITER = /^(?:-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|\/{4,}|--|[|!,:]={3,}|`{3,}[\w+-]*)$/;
const ATTRIBUTE_ENTRY = /^:(!?\w[\w-]*!?):(?:[ \t]+(.*))?$/;
/** A block's attributes, anchor or role line: `[source,shell]`, `[[install]]`, `[#id.role]`, `[NOTE]`. */
const BLOCK_ATTRIBUTES = /^\[\[?[^\]]*\]\]?$/;
/** A block macro: `image::a.png[]`, `toc::[]`, `video::x[]` (none is text). */
const BLOCK_MACRO = /^[a-z][\w-]*::[^\s[]*\[.*\]$/;
/** Preprocessor lines, read wherever they stand (inside a paragraph or a block too). */
const CONDITIONAL = /^(ifdef|ifndef)::([^[\s]*)\[(.*)\]$/;
const IFEVAL = /^ifeval::\[.*\]$/;
const ENDIF = /^endif::[^[\s]*\[\]$/;
const INCLUDE = /^include::[^[]*\[.*\]$/;
/** A description list's term: `-v::`, `--verbose::`, `Term;;`, with or without its definition on the same line. */
const TERM = /^(\S.{0,300}?)(:{2,4}|;;)(?:[ \t]+(.*))?$/;
/** A list item: `* a`, `** b`, `- a`, `. a`, `1. a`, `a. b`, with a checkbox perhaps. */
const LIST_ITEM = /^([*-]{1,5}|\.{1,5}|\d+\.|[a-zA-Z]\.)[ \t]+(?:\[[ x*]\][ \t]+)?(.*)$/;
/** A block title: `.Example output`, not `..`, `. item` or `.5 ms`. */
const BLOCK_TITLE = /^\.([^\s.\d].*)$/;
const ADMONITION = /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+/;
/** Paragraph styles whose lines are kept as written. */
const KEEP_LINES = new Set(['verse', 'literal', 'listing', 'source', 'synopsis']);
/**
 * A thematic break (`'''`, three or more; Markdown's `---`, `* * *` and the like) or a page break (`<<<`): no text.
 * Block delimiters (`----`, `****`) are four or more.
 */
const BREAK = /^(?:'{3,}|<{3,}|([-*_])( ?)\1\2\1)$/;

/** The attribute entries of a document header: the lines under a leading `= Title`, up to the first blank one. */
function headerEntries(lines: readonly string[]): RegExpExecArray[] {
  let i = 0;
  while (i < lines.length && (!lines[i]!.trim() || /^\/\/(?!\/)/.test(lines[i]!) || ATTRIBUTE_ENTRY.test(lines[i]!)))
    i++;
  if (!/^(?:=|#)[ \t]+\S/.test(lines[i] ?? '')) return [];
  const out: RegExpExecArray[] = [];
  for (i++; i < lines.length && lines[i]!.trim(); i++) {
    const entry = ATTRIBUTE_ENTRY.exec(lines[i]!.trimEnd());
    if (entry) out.push(entry);
  }
  return out;
}

/** Attributes every AsciiDoc document has: what `{nbsp}`, `{plus}` and the like stand for. */
const BUILTIN: Record<string, string> = {
  nbsp: ' ',
  sp: ' ',
  zwsp: '',
  empty: '',
  blank: '',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  plus: '+',
  caret: '^',
  tilde: '~',
  asterisk: '*',
  backslash: '\\',
  backtick: '`',
  brvbar: '¦',
  vbar: '|',
  startsb: '[',
  endsb: ']',
  'two-colons': '::',
  'two-semicolons': ';;',
  cpp: 'C++',
  deg: '°',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
};

type Block = {
  kind: 'verbatim' | 'skip' | 'table';
  close: string;
  lines: string[];
  cols?: number;
  /** A table's cell separator: `|`, or `,` and `:` for CSV and DSV data. */
  separator?: string;
};
type Para = { lines: string[]; literal: boolean; item?: boolean; defines?: boolean };

/**
 * AsciiDoc (Asciidoctor's syntax, and the two-line titles of older documents such as Git's manuals) to plain text
 * with a section per title. The document title (`= Title`) names the document and heads every section's path.
 * Listing and literal blocks and indented literal paragraphs keep their lines as written; tables give a line per
 * row, its cells spaced apart; a description list's terms (`-v::` `--verbose::`) stand on a line of their own
 * ("-v, --verbose") over their definition, as a manual page's options do. Comments, attribute entries, block
 * attributes, anchors, includes and passthrough blocks are dropped; conditionals (`ifdef::`) keep what the
 * document's attributes select; `{attribute}` references are replaced by their values; inline markup is reduced to
 * the words a reader sees.
 */
export function extractAsciidoc(src: string, fallbackTitle: string): Extracted {
  const lines = src.replace(/^\uFEFF/, '').split(/\r?\n/);
  const b = new TextBuilder();
  const attrs = new Map<string, string>();
  const stack: string[] = [];
  let title: string | undefined;
  /**
   * The paragraph being read: its lines so far, whether they are kept as written (a literal paragraph), and whether
   * it is a list item (items follow one another a line apart) or a term's definition (right under its term line).
   */
  let para: Para | undefined;
  let block: Block | undefined;
  /** Terms of a description list entry waiting for their definition. */
  let terms: string[] = [];
  /** In the document header, right under the title: author and revision lines go, attribute entries are read. */
  let header = false;
  /** What the last block attribute line said of the next block: its style (`[verse]`), columns, table format. */
  let next: { style?: string; cols?: number; csv?: boolean } = {};
  /** Open example, sidebar, quote and open blocks (prose): a line closing one is no title's underline. */
  const open: string[] = [];
  /** Open conditionals: whether each keeps its lines. */
  const conditions: boolean[] = [];
  /** Numbers of `. item` ordered lists, by depth. */
  let numbers: number[] = [];

  const inline = (s: string) => asciidocInline(s, attrs);
  const setAttribute = (entry: RegExpExecArray) => {
    const name = entry[1]!.replace(/!/g, '').toLowerCase();
    if (entry[1]!.includes('!')) attrs.delete(name);
    else attrs.set(name, substitute(entry[2] ?? '', attrs));
  };
  const flush = () => {
    if (para) {
      if (!para.item && !para.defines) b.paragraph();
      if (para.literal) {
        const indent = Math.min(...para.lines.map((l) => l.length - l.trimStart().length));
        for (const l of para.lines) {
          b.append(l.slice(indent).trimEnd());
          b.line();
        }
      } else b.append(inline(joinWrapped(para.lines, ' +')));
      if (para.item) b.line();
      else b.paragraph();
    }
    para = undefined;
  };
  const flushTerms = () => {
    if (!terms.length) return;
    b.paragraph();
    b.append(terms.join(', '));
    b.line();
    terms = [];
  };
  const heading = (level: number, raw: string) => {
    flush();
    flushTerms();
    next = {};
    numbers = [];
    const text = inline(raw).trim();
    if (level === 1 && title === undefined && text) title = text;
    stack.length = level;
    stack[level - 1] = text;
    b.section(stack.filter(Boolean));
    header = level === 1 && b.mark() === 0;
  };
  const endBlock = (blk: Block) => {
    b.paragraph();
    if (blk.kind === 'verbatim') {
      for (const l of trimBlankLines(blk.lines)) {
        b.append(l.trimEnd());
        b.line();
      }
    } else if (blk.kind === 'table')
      for (const row of tableRows(blk.lines, blk.separator ?? '|', blk.cols)) {
        const cells = row.map((c) => inline(c).replace(/\s+/g, ' ').trim());
        if (cells.some(Boolean)) {
          b.append(cells.join('   ').trimEnd());
          b.line();
        }
      }
    b.paragraph();
  };

  // The document's title may use what its header defines below it (`= rdiff-backup: {page-name}` over
  // `:page-name: F.A.Q.`): Asciidoctor reads the header before it renders the title, so its entries are read first.
  for (const entry of headerEntries(lines)) setAttribute(entry);
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i]!.replace(/\t/g, '        ');
    // Preprocessor lines first, wherever they stand.
    const directive = raw.trim();
    const cond = CONDITIONAL.exec(directive);
    if (cond) {
      const holds = conditionHolds(cond[1]!, cond[2]!, attrs);
      if (!cond[3]) {
        conditions.push(holds);
        continue;
      }
      // The one-line form keeps its content when the condition holds: `ifdef::env-web[See the site.]`.
      if (!holds || conditions.includes(false)) continue;
      raw = cond[3];
    } else if (IFEVAL.test(directive)) {
      conditions.push(true);
      continue;
    } else if (ENDIF.test(directive)) {
      conditions.pop();
      continue;
    }
    if (conditions.includes(false) || INCLUDE.test(directive)) continue;
    const line = raw.trimEnd();
    if (block) {
      if (line === block.close) {
        endBlock(block);
        block = undefined;
      } else block.lines.push(line);
      continue;
    }
    const text = line.trim();
    if (!text) {
      flush();
      header = false;
      continue;
    }
    if (header) {
      const entry = ATTRIBUTE_ENTRY.exec(line);
      if (entry) setAttribute(entry);
      continue;
    }
    // A comment line; a list continuation (`+`), which ends the paragraph before it.
    if (/^\/\/(?!\/)/.test(line)) continue;
    if (text === '+') {
      flush();
      continue;
    }
    // A two-line title's underline, as long as a one-line paragraph give or take one (a lead-in ending with a colon
    // is followed by a block instead); the document's (`=`) only at the start.
    const under = UNDERLINE_LINE.exec(line);
    if (under && para && !para.literal && !para.item && para.lines.length === 1 && !terms.length) {
      const t = para.lines[0]!;
      const level = UNDERLINE[under[1]!]!;
      const fits = Math.abs(t.length - line.length) <= 1 && (level > 1 || b.mark() === 0);
      if (fits && TITLE_START.test(t) && /[\p{L}\p{N}]/u.test(t) && !t.endsWith(':') && open.at(-1) !== line) {
        para = undefined;
        heading(level, t);
        continue;
      }
    }
    if (DELIMITER.test(line)) {
      flush();
      flushTerms();
      const close = line.startsWith('```') ? '```' : line;
      const c = line[0]!;
      if (open.at(-1) === line) open.pop();
      else if ((c === '-' && line.length > 2) || c === '.' || c === '`') block = { kind: 'verbatim', close, lines: [] };
      else if (c === '/' || c === '+') block = { kind: 'skip', close, lines: [] };
      else if (line[1] === '=' && '|!,:'.includes(c)) {
        const separator = c === ',' || c === ':' ? c : next.csv ? ',' : '|';
        block = { kind: 'table', close, lines: [], cols: next.cols, separator };
      }
      // Example, sidebar, quote and open blocks hold prose: only their delimiters go.
      else open.push(line);
      next = {};
      continue;
    }
    if (!para) {
      const t = TITLE.exec(line);
      if (t) {
        heading(t[1]!.length, t[2]!.replace(/[ \t]+=+$/, ''));
        continue;
      }
      const entry = ATTRIBUTE_ENTRY.exec(line);
      if (entry) {
        setAttribute(entry);
        continue;
      }
      if (BLOCK_ATTRIBUTES.test(text)) {
        next = {
          style: /^\[([\w-]+)/.exec(text)?.[1]?.toLowerCase() ?? next.style,
          cols: columnsOf(text) ?? next.cols,
          csv: /\bformat\s*=\s*"?csv\b/.test(text) || next.csv,
        };
        continue;
      }
      if (BLOCK_MACRO.test(text) || BREAK.test(text)) continue;
    }
    const dt = TERM.exec(text);
    if (dt && !/^\w+:\/\//.test(text) && !BLOCK_MACRO.test(text)) {
      flush();
      next = {};
      terms.push(inline(dt[1]!).trim());
      if (dt[3]) {
        flushTerms();
        para = { lines: [dt[3]], literal: false, defines: true };
      }
      continue;
    }
    const item = LIST_ITEM.exec(text);
    if (item && !para?.literal) {
      flush();
      flushTerms();
      next = {};
      para = { lines: [`${itemMark(item[1]!, numbers)}${item[2]}`], literal: false, item: true };
      continue;
    }
    const indented = /^\s/.test(raw);
    // An indented paragraph is literal text (a command, output), unless it is a term's definition.
    if (!para && indented && !terms.length) {
      para = { lines: [line], literal: true };
      continue;
    }
    if (!para) {
      const caption = BLOCK_TITLE.exec(text);
      if (caption) {
        flushTerms();
        b.paragraph();
        b.append(inline(caption[1]!).trim());
        b.paragraph();
        continue;
      }
    }
    if (para) {
      para.lines.push(para.literal ? line : text);
      continue;
    }
    const defines = terms.length > 0;
    if (defines) flushTerms();
    else numbers = [];
    // A paragraph styled to keep its lines (`[verse]`, `[literal]`, `[source]`) is kept as written.
    const literal = !!next.style && KEEP_LINES.has(next.style);
    next = {};
    const first = literal ? line : text.replace(ADMONITION, (_, k: string) => `${k[0]}${k.slice(1).toLowerCase()}: `);
    para = { lines: [first], literal, defines };
  }
  if (block) endBlock(block);
  flush();
  flushTerms();
  const { text, sections } = b.finish();
  return { title: title || fallbackTitle, text, sections };
}

/** Whether `ifdef::a,b[]` (any of them set) or `ifdef::a+b[]` (all of them) holds; `ifndef` the opposite. */
function conditionHolds(kind: string, names: string, attrs: ReadonlyMap<string, string>): boolean {
  const set = (n: string) => attrs.has(n.toLowerCase());
  const all = names.includes('+');
  const list = names.split(all ? '+' : ',').filter(Boolean);
  const defined = all ? list.every(set) : list.some(set);
  return kind === 'ifdef' ? defined : !defined;
}

/**
 * A list item's mark as plain text writes it: `- ` for a bullet, a number or letter as written, and `. ` items
 * numbered in order at each depth ("1. ", "2. ").
 */
function itemMark(mark: string, numbers: number[]): string {
  if (/^[*-]+$/.test(mark)) return '- ';
  if (!/^\.+$/.test(mark)) return `${mark} `;
  const depth = mark.length;
  numbers.length = depth;
  numbers[depth - 1] = (numbers[depth - 1] ?? 0) + 1;
  return `${numbers[depth - 1]}. `;
}

/** The number of columns a table's attribute line gives: `[cols="1,3"]` → 2, `[cols="3*"]` and `[cols="3"]` → 3. */
function columnsOf(attributes: string): number | undefined {
  const m = /\bcols\s*=\s*"?([^"\]]*)"?/.exec(attributes);
  if (!m) return undefined;
  const spec = m[1]!.trim();
  const times = /^(\d+)(?:\*|$)/.exec(spec);
  if (times) return Number(times[1]);
  return spec.split(/[,;]/).length;
}

/**
 * A cell's spec, written right before the `|` that opens it: a span or duplication (`2+`, `3*`), an alignment, a
 * style letter (`a|`), at the start of the line or after a space.
 */
const CELL_SPEC = /(?:^|\s)((?:\d+\*)?(?:\d+(?:\.\d+)?\+)?(?:\.?[<^>]){0,2}[adehlmsv]?)$/;

/** Text before a `|` split into what stays in the cell before and the spec of the cell after (if it says something). */
function specOf(part: string): [string, string] {
  const m = CELL_SPEC.exec(part);
  if (!m?.[1] || !/[+*<^>]|^[adehlmsv]$/.test(m[1])) return [part, ''];
  return [part.slice(0, part.length - m[1].length), m[1]];
}

/** A `|` table line's cells, each with the columns it spans; text before the first `|` goes on with the cell before. */
function cellsOf(line: string): { before: string; cells: { text: string; span: number }[] } {
  const parts = line.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|'));
  const cells: { text: string; span: number }[] = [];
  let [before, spec] = parts.length > 1 ? specOf(parts[0]!) : [parts[0] ?? '', ''];
  for (let k = 1; k < parts.length; k++) {
    const [text, after] = k === parts.length - 1 ? [parts[k]!, ''] : specOf(parts[k]!);
    cells.push({ text, span: Math.max(1, Number(/(\d+)\+/.exec(spec)?.[1] ?? 1)) });
    spec = after;
  }
  return { before, cells };
}

/**
 * A table's rows: as many cells to a row as the table has columns — given by its `cols` attribute, else by the
 * cells of its first line, or of its first lines up to a blank one when that line holds one cell. A cell spanning
 * columns (`2+|`) fills them; a line without a separator goes on with the cell before it. CSV and DSV tables have
 * a row a line.
 */
function tableRows(lines: readonly string[], separator: string, given?: number): string[][] {
  const content = lines.filter((l) => l.trim());
  if (separator !== '|') return content.map((l) => splitData(l, separator));
  if (!content.length) return [];
  const width = (l: string) => cellsOf(l).cells.reduce((a, c) => a + c.span, 0);
  let cols = given ?? width(content[0]!);
  if (!given && cols <= 1) {
    cols = 0;
    for (const l of lines) {
      if (!l.trim()) break;
      cols += width(l);
    }
  }
  const rows: string[][] = [];
  let row: string[] = [];
  let filled = 0;
  for (const l of content) {
    const { before, cells } = cellsOf(l);
    if (before.trim()) {
      const prev = row.length ? row : rows.at(-1);
      if (prev?.length) prev[prev.length - 1] += ` ${before.trim()}`;
    }
    for (const c of cells) {
      row.push(c.text.trim());
      for (let s = 1; s < c.span; s++) row.push('');
      filled += c.span;
      if (filled >= Math.max(1, cols)) {
        rows.push(row);
        row = [];
        filled = 0;
      }
    }
  }
  if (row.length) rows.push(row);
  return rows;
}

/** A CSV or DSV line's fields: quoted fields may hold the separator (CSV). */
function splitData(line: string, separator: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k]!;
    if (separator === ',' && ch === '"') {
      if (quoted && line[k + 1] === '"') {
        cur += '"';
        k++;
      } else quoted = !quoted;
    } else if (ch === separator && !quoted && line[k - 1] !== '\\') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

/** `{name}` replaced by its value, built-in or defined; an unknown name stays as written. */
function substitute(s: string, attrs: ReadonlyMap<string, string>): string {
  return s.replace(/(\\)?\{(\w[\w-]{0,99})\}/g, (all, esc: string | undefined, name: string) => {
    if (esc) return all.slice(1);
    const key = name.toLowerCase();
    return attrs.get(key) ?? BUILTIN[key] ?? all;
  });
}

const WORD = String.raw`[\p{L}\p{N}_]`;
/** The most a formatted span, a macro's text or a link's target may hold: a bound on how far a pair is looked for. */
const SPAN = 400;
/** Constrained formatting, `*bold*`, `_emphasis_`, `#mark#`: a pair around text, not inside a word. */
const constrained = (mark: string) =>
  new RegExp(String.raw`(?<!${WORD}|\\|${mark})${mark}(?=\S)(.{1,${SPAN}}?)(?<=\S)${mark}(?!${WORD}|${mark})`, 'gu');
const FORMATS = ['\\*', '_', '#'].map(constrained);
/** Code and passthrough spans, whose text is literal: `` `a*b*` ``, ``` ``x`` ```, `+x+`, `+++x+++`, `pass:[x]`. */
const LITERAL = new RegExp(
  [
    String.raw`\+\+\+(.{0,${SPAN}}?)\+\+\+`,
    String.raw`\bpass:[a-z,]*\[([^\]]{0,${SPAN}})\]`,
    String.raw`\+\+(.{1,${SPAN}}?)\+\+`,
    String.raw`\x60\x60(.{1,${SPAN}}?)\x60\x60`,
    String.raw`(?<!${WORD}|\\)\x60\+?(?=\S)(.{1,${SPAN}}?)(?<=\S)\+?\x60(?!${WORD})`,
    String.raw`(?<!${WORD}|\\|\+)\+(?=\S)([^+]{1,${SPAN}}?)(?<=\S)\+(?!${WORD}|\+)`,
  ].join('|'),
  'gu',
);
/** An inline macro, `name:target[text]`: `xref:`, `link:`, `image:`, `menu:`, Git's `linkgit:` and any other. */
const MACRO = new RegExp(String.raw`\b([a-z][a-z0-9-]*):(?!\/\/|:)([^\s[\]]{1,${SPAN}})\[([^\]]{0,${SPAN}})\]`, 'g');

/** An inline anchor, `[[id]]`, `[[id,text]]` or a bibliography's `[[[ref]]]`: no text. */
const ANCHOR = new RegExp(String.raw`\[\[\[?[^\s[\],]{1,${SPAN}}(?:,[^\]]{0,${SPAN}})?\]\]\]?`, 'g');
/** A URL with its text in brackets: `https://example.org[the site]`. */
const URL_MACRO = new RegExp(
  String.raw`\b((?:https?|ftp|file|irc)://[^\s[\]<>]{1,${SPAN}})\[([^\]]{0,${SPAN}})\]`,
  'g',
);
/** A cross reference, `<<id>>` or `<<id,text>>`, escaped or not. */
const XREF = new RegExp(String.raw`(\\)?<<([^,<>\s][^,<>]{0,${SPAN}}?)(?:,\s*([^<>]{0,${SPAN}}?))?>>`, 'g');
/** A key or button: `kbd:[Ctrl+C]`, `btn:[OK]`. */
const KEY = new RegExp(String.raw`\b(?:kbd|btn):\[([^\]]{0,${SPAN}})\]`, 'g');
/** A footnote's text: `footnote:[…]`, `footnoteref:[id,…]`. */
const FOOTNOTE = new RegExp(String.raw`\bfootnote(?:ref)?:[\w-]*\[([^\]]{0,${SPAN}})\]`, 'g');
/** Unconstrained formatting, inside words too: `**bold**`, `__emphasis__`, `##mark##`. */
const UNCONSTRAINED = new RegExp(String.raw`\*\*(.{1,${SPAN}}?)\*\*|__(.{1,${SPAN}}?)__|##(.{1,${SPAN}}?)##`, 'g');
/**
 * AsciiDoc inline markup down to the words a reader sees: links, cross references, images, keys, buttons, menus and
 * footnotes to their text, another macro to its text or target (`linkgit:git-add[1]` → "git-add(1)"); code and
 * passthroughs to their content, which is not read as markup; anchors dropped; index terms to their words; bold,
 * emphasis, highlight, super- and subscript to their text; curved quotes to plain ones; escapes resolved.
 */
export function asciidocInline(s: string, attrs: ReadonlyMap<string, string> = new Map()): string {
  const kept: string[] = [];
  const keep = (x: string) => `\uE000${kept.push(x) - 1}\uE001`;
  // Older documents' quotes (``like this''), which are no code span.
  let t = substitute(s, attrs)
    .replace(/``([^`']{1,400}?)''/g, '"$1"')
    .replace(LITERAL, (all, ...g: unknown[]) => {
      const inner = g.slice(0, 6).find((x): x is string => typeof x === 'string');
      return inner === undefined ? all : keep(inner);
    });
  t = t
    .replace(ANCHOR, '')
    .replace(/\(\(\((?:[^()]|\([^()]*\)){0,400}\)\)\)/g, '')
    .replace(/\(\(([^()]{1,400})\)\)/g, '$1')
    .replace(URL_MACRO, (_, url: string, text: string) => firstAttr(text) || url)
    .replace(XREF, (all, esc: string | undefined, id: string, text?: string) =>
      esc ? all.slice(1) : (text ?? id.replace(/^_|_$/g, '').replace(/[_-]+/g, ' ')),
    )
    .replace(KEY, '$1')
    .replace(FOOTNOTE, (_, text: string) => (text ? ` (${text})` : ''))
    .replace(MACRO, (all, name: string, target: string, text: string) => macroText(name, target, text) ?? all)
    .replace(/\[\.[\w.-]+\]#/g, '#');
  // Unconstrained pairs first (`**bold**` inside a word), then constrained ones.
  t = t.replace(UNCONSTRAINED, (_, a?: string, b?: string, c?: string) => a ?? b ?? c ?? '');
  for (const re of FORMATS) t = t.replace(re, '$1');
  return t
    .replace(/\^(\S{1,100}?)\^|(?<!~)~(\S{1,100}?)~(?!~)/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/"`|`"/g, '"')
    .replace(/'`|`'/g, "'")
    .replace(/\\([*_`#^~+\\[\]{}<>])/g, '$1')
    .replace(/\uE000(\d+)\uE001/g, (_, k: string) => kept[Number(k)] ?? '');
}

/** What an inline macro shows, or undefined to leave it as written. */
function macroText(name: string, target: string, text: string): string | undefined {
  switch (name) {
    case 'link':
    case 'mailto':
    case 'xref':
      return firstAttr(text) || target;
    case 'image':
    case 'icon':
      return firstAttr(text);
    case 'menu':
      return [target, ...text.split(/\s*>\s*/).filter(Boolean)].join(' > ');
    default:
      // `linkgit:git-add[1]` → git-add(1): a manual page's section in brackets.
      if (/^\d\w*$/.test(text.trim())) return `${target}(${text.trim()})`;
      return firstAttr(text) || target;
  }
}

/** A macro's first positional attribute (its text), without quotes: `Git,role=ext` → Git. */
function firstAttr(attributes: string): string {
  let end = 0;
  let quoted = false;
  for (; end < attributes.length; end++) {
    const ch = attributes[end];
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) break;
  }
  const first = attributes.slice(0, end).trim();
  return first.includes('=') && !first.startsWith('"') ? '' : first.replace(/^"(.*)"$/, '$1');
}
