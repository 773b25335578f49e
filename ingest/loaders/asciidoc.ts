import type { Extracted } from './markdown.ts';
import { TextBuilder } from './text-builder.ts';

/** A section title: `== Options` (or `## Options`), the number of marks its level; `= Title` is the document's. */
const TITLE = /^(={1,6}|#{1,6})[ \t]+(\S.*?)(?:[ \t]+\1)?[ \t]*$/;
/** A two-line title's underline, by character: `=` for the document, `-`, `~`, `^`, `+` for levels 1 to 4. */
const UNDERLINE: Record<string, number> = { '=': 1, '-': 2, '~': 3, '^': 4, '+': 5 };
const UNDERLINE_LINE = /^([=\-~^+])\1+$/;
/** Delimited blocks: listing, literal, comment, passthrough and table keep or drop their lines; the rest are prose. */
const DELIMITER = /^(?:-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|\/{4,}|--|[|!,:]={3,}|`{3,}[\w+-]*)$/;
const ATTRIBUTE_ENTRY = /^:(!?[\w][\w-]*!?):(?:[ \t]+(.*))?$/;
/** A block's attributes, anchor or role line: `[source,shell]`, `[[install]]`, `[#id.role]`, `[NOTE]`. */
const BLOCK_ATTRIBUTES = /^\[\[?[^\]]*\]\]?$/;
/** A block macro or preprocessor line: `include::x.adoc[]`, `image::a.png[]`, `toc::[]`, `ifdef::env-web[]`. */
const BLOCK_MACRO = /^[a-z][\w-]*::\S*\[.*\]$/;
/** A description list's term: `-v::`, `--verbose::`, `Term;;`, with or without its definition on the same line. */
const TERM = /^(\S.*?)(:{2,4}|;;)(?:[ \t]+(.*))?$/;
/** A list item: `* a`, `** b`, `- a`, `. a`, `1. a`, `a. b`, with a checkbox perhaps. */
const LIST_ITEM = /^(?:[*-]{1,5}|\.{1,5}|\d+\.|[a-zA-Z]\.)[ \t]+(?:\[[ x*]\][ \t]+)?(.*)$/;
/** A block title: `.Example output`, not `..`, `. item` or `.5 ms`. */
const BLOCK_TITLE = /^\.([^\s.\d].*)$/;
const ADMONITION = /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+/;
/** Paragraph styles whose lines are kept as written. */
const KEEP_LINES = new Set(['verse', 'literal', 'listing', 'source', 'synopsis']);

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

type Block = { kind: 'verbatim' | 'skip' | 'table'; close: string; lines: string[]; cols?: number };

/**
 * AsciiDoc (Asciidoctor's syntax, and the two-line titles of older documents such as Git's manuals) to plain text
 * with a section per title. The document title (`= Title`) names the document and heads every section's path.
 * Listing and literal blocks and indented literal paragraphs keep their lines as written; tables give a line per
 * row, its cells spaced apart; a description list's terms (`-v::` `--verbose::`) stand on a line of their own
 * ("-v, --verbose") over their definition, as a manual page's options do. Comments, attribute entries, block
 * attributes, anchors, includes, conditionals and passthrough blocks are dropped; `{attribute}` references are
 * replaced by their values; inline markup is reduced to the words a reader sees.
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
  let para: { lines: string[]; literal: boolean; item?: boolean; defines?: boolean } | undefined;
  /** In the document header, right under the title: author and revision lines go, attribute entries are read. */
  let header = false;
  let block: Block | undefined;
  /** Terms of a description list entry waiting for their definition. */
  let terms: string[] = [];
  /** Whether the next paragraph defines a term or continues a list item (indented text is then prose). */
  let inItem = false;
  let cols: number | undefined;
  /** The style the last block attribute line gave the next paragraph: `[verse]`, `[literal]`, `[source]` keep lines. */
  let style: string | undefined;
  /** Open example, sidebar, quote and open blocks (prose): a line closing one is no title's underline. */
  const open: string[] = [];

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
      } else b.append(joinLines(para.lines.map(inline)));
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
    inItem = false;
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
      const kept = trimBlank(blk.lines);
      for (const l of kept) {
        b.append(l.trimEnd());
        b.line();
      }
      if (kept.length) b.paragraph();
    } else if (blk.kind === 'table')
      for (const row of tableRows(blk.lines, blk.cols)) {
        const cells = row.map((c) => inline(c).replace(/\s+/g, ' ').trim()).filter(Boolean);
        if (cells.length) {
          b.append(cells.join('   '));
          b.line();
        }
      }
    if (blk.kind === 'table') b.paragraph();
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\t/g, '        ');
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
    // is followed by a block instead).
    const under = UNDERLINE_LINE.exec(line);
    if (under && para && !para.literal && para.lines.length === 1 && !terms.length && open.at(-1) !== line) {
      const t = para.lines[0]!;
      if (/^[\p{L}\p{N}]/u.test(t) && !t.endsWith(':') && Math.abs(t.length - line.length) <= 1) {
        para = undefined;
        heading(UNDERLINE[under[1]!]!, t);
        continue;
      }
    }
    if (DELIMITER.test(line)) {
      flush();
      const close = line.startsWith('```') ? '```' : line;
      const c = line[0];
      if (c === '-' && line.length > 2) block = { kind: 'verbatim', close, lines: [] };
      else if (c === '.' || c === '`') block = { kind: 'verbatim', close, lines: [] };
      else if (c === '/' || c === '+') block = { kind: 'skip', close, lines: [] };
      else if (line[1] === '=' && '|!,:'.includes(c!)) block = { kind: 'table', close, lines: [], cols };
      // Example, sidebar, quote and open blocks hold prose: only their delimiters go.
      else if (open.at(-1) === line) open.pop();
      else open.push(line);
      cols = undefined;
      continue;
    }
    if (!para) {
      const t = TITLE.exec(line);
      if (t) {
        heading(t[1]!.length, t[2]!);
        continue;
      }
      const entry = ATTRIBUTE_ENTRY.exec(line);
      if (entry) {
        setAttribute(entry);
        continue;
      }
      if (BLOCK_ATTRIBUTES.test(text)) {
        cols = columnsOf(text) ?? cols;
        style = /^\[([\w-]+)/.exec(text)?.[1]?.toLowerCase();
        continue;
      }
      if (BLOCK_MACRO.test(text) || text === "'''" || text === '<<<') continue;
    }
    const dt = TERM.exec(text);
    if (dt && !/^\w+:\/\//.test(text) && !BLOCK_MACRO.test(text)) {
      flush();
      terms.push(inline(dt[1]!).trim());
      inItem = true;
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
      inItem = true;
      para = { lines: [`${listMark(text)}${item[1]}`], literal: false, item: true };
      continue;
    }
    const indented = /^\s/.test(raw);
    if (!para && indented && !inItem && !terms.length) {
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
    else if (!indented) inItem = false;
    // A paragraph styled to keep its lines (`[verse]`, `[literal]`, `[source]`) is kept as written.
    const literal = !!style && KEEP_LINES.has(style);
    style = undefined;
    const first = literal ? line : text.replace(ADMONITION, (_, k: string) => `${k[0]}${k.slice(1).toLowerCase()}: `);
    para = { lines: [first], literal, defines };
  }
  if (block) endBlock(block);
  flush();
  flushTerms();
  const { text, sections } = b.finish();
  return { title: title || fallbackTitle, text, sections };
}

