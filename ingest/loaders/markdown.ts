import type { Metadata } from '../../src/store/index.ts';
import type { DefinitionEntry, Section } from '../types.ts';
import { readFrontMatter } from './front-matter.ts';
import { plainInline } from './markdown-inline.ts';
import { TextBuilder } from './text-builder.ts';

export type Extracted = {
  title: string;
  text: string;
  sections: Section[];
  metadata?: Metadata;
  entries?: DefinitionEntry[];
};
/**
 * An ATX heading: `#`s, then, after spaces or tabs, the rest of the line, whose closing `#`s and trailing spaces
 * `atxText` takes off: matched here after a lazy text, they made a long run of spaces be split every way. The text
 * starts after the last space, so a line that fails (a `\r` in it) is not split every way either.
 */
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(?![ \t])(.*))?$/;
/**
 * A code fence: three backticks or tildes, and an info string (a backtick fence's holds no backtick: "```a``` b" is a
 * code span in a paragraph). Indented by any amount: a list item's fenced block stands under the item's text
 * (git-lfs's spec indents them by four).
 */
const FENCE = /^([ \t]*)(`{3,}(?=[^`]*$)|~{3,})/;
/** A list item's first line. */
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A line of an indented code block: four spaces or a tab in. */
const INDENTED = /^(?: {4}|\t)/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-{2,}[ \t]*$/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LINK_DEF = /^ {0,3}\[[^\]]+\]:[ \t]*\S+/;
/**
 * A table's delimiter row (`| --- | :-: |`). Spaces before or after an outer `|` are one run, matched once: two runs
 * side by side (`[ \t]*\|?[ \t]*`) would split a long run of spaces every way before failing.
 */
const TABLE_RULE = /^[ \t]*(?:\|[ \t]*)?:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*(?:\|[ \t]*)?$/;
/**
 * A line of a table of contents: a link to a place in the same document that is the whole line (after a list marker,
 * in bold or not: "- [Install](#install)", "**[1. General questions](#general)**"), or an entry's number linked before
 * its title (sysstat's "[2.1.](#2_1) The sar command complains …"). A link followed by what it is about ("- [open()]
 * (#open) opens a file") is a list's content.
 */
