import type { Extracted } from './markdown.ts';
import { rstInline } from './rst-inline.ts';
import { TextBuilder } from './text-builder.ts';

/** A line of one punctuation character repeated: a section title's underline or overline, or a transition. */
const ADORNMENT = /^([=\-~^"'`#*+:._!$%&(),/;<>?@[\]{|}\\])\1+$/;
const EXPLICIT = /^\.\.(?:\s+(.*))?$/;
const DIRECTIVE = /^([\w:.+-]+?)::(?:\s+(.*))?$/;
const OPTION = /^:[^:\s][^:]*:(?:\s.*)?$/;
const TABLE_BORDER = /^(?:\+(?:[-=]+\+)+|=+(?:\s+=+)+|-+(?:\s+-+)+)$/;
const BARE_FIELD = /^:[\w-]+:$/;
/** A list item, field, line-block or table row: starts a line of its own within a paragraph. */
const LINE_START = /^(?:[-*+•‣⁃]\s|#\.\s|\(?\d+[.)]\s|\||:[^:\s][^:]*:(?:\s|$))/;
const LIST_ITEM = /^(?:[-*+•‣⁃]|#\.|\(?\d+[.)])\s+/;
/** Directives whose body and arguments are not prose (a table of contents, an included file, an image). */
const NOT_PROSE = new Set(
  'toctree include image figure raw literalinclude contents index meta highlight default-role role'.split(' '),
);
/** Directives whose body is code, kept line by line as written. */
const CODE = new Set('code-block code sourcecode doctest parsed-literal productionlist'.split(' '));

type Para = { text: string; indent: number; lastIndent: number; literalNext: boolean };

/**
 * reStructuredText to plain text with a section per title. A title is a line underlined (and perhaps overlined) by
 * one punctuation character repeated at least as long as it; levels go by the order styles first appear. Comments,
 * targets, substitution definitions and directive lines (with their options) are dropped; a directive's body stays
 * as text (a note's words, a code block's lines) unless it is not prose (toctree, include, image, figure). Inline
 * markup is reduced to its words; `::` ending a paragraph becomes ":" and the literal block after it is kept.
 */
export function extractRst(src: string, fallbackTitle: string): Extracted {
  const lines = src.split(/\r?\n/).map((l) => l.replace(/^\t+/, (t) => ' '.repeat(8 * t.length)).trimEnd());
  const b = new TextBuilder();
  const stack: string[] = [];
  const styles: string[] = [];
  let title: string | undefined;
  let para: Para | undefined;
  /** Lines blank or indented deeper than this are skipped (a comment's, target's or non-prose directive's). */
  let skipDeeper: number | undefined;
  /** Lines blank or indented deeper than `indent` are literal (code), kept from column `base`. */
  let literal: { indent: number; base?: number; gap: boolean } | undefined;

  const flush = (literalAfter = true) => {
    if (para) {
      b.append(rstInline(para.text).trim());
      b.paragraph();
      // The block is indented from the paragraph's last line (a list item's text column, not its marker's).
      if (para.literalNext && literalAfter) literal = { indent: Math.max(para.indent, para.lastIndent), gap: false };
    }
    para = undefined;
  };
  const heading = (style: string, raw: string) => {
    flush(false);
    if (!styles.includes(style)) styles.push(style);
    const level = styles.indexOf(style) + 1;
    const text = rstInline(raw.trim()).trim();
    if (level === 1 && title === undefined && text) title = text;
    stack.length = level;
    stack[level - 1] = text;
    b.section(stack.filter(Boolean));
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    const text = line.trim();
    if (skipDeeper !== undefined) {
      if (!text || indent > skipDeeper) continue;
      skipDeeper = undefined;
    }
    if (literal) {
      if (!text) {
        literal.gap = literal.base !== undefined;
        continue;
      }
      if (indent > literal.indent) {
        literal.base ??= indent;
        if (literal.gap) b.paragraph();
        literal.gap = false;
        b.append(line.slice(Math.min(literal.base, indent)));
        b.line();
        continue;
      }
      literal = undefined;
      b.paragraph();
    }
    if (!text) {
      flush();
      continue;
    }
    if (!para && indent === 0) {
      const found = titleAt(lines, i);
      if (found) {
        heading(found.style, found.text);
        i += found.lines - 1;
        continue;
      }
    }
    if (ADORNMENT.test(text) && text.length >= 4) {
      flush(false); // a transition
      continue;
    }
    const explicit = EXPLICIT.exec(text);
    if (explicit) {
      flush(false);
      const rest = explicit[1] ?? '';
      const directive = DIRECTIVE.exec(rest);
      const footnote = /^\[[^\]]+\]\s*(.*)$/.exec(rest);
      if (directive && !rest.startsWith('|')) {
        const name = directive[1]!.toLowerCase();
        while (i + 1 < lines.length && OPTION.test(lines[i + 1]!.trim()) && indentOf(lines[i + 1]!) > indent) i++;
        if (NOT_PROSE.has(name)) skipDeeper = indent;
        else if (CODE.has(name)) literal = { indent, gap: false };
        else if (directive[2]) para = { text: directive[2], indent, lastIndent: -1, literalNext: false };
      } else if (footnote) para = { text: footnote[1]!, indent, lastIndent: -1, literalNext: false };
      else skipDeeper = indent; // a comment, a hyperlink target, a substitution definition
      continue;
    }
    if (TABLE_BORDER.test(text)) {
      if (para) para.lastIndent = -2; // the next row starts a line
      continue;
    }
    if (!para && BARE_FIELD.test(text)) continue; // Sphinx file-wide flags (`:orphan:`)
    let words = text;
    const literalNext = words.endsWith('::');
    if (literalNext)
      words = words === '::' ? '' : /\s::$/.test(words) ? words.slice(0, -2).trimEnd() : words.slice(0, -1);
    // A list item's wrapped lines line up with its text: `1. Identify` goes on at column 3.
    const textIndent = indent + (LIST_ITEM.exec(text)?.[0].length ?? 0);
    if (!para) para = { text: words, indent, lastIndent: textIndent, literalNext };
    else {
      const newLine = LINE_START.test(text) || (para.lastIndent !== -1 && indent !== para.lastIndent);
      para.text += (newLine ? '\n' : ' ') + words;
      para.lastIndent = textIndent;
      para.literalNext = literalNext;
    }
  }
  flush(false);
  const { text, sections } = b.finish();
  return { title: title || fallbackTitle, text, sections };
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The section title starting at line i: its text, style (over+underline or underline, and the character) and lines. */
function titleAt(lines: string[], i: number): { text: string; style: string; lines: number } | undefined {
  const [a, t, u] = [lines[i]!, lines[i + 1], lines[i + 2]];
  if (ADORNMENT.test(a) && t?.trim() && !ADORNMENT.test(t.trim()) && u === a && a.length >= t.trim().length)
    return { text: t, style: `over${a[0]}`, lines: 3 };
  if (t !== undefined && ADORNMENT.test(t) && !ADORNMENT.test(a) && t.length >= a.length && t !== '::' && t !== '..')
    return { text: a, style: `under${t[0]}`, lines: 2 };
  return undefined;
}