/** A list item's mark as plain text writes it: `- ` for a bullet, a number or letter as written, none for `. `. */
function listMark(item: string): string {
  const m = /^(\S+)/.exec(item)![1]!;
  return /^[*-]+$/.test(m) ? '- ' : /^\.+$/.test(m) ? '' : `${m} `;
}

/** A paragraph's lines as one, a hard break (` +` at a line's end) kept as a line break. */
function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const l of lines) {
    const hard = / \+$/.test(l);
    const t = hard ? l.slice(0, -2).trimEnd() : l;
    out += `${t}${hard ? '\n' : ' '}`;
  }
  return out.trim();
}

const trimBlank = (lines: readonly string[]) => {
  let a = 0;
  let z = lines.length;
  while (a < z && !lines[a]!.trim()) a++;
  while (z > a && !lines[z - 1]!.trim()) z--;
  return lines.slice(a, z);
};

/** A cell's spec, written before the `|` that opens it: a span or duplication (`2+`, `3*`), alignment, a style. */
const CELL_SPEC = /(?<=^|\s)(?:\d+\*)?(?:\d+(?:\.\d+)?\+)?(?:\.?[<^>])*(?<=[+*<^>])[adehlmsv]?\s*$/;

/** The number of columns a table's attribute line gives: `[cols="1,3"]` → 2, `[cols="3*"]` → 3. */
function columnsOf(attributes: string): number | undefined {
  const m = /\bcols\s*=\s*"?([^"\]]*)"?/.exec(attributes);
  if (!m) return undefined;
  const spec = m[1]!.trim();
  const times = /^(\d+)\*/.exec(spec);
  if (times) return Number(times[1]);
  return spec.split(/[,;]/).length;
}

/**
 * A table's rows: cells split at `|` (a cell's spec before it, such as `2+` or `a`, dropped), as many to a row as the
 * table has columns — given by its `cols` attribute, else by the cells of its first line, or of its first lines up to
 * a blank one when that line holds one cell.
 */
