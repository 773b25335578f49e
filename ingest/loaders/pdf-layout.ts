import type { PdfLine } from '../types.ts';

/** The measures of a PDF's body text that its layout is read against. */
export type BodyMetrics = {
  /** The font size most characters are set in. */
  size: number;
  /** The usual distance between the baselines of two body lines. */
  spacing: number;
  /** The left edge of the text on odd and on even pages (books put them apart); index by page number % 2. */
  margins: [number, number];
};

/** A line set this much larger than the body text is a heading. */
export const HEADING_RATIO = 1.15;
/** A gap between lines this much wider than the line spacing ends a paragraph. */
const PARAGRAPH_GAP = 1.3;
/** One space of indentation per this many font sizes of the body text (about one character). */
const INDENT_UNIT = 0.5;
const MAX_INDENT = 40;

const round = (v: number) => Math.round(v * 2) / 2;

function mostCommon(counts: Map<number, number>): number | undefined {
  let best: number | undefined;
  let n = 0;
  for (const [k, c] of counts) if (c > n || (c === n && best !== undefined && k < best)) [best, n] = [k, c];
  return best;
}

export function bodyMetrics(pages: readonly PdfLine[][]): BodyMetrics {
  const sizes = new Map<number, number>();
  for (const l of pages.flat()) sizes.set(round(l.size), (sizes.get(round(l.size)) ?? 0) + l.text.length);
  const size = mostCommon(sizes) ?? 10;
  const isBody = (l: PdfLine) => Math.abs(l.size - size) <= 0.1 * size;
  const gaps = new Map<number, number>();
  for (const page of pages)
    for (let i = 1; i < page.length; i++) {
      const [a, b] = [page[i - 1]!, page[i]!];
      const gap = round(a.y - b.y);
      if (isBody(a) && isBody(b) && gap > 0.5 * size && gap < 3 * size) gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
    }
  // The narrowest common gap: where most paragraphs are one or two lines (a man page's option list), the gap between
  // paragraphs can be as common as the gap between lines.
  const common = Math.max(0, ...gaps.values());
  const spacing = Math.min(...[...gaps].filter(([, n]) => n >= 0.25 * common).map(([g]) => g), 1.2 * size * 2);
  const margin = (parity: number) => {
    const xs = new Map<number, number>();
    let total = 0;
    pages.forEach((page, i) => {
      if ((i + 1) % 2 !== parity) return;
      for (const l of page) {
        xs.set(Math.round(l.x), (xs.get(Math.round(l.x)) ?? 0) + 1);
        total++;
      }
    });
    // The leftmost position that starts a few lines (a stray line further left, such as a margin note, is not it).
    const needed = Math.min(3, total);
    const ordered = [...xs.keys()].sort((a, b) => a - b);
    return ordered.find((x) => xs.get(x)! >= needed) ?? ordered[0];
  };
  const [even, odd] = [margin(0), margin(1)];
  return { size, spacing, margins: [even ?? odd ?? 0, odd ?? even ?? 0] };
}

/** A line's text with leading spaces for its indentation from the page's left margin. */
export function indented(line: PdfLine, page: number, m: BodyMetrics): string {
  const spaces = Math.round((line.x - m.margins[(page % 2) as 0 | 1]) / (INDENT_UNIT * m.size));
  return ' '.repeat(Math.min(MAX_INDENT, Math.max(0, spaces))) + line.text;
}

const SENTENCE_END = /[.!?:]["'”’)\]]?$/;

/**
 * Whether a paragraph ends between two consecutive lines of a page: the gap between their baselines is clearly wider
 * than the line spacing (scaled to their size when both are set in the same size, else to the smaller one's), the text moves up (a new column, a float), or `next`
 * starts a first-line indent (indented from the lines before and after it, after a line that ends a sentence: the
 * paragraphs of books that have no space between them).
 */
export function paragraphBreak(prev: PdfLine, next: PdfLine, after: PdfLine | undefined, m: BodyMetrics): boolean {
  const gap = prev.y - next.y;
  const scale = Math.min(prev.size, next.size) / m.size;
  if (gap > PARAGRAPH_GAP * m.spacing * scale) return true;
  if (gap < -0.5 * m.size) return true;
  return (
    after !== undefined &&
    next.x - prev.x >= 0.8 * m.size &&
    Math.abs(after.x - prev.x) < 0.2 * m.size &&
    after.y < next.y &&
    SENTENCE_END.test(prev.text)
  );
}

/** Whether a paragraph running off the bottom of one page goes on at the top of the next. */
export function continuesOnNextPage(last: string, first: string): boolean {
  const indent = (s: string) => s.length - s.trimStart().length;
  return !SENTENCE_END.test(last.trimEnd()) && indent(last) === indent(first);
}
