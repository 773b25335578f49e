/** One line of a plain-text document, with its offsets in the text. */
export type TextLine = { start: number; end: number; line: string };

/**
 * A heading found in plain text. `from` is where the previous section ends (the heading line, or its underline's
 * first line); `bodyStart` is where this section's text starts. A term of a definition list (a man page option) is
 * both heading and text, so its `bodyStart` is its own line.
 */
export type TextHeading = { from: number; bodyStart: number; level: number; title: string };

/** A man page section heading: `EXIT CODES`, `SEE ALSO` (upper case, at the margin). */
const MAN_SECTION = /^[A-Z][A-Z0-9 ,/()&'-]{1,60}$/;
/** An underline under a heading (texinfo, setext): one repeated `*`, `=`, `-` or `.`. */
export const UNDERLINE = /^([*=\-.])\1{2,}\s*$/;
const INDENT = /^ */;

/**
 * Headings of plain-text manuals, so their chunks carry a heading path into retrieval as Markdown and HTML chunks do:
 * - underlined titles (texinfo's `info` output, setext): the underline character gives the level in order of first
 *   appearance, as in texinfo (`*` chapter, `=` section, `-` subsection, `.` subsubsection);
 * - a rendered man page's sections (`OPTIONS`, `EXIT CODES`: upper case at the margin, indented text below), and a
 *   README's or text manual's (`INSTALLATION`: upper case between blank lines, text at the margin below);
 * - under either, each entry of a definition list (under a heading the caller found — `sectionStarts`, a PDF's
 *   headings set large, at level 0 — only an option's entry): one to three short lines at the section's indent
 *   (`-k, --insecure`; info's `‘-n’` `‘--quiet’`), after a blank line or right under the heading, with the
 *   description indented deeper right below — or, for an option (`--gen-suppressions=<yes|no|all>`), after a blank
 *   line, as DocBook's typeset manuals set them. The entry's lines stay in its text.
 */
export function plainTextHeadings(
  lines: readonly TextLine[],
  sectionStarts: readonly { from: number; bodyStart: number }[] = [],
): TextHeading[] {
  const out: TextHeading[] = [];
  const levels: string[] = [];
  const indent = (i: number) => INDENT.exec(lines[i]!.line)![0].length;
  const blank = (i: number) => isBlank(lines, i);
  const nextText = (i: number) => {
    let j = i + 1;
    while (j < lines.length && blank(j)) j++;
    return j < lines.length ? j : -1;
  };
  const margin = sectionStarts.length === 0 ? marginSections(lines) : new Set<number>();
  // No section is open at -1; a caller's heading opens one at 0, so its entries are at level 1.
  let sectionLevel = -1;
  let baseIndent = -1;
  let nextStart = 0;
  // The last line of the latest section heading: an entry may follow it without a blank line between.
  let headingEnd = -1;
  const open = (h: TextHeading, firstBody: number, lastLine: number) => {
    out.push(h);
    sectionLevel = h.level;
    baseIndent = firstBody >= 0 ? indent(firstBody) : -1;
    headingEnd = lastLine;
  };
  for (let i = 0; i < lines.length; i++) {
    if (blank(i)) continue;
    const { line, start, end } = lines[i]!;
    if (nextStart < sectionStarts.length && sectionStarts[nextStart]!.bodyStart <= start) {
      while (nextStart < sectionStarts.length && sectionStarts[nextStart]!.bodyStart <= start) nextStart++;
      sectionLevel = 0;
      baseIndent = indent(i);
      headingEnd = i - 1;
    }
    const text = line.trim();
    const u = i + 1 < lines.length ? UNDERLINE.exec(lines[i + 1]!.line) : null;
    if (
      u &&
      blank(i - 1) &&
      !UNDERLINE.test(line) &&
      Math.abs(lines[i + 1]!.line.trim().length - line.trimEnd().length) <= 1
    ) {
      if (!levels.includes(u[1]!)) levels.push(u[1]!);
      open(
        { from: start, bodyStart: lines[i + 1]!.end, level: levels.indexOf(u[1]!) + 1, title: text },
        nextText(i + 1),
        i + 1,
      );
      i++;
      continue;
    }
    const j = nextText(i);
    if (sectionLine(lines, i) && j >= 0) {
      if (indent(j) > 0) {
        open({ from: start, bodyStart: end, level: 1, title: text }, j, i);
        continue;
      }
      // A README's or text manual's section ("CJPEG DETAILS"), under the underlined titles seen so far.
      if (margin.has(i)) {
        open({ from: start, bodyStart: end, level: levels.length + 1, title: text }, j, i);
        continue;
      }
    }
    if (sectionLevel < 0 || !(blank(i - 1) || i - 1 === headingEnd) || indent(i) !== baseIndent) continue;
    // Under a caller's heading only options are entries: a typeset manual's code examples indent like definitions.
    if (sectionLevel === 0 && !OPTION_TERM.test(text)) continue;
    let k = i;
    while (k < i + MAX_TERM_LINES && !blank(k) && indent(k) === baseIndent && isTerm(lines[k]!.line.trim())) k++;
    const body = k > i && blank(k) && OPTION_TERM.test(text) ? nextText(k - 1) : k;
    if (k > i && body >= 0 && !blank(body) && indent(body) > baseIndent) {
      const title = lines
        .slice(i, k)
        .map((l) => l.line.trim().split(/\s{2,}/)[0]!)
        .join(', ');
      out.push({ from: start, bodyStart: start, level: sectionLevel + 1, title });
      i = k;
    }
  }
  return out;
}

/**
 * The lines heading a README's or text manual's sections (`CJPEG DETAILS`, `INSTALLATION`, as libjpeg's `usage.txt`
 * and many `INSTALL` files write them): upper case, a line of its own between blank lines, the text below it at the
 * margin (a man page's sections have theirs indented). Not a callout ("NOTE", "WARNING") nor a table's header row
 * (columns apart), and only where a text has two or more: one shouted line heads nothing. Not in a PDF whose
 * headings are set large (the caller's `sectionStarts`): a table's upper-case cell is laid out the same way.
 */
function marginSections(lines: readonly TextLine[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!sectionLine(lines, i) || !isBlank(lines, i + 1)) continue;
    const line = lines[i]!.line;
    if (/\S\s{2,}\S/.test(line) || CALLOUT.test(line)) continue;
    let j = i + 1;
    while (j < lines.length && isBlank(lines, j)) j++;
    if (j < lines.length && !/^\s/.test(lines[j]!.line)) out.add(i);
  }
  return out.size >= 2 ? out : new Set();
}
const isBlank = (lines: readonly TextLine[], i: number): boolean =>
  i < 0 || i >= lines.length || !lines[i]!.line.trim();