function tableRows(lines: readonly string[], given?: number): string[][] {
  const cellsOf = (line: string) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1)
      .map((c, i, all) => (i < all.length - 1 ? c.replace(CELL_SPEC, '') : c))
      .map((c) => c.replace(/\\\|/g, '|'));
  const content = lines.filter((l) => l.trim());
  if (!content.length) return [];
  let cols = given;
  if (!cols) {
    const first = cellsOf(content[0]!).length;
    if (first > 1) cols = first;
    else {
      cols = 0;
      for (const l of lines) {
        if (!l.trim()) break;
        cols += cellsOf(l).length;
      }
    }
  }
  const rows: string[][] = [];
  let row: string[] = [];
  for (const l of content) {
    const cells = cellsOf(l);
    // A line with no `|` goes on with the cell before it.
    if (!cells.length && row.length) row[row.length - 1] += ` ${l.trim()}`;
    for (const c of cells) {
      row.push(c.trim());
      if (row.length === Math.max(1, cols)) {
        rows.push(row);
        row = [];
      }
    }
  }
  if (row.length) rows.push(row);
  return rows;
}

/** `{name}` replaced by its value, built-in or defined; an unknown name stays as written. */
function substitute(s: string, attrs: ReadonlyMap<string, string>): string {
  return s.replace(/(\\)?\{([\w][\w-]*)\}/g, (all, esc: string | undefined, name: string) => {
    if (esc) return all.slice(1);
    const key = name.toLowerCase();
    return attrs.get(key) ?? BUILTIN[key] ?? all;
  });
}

const WORD = String.raw`[\p{L}\p{N}_]`;
/** Constrained formatting, `*bold*`, `_emphasis_`, `` `code` ``, `#mark#`: a pair around text, not inside a word. */
const constrained = (mark: string) =>
  new RegExp(String.raw`(?<!${WORD}|\\|${mark})${mark}(?=\S)(.+?)(?<=\S)${mark}(?!${WORD}|${mark})`, 'gu');
const FORMATS = ['\\*', '_', '`', '#'].map(constrained);

/**
 * AsciiDoc inline markup down to the words a reader sees: links, cross references, images, keys, buttons, menus and
 * footnotes to their text; passthroughs to their content; index terms to their words; bold, emphasis, code,
 * highlight, super- and subscript to their text; curved quotes to plain ones; escapes resolved.
 */
export function asciidocInline(s: string, attrs: ReadonlyMap<string, string> = new Map()): string {
  let t = substitute(s, attrs);
  t = t
    .replace(/\+\+\+(.+?)\+\+\+|\bpass:[a-z,]*\[([^\]]*)\]/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/\(\(\((?:[^()]|\([^()]*\))*\)\)\)/g, '')
    .replace(/\(\(([^()]+)\)\)/g, '$1')
    .replace(
      /\b(?:link|mailto|xref):([^\s[]+)\[([^\]]*)\]/g,
      (_, target: string, text: string) => firstAttr(text) || target,
    )
    .replace(
      /\b((?:https?|ftp|file|irc):\/\/[^\s[\]<>]+)\[([^\]]*)\]/g,
      (_, url: string, text: string) => firstAttr(text) || url,
    )
    .replace(
      /<<([^,>]+?)(?:,\s*([^>]+?))?>>/g,
      (_, id: string, text?: string) => text ?? id.replace(/^_|_$/g, '').replace(/[_-]+/g, ' '),
    )
    .replace(/\bimage:[^\s[]+\[([^\]]*)\]/g, (_, alt: string) => firstAttr(alt))
    .replace(/\b(?:kbd|btn):\[([^\]]*)\]/g, '$1')
    .replace(/\bmenu:([^\s[]+)\[([^\]]*)\]/g, (_, menu: string, items: string) =>
      [menu, ...items.split(/\s*>\s*/).filter(Boolean)].join(' > '),
    )
    .replace(/\bfootnote(?:ref)?:[\w-]*\[([^\]]*)\]/g, (_, text: string) => (text ? ` (${text})` : ''))
    .replace(/\[\.[\w.-]+\]#/g, '#');
  // Unconstrained pairs first (`**bold**` inside a word), then constrained ones; `` `+x+` `` keeps its `+`.
  t = t.replace(
    /\*\*(.+?)\*\*|__(.+?)__|``(.+?)``|##(.+?)##/g,
    (_, a?: string, b?: string, c?: string, d?: string) => a ?? b ?? c ?? d ?? '',
  );
  t = t.replace(/`\+(.+?)\+`/g, '$1');
  for (const re of FORMATS) t = t.replace(re, '$1');
  t = t
    .replace(/(?<!\w)\+(?=\S)([^+]+?)(?<=\S)\+(?!\w)/g, '$1')
    .replace(/\^(\S+?)\^|(?<!~)~(\S+?)~(?!~)/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/"`|`"/g, '"')
    .replace(/'`|`'/g, "'")
    .replace(/\\([*_`#^~+\\[\]{}<>])/g, '$1');
  return t;
}

/** A macro's first positional attribute (its text), without quotes: `Git,role=ext` → Git. */
function firstAttr(attributes: string): string {
  const first = attributes.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[0] ?? '';
  return first.includes('=') && !/^"/.test(first.trim()) ? '' : first.trim().replace(/^"(.*)"$/, '$1');
}
