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
  return skips.sort((x, y) => x[0] - y[0]);
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
