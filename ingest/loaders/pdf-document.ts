import { isEnglishWord } from '../../src/text/index.ts';
import { pageAt } from '../chunk.ts';
import type { PdfLine, Section } from '../types.ts';
import { pageFurniture } from './page-furniture.ts';
import { headingLevels, pageHeadingLevels } from './pdf-headings.ts';
import { bodyMetrics, continuesOnNextPage, indented, paragraphBreak } from './pdf-layout.ts';
import { sectionsAt, textFurniture, textLines } from './text-furniture.ts';
import { plainTextHeadings, type TextHeading } from './text-headings.ts';

export type PdfLayout = { text: string; sections: Section[]; pageStarts: number[] };

/**
 * A PDF's text rebuilt from the positions of its lines, so that it reads like a plain-text manual: lines in drawing
 * order, a blank line between paragraphs, leading spaces for indentation from the page margin. Running headers,
 * footers and page numbers (see `pageFurniture`) are left out of the text. Headings come from two places: lines set
 * clearly larger than the body text (levels by size) or in bold on their own, and under them the plain-text headings of manuals (man page
 * sections, option entries; see `plainTextHeadings`), which the rebuilt indentation makes visible; the navigation of
 * plain-text manuals (`textFurniture`) is left out of every section. A section runs across page breaks until the next
 * heading; `pageStarts` gives each chunk its first page.
 */
export function layoutPdf(pages: readonly PdfLine[][]): PdfLayout {
  const m = bodyMetrics(pages);
  const levels = headingLevels(pages, m);
  const rendered = pages.map((lines, i) => lines.map((l) => indented(l, i + 1, m)));
  const furniture = pageFurniture(rendered.map((lines) => lines.join('\n'))).map((ranges, i) => {
    const starts = new Set(ranges.map((r) => r.start));
    const out = new Set<number>();
    let at = 0;
    rendered[i]!.forEach((line, j) => {
      if (starts.has(at)) out.add(j);
      at += line.length + 1;
    });
    return out;
  });

  const parts: string[] = [];
  let length = 0;
  const write = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  const unwrite = (n: number) => {
    parts.push(parts.pop()!.slice(0, -n));
    length -= n;
  };
  const pageStarts: number[] = [];
  const fontHeadings: TextHeading[] = [];
  let last: { text: string; heading: boolean } | undefined;
  pages.forEach((lines, p) => {
    const kept = lines.map((_, j) => j).filter((j) => !furniture[p]!.has(j));
    const keptLines = kept.map((j) => lines[j]!);
    const lineLevels = pageHeadingLevels(keptLines, levels, m);
    kept.forEach((j, k) => {
      const line = lines[j]!;
      const text = rendered[p]![j]!;
      const level = lineLevels[k]!;
      // A contents page's heading heads nothing once its entries are left out (they are furniture).
      if (level > 0 && CONTENTS.test(text)) {
        if (k === 0) pageStarts.push(length);
        return;
      }
      // Whether the layout itself sets this line apart (a wider gap, a new column, a first-line indent).
      let apart = true;
      if (last) {
        const prev = k > 0 ? lines[kept[k - 1]!]! : undefined;
        apart = prev
          ? paragraphBreak(prev, line, k + 1 < kept.length ? lines[kept[k + 1]!] : undefined, m)
          : !continuesOnNextPage(last.text, text);
        const goesOn = level === 0 && !last.heading && !apart && k > 0;
        const whole = goesOn && hyphenated(last.text, text);
        if (whole || (goesOn && brokenAtHyphen(last.text, text))) {
          // "ar-" at a line's end, "chive" on the next: the word is written whole where its first half ended, the
          // hyphen dropped. "--gen-" / "suppressions=yes", "day-to-" / "day": one token, the hyphen kept.
          if (whole) unwrite(1);
          write(text.trimStart());
          last = { text, heading: false };
          return;
        }
        write(level > 0 || last.heading || apart ? '\n\n' : '\n');
      }
      if (k === 0) pageStarts.push(length);
      const start = length;
      write(text);
      const open = fontHeadings.at(-1);
      // A heading set on two lines is one heading; two headings in a row are two.
      if (level > 0 && last?.heading && !apart && open?.level === level && open.bodyStart === start - 2) {
        open.bodyStart = length;
        // "branch-" then "prediction profiler": a compound broken at its hyphen goes on without a space.
        const more = text.trim();
        open.title += brokenAtHyphen(open.title, more) ? more : ` ${more}`;
      } else if (level > 0) fontHeadings.push({ from: start, bodyStart: length, level, title: text.trim() });
      last = { text, heading: level > 0 };
    });
    if (kept.length === 0) pageStarts.push(length);
  });
  const text = parts.join('');
  return { text, sections: sectionsOf(text, fontHeadings, levels.size, pageStarts), pageStarts };
}

/**
 * Sections at the font headings and, nested under the nearest heading set larger before them, the plain-text headings
 * of the rebuilt text (a man page's `OPTIONS`, an option entry). Bold headings (levels past `sizeLevels`) rank below
 * both: a man page's sections are peers of, not children of, a bold line before them.
 */
function sectionsOf(text: string, fontHeadings: TextHeading[], sizeLevels: number, pageStarts: number[]): Section[] {
  const lines = textLines(text);
  const inFont = (at: number) => fontHeadings.some((h) => at >= h.from && at < h.bodyStart);
  const textHeadings = plainTextHeadings(lines, fontHeadings).filter((h) => !inFont(h.from));
  const all = [...fontHeadings.map((h) => ({ ...h, font: true })), ...textHeadings.map((h) => ({ ...h, font: false }))];
  all.sort((a, b) => a.from - b.from || Number(b.font) - Number(a.font));
  let fontLevel = 0;
  const headings = all.map((h) => {
    if (h.font && h.level <= sizeLevels) fontLevel = h.level;
    return h.font ? h : { ...h, level: fontLevel + h.level };
  });
  const sections = sectionsAt(text, headings, textFurniture(lines));
  for (const s of sections) s.page = pageAt(pageStarts, s.start);
  return sections;
}

const CONTENTS = /^\s*(?:table of )?contents\s*$/i;
const WORD_HEAD = /(?:^|[\s(“"‘'])(\p{L}{2,})-$/u;
const WORD_TAIL = /^\s*(\p{Ll}{2,})/u;

/**
 * Whether a line ends with the first half of a word the typesetter hyphenated ("ar-", then "chive …"): the halves
 * joined make an English word. Compounds stay as they are ("self-" / "signed"), and so do options ("--no-" /
 * "recursion": the hyphen follows another).
 */
export function hyphenated(line: string, next: string): boolean {
  const head = WORD_HEAD.exec(line);
  const tail = head && WORD_TAIL.exec(next);
  return !!tail && isEnglishWord(`${head[1]}${tail[1]}`.toLowerCase());
}

/** A line that breaks at a hyphen inside a compound or an option name ("--gen-", "--", "day-to-") before a word. */
const HYPHEN_END = /(?:\p{L}-|(?:^|\s)--)$/u;

/**
 * Whether the next line goes on with the token the line broke at its hyphen: a compound ("inter-" / "thread") or an
 * option name ("--gen-" / "suppressions", "--" / "track-origins"). The hyphen stays; no space comes between.
 */
export function brokenAtHyphen(line: string, next: string): boolean {
  return HYPHEN_END.test(line.trimEnd()) && /^\s*\p{Ll}/u.test(next);
}
