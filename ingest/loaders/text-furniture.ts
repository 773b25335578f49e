import type { Section } from '../types.ts';
import type { Extracted } from './markdown.ts';
import { headingPaths, plainTextHeadings, type TextHeading, type TextLine, UNDERLINE } from './text-headings.ts';

/** An info node header: `File: sed.info,  Node: Top,  Next: Introduction,  Up: (dir)`. */
const INFO_NODE = /^File: [^,]+,\s+Node: /;
/** An info menu or index entry: `* Introduction::   Overview`, `* 0 address:   Reporting Bugs.   (line 114)`. */
const MENU_ENTRY = /^\* (?:Menu:|[^:]+::|[^:]+:\s+[^\s.][^.]*\.(?:\s+\(line\s+\d+\))?\s*$|[^:]+:\s*$)/;
/** A rendered man page's header or footer: `curl(1)   curl Manual   curl(1)`, `curl 7.88.1   February 19 2023   curl(1)`. */
const MAN_EDGE = /^\S.*\S\s{3,}\S.*\s{3,}[\w.-]+\(\d\w*\)\s*$/;
/** A header or footer is one short line: longer ones are not tried (the pattern's two `.*` backtrack on them). */
const MAN_EDGE_MAX = 200;
/** The rest of an index entry that did not fit on its line. */
const ENTRY_TAIL = /^\s+(?:[^\s(][^(]*\.\s+)?\(line\s+\d+\)\s*$/;
/** Menu and index entries in a row (blank lines between allowed) that make a navigation block. */
const MIN_RUN = 3;

/**
 * Sections of a plain-text document: one per heading (underlined titles, man page sections and option entries; see
 * `plainTextHeadings`), without its navigation: info node headers, info menus and indexes (runs of `* entry:` lines),
 * and a rendered man page's header and footer lines. The text is unchanged (offsets stay exact); headings go into the
 * heading path and the furniture is left out of every section, so no chunk holds it.
 */
export function plainTextSections(text: string): Section[] {
  const lines = textLines(text);
  return sectionsAt(text, plainTextHeadings(lines), textFurniture(lines));
}

/**
 * A plain-text document: its title is the underlined line it opens with (`LVM poll daemon overview` over `=====`)
 * when no later line is underlined with the same character — one that is, is the first of the document's sections
 * ("Apparmor Profile" of a README of several), not its title —, else a title block's (`titleBlock`), else
 * `fallbackTitle` (its file name); its sections are `plainTextSections`'. (Line ends are LF here: decoding made them
 * so.)
 */
export function extractPlainText(text: string, fallbackTitle: string): Extracted {
  const lines = textLines(text);
  const headings = plainTextHeadings(lines);
  return {
    title: openingTitle(lines, headings) ?? titleBlock(lines) ?? fallbackTitle,
    text,
    sections: sectionsAt(text, headings, textFurniture(lines)),
  };
}

/** The first heading, when it is the text's first line and underlined with a character no later underline uses. */
function openingTitle(lines: readonly TextLine[], headings: readonly TextHeading[]): string | undefined {
  const first = headings[0];
  const at = lines.findIndex((l) => l.line.trim());
  if (!first || at < 0 || first.from !== lines[at]!.start || first.title.length > 120) return undefined;
  const mark = UNDERLINE.exec(lines[at + 1]?.line ?? '')?.[1];
  if (!mark) return undefined;
  for (let i = at + 3; i < lines.length; i++)
    if (UNDERLINE.exec(lines[i]!.line)?.[1] === mark && lines[i - 1]!.line.trim()) return undefined;
  return first.title;
}

/** A rule across the page: ten or more of one mark. */
const RULE = /^\s*([-=*~#_])\1{9,}\s*$/;
/**
 * No title: a line that ends a sentence or a clause, asks, or opens a list; a comment, an interpreter or editor line, a
 * version-control keyword or a reST directive (`#!/bin/sh`, `-*- outline -*-`, `$Id: …$`, `.. index::`); a command; a
 * copyright line; columns (three spaces or more between words, unless letter-spaced).
 */
const NOT_TITLE = /[.,;:?!]$|^[-*•]\s|^(?:#|\.\.|\$\w+[:$]|\.\/)|-\*-|&&|^copyright\b|\(c\)|\S {3,}\S/i;

/** A line centred on the page: set in by a tab or eight spaces or more. */
const CENTRED = /^(?: {8,}|\t+ *)\S/;
/** A title set with a space between its letters and three between its words ("K N O W N   B U G S"). */
const LETTER_SPACED = /^\S(?: \S)+(?: {3,}\S(?: \S)+)*$/;

/**
 * A title set off below by a blank line, as plain-text documents open: with a rule across the page after it
 * (Postfix's READMEs rendered for a terminal: "Postfix logging to file or stdout", a blank line, a row of dashes;
 * lsof's FAQ over a box of asterisks), or centred ("          GNU nano -- a simple editor, inspired by Pico"): the
 * first line, when it is short and ends no sentence or clause.
 */
function titleBlock(lines: readonly TextLine[]): string | undefined {
  const at = lines.findIndex((l) => l.line.trim());
  if (at < 0 || lines[at + 1]?.line.trim() !== '') return undefined;
  const line = lines[at]!.line;
  const ruled = RULE.test(lines[at + 2]?.line ?? '');
  if (!ruled && !CENTRED.test(line)) return undefined;
  const title = line.trim();
  if (LETTER_SPACED.test(title)) return title.replace(/ {3,}/g, '\0').replace(/ /g, '').replace(/\0/g, ' ');
  if (title.length > (ruled ? 100 : 70) || !/\p{L}/u.test(title) || NOT_TITLE.test(title)) return undefined;
  return title;
}

/** One section per heading (and one before the first), each without the skipped ranges. */
export function sectionsAt(
  text: string,
  headings: readonly TextHeading[],
  skips: readonly [number, number][],
): Section[] {
  const paths = headingPaths(headings);
  const out: Section[] = [];
  sectionAround(out, text, 0, headings[0]?.from ?? text.length, [], skips);
  for (const [k, h] of headings.entries())
    sectionAround(out, text, h.bodyStart, headings[k + 1]?.from ?? text.length, paths[k]!, skips);
  return out;
}

/** The lines of a text with their offsets. */
export function textLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start, end, line: text.slice(start, end) });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

/**
 * The navigation of a plain-text manual as sorted [start, end) ranges: info node headers, info menus and indexes,
 * and a rendered man page's header and footer lines.
 */
export function textFurniture(lines: readonly TextLine[]): [number, number][] {
  const skips: [number, number][] = [];
  const content = lines.filter((l) => l.line.trim());
  for (const edge of [content[0], content.at(-1)])
    if (edge && edge.line.length <= MAN_EDGE_MAX && MAN_EDGE.test(edge.line) && content.length > 2)
      skips.push([edge.start, edge.end]);
  let run: TextLine[] = [];
  const closeRun = () => {
    if (run.length >= MIN_RUN) skips.push([run[0]!.start, run.at(-1)!.end]);
    run = [];
  };
  for (const l of lines) {
    if (INFO_NODE.test(l.line)) skips.push([l.start, l.end]);
    if (MENU_ENTRY.test(l.line) || (run.length > 0 && ENTRY_TAIL.test(l.line))) run.push(l);
    else if (l.line.trim()) closeRun();
  }
  closeRun();
  skips.push(...tablesOfContents(lines));
  return skips.sort((x, y) => x[0] - y[0]);
}

/**
 * A numbered entry line: its number ("5.4.", "3.36", "10.") after an optional bullet ("? 5.4.", "+ 3.36"), then a title
 * that starts with a letter; a FAQ's entry numbers its question ("Q3.36 -- What does …"). A number of one part needs
 * its dot ("3. Since the update, …"): without one it starts a row of a table ("2  INT16  x", "404  Not Found").
 */
const ENTRY = /^(\s*)(?:[-+*?•o]\s+)?Q?(\d+(?:\.\d+)+\.?|\d+\.)\s+(?:--\s+)?(\p{L}.*)$/u;
/** Words of an entry's title that identify it, with its number: where the document repeats it, it is a section's. */
const KEY_WORDS = 4;
/** Lines of text a section holds at least between its heading and the next, where a table of contents' entries start. */
const SECTION_LINES = 2;

/**
 * Tables of contents of plain-text FAQs and manuals (sedfaq, Vim's, chrony's and sendmail's FAQs): runs of
 * `MIN_RUN` or more numbered entries (blank lines may separate them) that the document numbers and titles again
 * further on, in the same order, each where its section starts: the first repeat of each entry after the repeat of
 * the entry before, with a section's text between (for most of them). A list of steps told twice repeats as a list,
 * with nothing between its entries, and stays. A title wrapped onto further-indented lines takes them along only where
 * its repeat says them too: an entry's indented body (release notes' items under "1. New features") is text. Only
 * the run is left out; the sections' own headings are kept.
 */
function tablesOfContents(lines: readonly TextLine[]): [number, number][] {
  // Every numbered line's key (number and first title words), and the lines holding each key, in order.
  const keys = lines.map((l) => {
    const m = ENTRY.exec(l.line);
    if (!m) return undefined;
    const words = m[3]!.toLowerCase().split(/\s+/).slice(0, KEY_WORDS).join(' ');
    return `${m[2]!.replace(/\.$/, '')} ${words}`;
  });
  const at = new Map<string, number[]>();
  for (const [i, k] of keys.entries()) {
    if (k === undefined) continue;
    const seen = at.get(k);
    if (seen) seen.push(i);
    else at.set(k, [i]);
  }
  const firstAfter = (key: string, i: number) => at.get(key)!.find((j) => j > i);
  // Lines of text (not blank, not numbered) before each line.
  const textBefore = [0];
  for (const [i, l] of lines.entries()) textBefore.push(textBefore[i]! + (l.line.trim() && !keys[i] ? 1 : 0));
  const out: [number, number][] = [];
  let run: { from: number; to: number; keys: string[] } | undefined;
  const close = () => {
    if (run && run.keys.length >= MIN_RUN && inOrderApart(run.keys, run.to, firstAfter, textBefore))
      out.push([lines[run.from]!.start, lines[run.to]!.end]);
    run = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const k = keys[i];
    const repeat = k === undefined ? undefined : at.get(k)!.at(-1)!;
    if (k !== undefined && repeat! > i) {
      let to = i;
      const indent = /^\s*/.exec(lines[i]!.line)![0].length;
      const told = wordsOf(
        `${lines[repeat!]!.line}\n${lines[repeat! + 1]?.line ?? ''}\n${lines[repeat! + 2]?.line ?? ''}`,
      );
      while (to + 1 < lines.length && keys[to + 1] === undefined && wraps(lines[to + 1]!.line, indent, told)) to++;
      if (run) {
        run.to = to;
        run.keys.push(k);
      } else run = { from: i, to, keys: [k] };
      i = to;
    } else if (lines[i]!.line.trim()) close();
  }
  close();
  return out;
}

const wordsOf = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Whether a line carries on the title of an entry indented `indent`: set in further, its words mostly the repeat's. */
function wraps(line: string, indent: number, told: ReadonlySet<string>): boolean {
  if (!line.trim() || /^\s*/.exec(line)![0].length <= indent) return false;
  const words = [...wordsOf(line)];
  return words.length > 0 && words.filter((w) => told.has(w)).length >= words.length / 2;
}

/**
 * Whether a run's entries come again in order after it (each the first repeat of its key after the one before), most
 * of them with a section's text between one and the next.
 */
function inOrderApart(
  keys: readonly string[],
  end: number,
  firstAfter: (key: string, i: number) => number | undefined,
  textBefore: readonly number[],
): boolean {
  let apart = 0;
  let prev = firstAfter(keys[0]!, end);
  for (const k of keys.slice(1)) {
    const next = prev === undefined ? undefined : firstAfter(k, prev);
    if (prev !== undefined && next !== undefined && textBefore[next]! - textBefore[prev + 1]! >= SECTION_LINES) apart++;
    prev = next ?? prev;
  }
  return apart >= 0.75 * (keys.length - 1);
}

/** The pieces of text[start, end) outside the skipped ranges, as sections under one heading path. */
function sectionAround(
  out: Section[],
  text: string,
  start: number,
  end: number,
  heading_path: string[],
  skips: readonly [number, number][],
): void {
  let from = start;
  for (const [a, b] of skips) {
    if (b <= from || a >= end) continue;
    push(out, text, from, a, heading_path);
    from = Math.max(from, b);
  }
  push(out, text, from, end, heading_path);
}

function push(out: Section[], text: string, start: number, end: number, heading_path: string[]) {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end > start) out.push({ start, end, heading_path, page: null });
}