/** A section heading's line in upper case (`EXIT CODES`): at the margin, after a blank line. */
function sectionLine(lines: readonly TextLine[], i: number): boolean {
  const line = lines[i]!.line;
  return isBlank(lines, i - 1) && line === line.trim() && MAN_SECTION.test(line) && /[A-Z]{2}/.test(line);
}
const CALLOUT = /^(?:NOTE|WARNING|CAUTION|IMPORTANT|ATTENTION|DANGER|TIP|HINT|TODO|FIXME|XXX|BEGIN|END)$/;

const MAX_TERM_LINES = 3;
/** An option's term line (`--suppressions=<filename> [default: …]`, `-v, --verbose`) may stand a blank line above its description. */
const OPTION_TERM = /^--?[A-Za-z0-9]/;

/** A definition-list term: short, and not a sentence or the lead-in to an example. */
function isTerm(text: string): boolean {
  return text.length <= 80 && !/[.:;,]$/.test(text);
}

/** The heading path of each heading: its title under the nearest heading of each higher level before it. */
export function headingPaths(headings: readonly TextHeading[]): string[][] {
  const stack: string[] = [];
  return headings.map((h) => {
    stack.length = h.level - 1;
    stack[h.level - 1] = h.title;
    return stack.filter(Boolean);
  });
}
