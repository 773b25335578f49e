import type { TextBuilder } from './text-builder.ts';

/** Line helpers the lightweight markup loaders (AsciiDoc, Org, Texinfo) share. */

/**
 * A paragraph's lines as one, wrapped lines joined with a space; a line ending in the markup's hard break (` +` in
 * AsciiDoc, `\\` in Org) keeps its line break.
 */
export function joinWrapped(lines: readonly string[], hardBreak: string): string {
  let out = '';
  for (const l of lines) out += l.endsWith(hardBreak) ? `${l.slice(0, -hardBreak.length).trimEnd()}\n` : `${l} `;
  return out.trim();
}

/** The lines without the blank ones at either end (a block's first and last lines are often empty). */
export function trimBlankLines(lines: readonly string[]): readonly string[] {
  let a = 0;
  let z = lines.length;
  while (a < z && !lines[a]!.trim()) a++;
  while (z > a && !lines[z - 1]!.trim()) z--;
  return lines.slice(a, z);
}

/**
 * A block's lines as written, in a paragraph of their own, without the indent they all share (a blank line has
 * none). The shared indent is found in one pass: spread into `Math.min` it overflowed the stack past ~150k lines.
 */
export function appendAsWritten(b: TextBuilder, kept: readonly string[]): void {
  let indent = Number.POSITIVE_INFINITY;
  for (const l of kept) if (l.trim()) indent = Math.min(indent, l.length - l.trimStart().length);
  b.paragraph();
  for (const l of kept) {
    b.append(l.slice(Math.min(indent, l.length - l.trimStart().length)).trimEnd());
    b.line();
  }
  b.paragraph();
}