const CONTENTS_ENTRY =
  /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)?(?:(?:\*\*|__)?\[[^\]]+\]\(#[^)\s]*\)(?:\*\*|__)?\s*$|\[\d+(?:\.\d+)*\.?\]\(#[^)\s]*\)\s)/;
const BLOCK_START = /^ {0,3}(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|>|\|)/;
/** A MyST directive fence: ```{note}, ````{tab} Linux; its argument starts after the last space, as in ATX. */
const DIRECTIVE = /^\{([a-z][\w:.-]*)\}[ \t]*(?![ \t])(.*)$/;
/** Directives whose body is Markdown prose; any other `{name}` fence (`{code-block}`, R Markdown's `{r}`) is code. */
const PROSE_DIRECTIVES =
  /^(?:note|warning|tip|important|caution|danger|attention|error|hint|seealso|admonition|tab|tab-item|tab-set|dropdown|card|sidebar|topic|versionadded|versionchanged|deprecated|glossary|epigraph|pull-quote)$/;
/** Directives whose body is not text at all: a table of contents, an included file, an image. */
const NOT_TEXT_DIRECTIVES = /^(?:toctree|include|literalinclude|image|figure|raw|contents|autosummary)$/;
/** A directive's option line (`:maxdepth: 2`), or a MyST target line (`(install-guide)=`). */
const DIRECTIVE_OPTION = /^[ \t]*:[\w-]+:(?:[ \t].*)?$/;
const MYST_TARGET = /^ {0,3}\([^()]+\)=[ \t]*$/;

/**
 * Markdown to plain text with a section per heading. Headings go into the heading path, not the text; a
 * paragraph's wrapped lines join with spaces (list items, quotes and table rows keep their own lines); code blocks
 * keep their content; front matter supplies the title when it has one, and the document's metadata. MyST (Sphinx's
 * Markdown) reads as it renders: a directive's body as Markdown under its argument, roles as their text, targets
 * and option lines not at all.
 */
export function extractMarkdown(src: string, fallbackTitle: string): Extracted {
  const fm = readFrontMatter(src);
  const body = fm.body;
  let title = fm.title;
  const b = new TextBuilder();
  const stack: string[] = [];
  const lines = body.split('\n');
  let fence: string | undefined;
  /** How far the open fence is indented: its lines are read that much less indented. */
  let fenceIndent = 0;
  /** In an indented code block; blank lines read in it since its last line (kept if it goes on). */
  let code = false;
  let codeBlanks = 0;
  /** The last block begun is a list item: what is indented under it is the item's, not code. */
  let inItem = false;
  // Open MyST directive fences, innermost last, and whether option lines may still follow the opening one.
  const directives: string[] = [];
  let options = false;
  // The open fence is a directive whose body is no text (toctree, image): read past it.
  let hidden = false;
  let inComment = false;
  let paraLines = 0;
  /**
   * The lines of the paragraph, list item, quote line or table row being read: its inline markup (a link, emphasis,
   * a code span) may run over a soft line break, so it is read as one line once it ends.
   */
  let pending: string[] = [];
  /** Whether the paragraph has text yet: a block that starts inside it then goes on a line of its own. */
  let written = false;
  const flush = () => {
    if (pending.length === 0) return;
    // Each line trimmed, and each again once read: a regular expression for the spaces around a break would try a
    // long run of them from every space when no break follows (a line ending in `\r`).
    const text = plainInline(pending.map((l) => l.trim()).join('\n'))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
    const contents = pending.length > 0 && pending.every((l) => CONTENTS_ENTRY.test(l));
    pending = [];
    if (!text) return;
    if (written) b.line();
    const at = b.mark();
    b.append(text);
    written = true;
    if (!contents) return endContents();
    contentsRun = contentsRun
      ? { ...contentsRun, end: b.mark(), lines: contentsRun.lines + 1 }
      : { start: at, end: b.mark(), lines: 1 };
  };
  /** Entries of a table of contents read in a row (each a line, list item or paragraph), left out once it ends. */
  let contentsRun: { start: number; end: number; lines: number } | undefined;
  const endContents = () => {
    if (contentsRun && contentsRun.lines >= 2) b.skip(contentsRun.start, contentsRun.end);
    contentsRun = undefined;
  };
  const endParagraph = () => {
    flush();
    b.paragraph();
    paraLines = 0;
    written = false;
  };
  const heading = (level: number, raw: string) => {
    flush();
    endContents();
    written = false;
    const text = plainInline(raw).trim();
    if (level === 1 && text && title === undefined) title = text;
    stack.length = level;
    stack[level - 1] = text;
    b.section(stack.filter(Boolean));
    paraLines = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence !== undefined) {
      if (options && DIRECTIVE_OPTION.test(line)) continue;
      options = false;
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
        fence = undefined;
        b.paragraph();
      } else if (!hidden) {
        b.append(line.slice(Math.min(fenceIndent, line.length - line.trimStart().length)));
        b.line();
      }
      continue;
    }
    // An indented code block's lines are its text, comment and directive marks too.
    if (code) {
      if (!line.trim()) {
        codeBlanks++;
        continue;
      }
      if (INDENTED.test(line)) {
        for (; codeBlanks > 0; codeBlanks--) b.line();
        b.append(line.replace(INDENTED, '').trimEnd());
        b.line();
        continue;
      }
      code = false;
      endParagraph();
    }
    if (inComment) {
      if (line.includes('-->')) inComment = false;
      continue;
    }
    // An indented code block: a paragraph four spaces in that no list item holds, read line by line as written.
    if (paraLines === 0 && !inItem && INDENTED.test(line) && line.trim()) {
      endParagraph();
      endContents();
      code = true;
      codeBlanks = 0;
      b.append(line.replace(INDENTED, '').trimEnd());
      b.line();
      continue;
    }
    if (line.trimStart().startsWith('<!--') && !line.includes('-->')) {
      inComment = true;
      continue;
    }
    if (options && DIRECTIVE_OPTION.test(line)) continue;
    options = false;
    // A directive closes on a bare fence as long as its opening one; a heading ends any left open.
    const top = directives.at(-1);
    if (top && line.trim().startsWith(top) && line.trim().replace(/[`~]/g, '') === '') {
      directives.pop();
      endParagraph();
      continue;
    }
    if (MYST_TARGET.test(line)) continue;
    const open = FENCE.exec(line);
    // Four spaces in, a fence is a list item's (or an indented code block's line, away from a list).
    if (open && (open[1]!.length < 4 || inItem)) {
      const directive = DIRECTIVE.exec(line.trim().slice(open[2]!.length).trim());
      endParagraph();
      endContents();
      hidden = !!directive && NOT_TEXT_DIRECTIVES.test(directive[1]!);
      if (directive && PROSE_DIRECTIVES.test(directive[1]!)) {
        // A note, a tab, an admonition: its body is read as Markdown, its argument ("Linux") is a line of text.
        directives.push(open[2]!);
        options = true;
        const label = plainInline(directive[2]!).trim();
        if (label) {
          b.append(label);
          b.line();
        }
      } else {
        fence = open[2]!;
        fenceIndent = open[1]!.length;
        options = !!directive;
      }
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      directives.length = 0;
      inItem = false;
      heading(atx[1]!.length, atxText(atx[2] ?? ''));
      continue;
    }
    const next = lines[i + 1];
    if (paraLines === 0 && line.trim() && next !== undefined && !BLOCK_START.test(line)) {
      const level = SETEXT_1.test(next) ? 1 : SETEXT_2.test(next) ? 2 : 0;
      if (level) {
        heading(level, line);
        i++;
        continue;
      }
    }
    if (!line.trim() || THEMATIC.test(line)) {
      endParagraph();
      continue;
    }
    if (LINK_DEF.test(line) || TABLE_RULE.test(line)) continue;
    const content = line.replace(/^ {0,3}(?:>[ \t]?)+/, '');
    // A line of markup alone (an HTML tag, a comment, an image without alt text, a role, `&nbsp;`) adds nothing: a
    // setext underline may still follow. Only a line holding one of them can read as nothing.
    if (/[<&]|!\[|\{[a-z]/.test(content) && !plainInline(content).trim()) continue;
    // A line that goes on with the paragraph (a soft line break) is read with it and joined with a space, as
    // Markdown renders it; a list item, quote or table row starts on a line of its own.
    if (BLOCK_START.test(line)) flush();
    if (LIST_ITEM.test(line)) inItem = true;
    else if (paraLines === 0 && !/^[ \t]/.test(line)) inItem = false;
    pending.push(content);
    paraLines++;
  }
  flush();
  endContents();
  const { text, sections } = b.finish();
  return { title: title || fallbackTitle, text, sections, metadata: fm.metadata };
}

/** A heading's text without trailing spaces and the closing `#`s, which stand after a space or tab (`# C#` keeps its). */
function atxText(s: string): string {
  const text = trimSpaceEnd(s);
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  const closed = hashes > 0 && hashes < text.length && /[ \t]/.test(text[hashes - 1]!);
  return closed ? trimSpaceEnd(text.slice(0, hashes)) : text;
}

/** `s` without trailing spaces and tabs, by a scan: `/[ \t]+$/` would try the rest of a run of spaces from each one. */
function trimSpaceEnd(s: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
  return s.slice(0, end);
}
