import type { PdfLine } from '../types.ts';
import { type BodyMetrics, HEADING_RATIO, paragraphBreak } from './pdf-layout.ts';

/** Longer lines are text set large (a lead paragraph, a title page's blurb), not headings. */
const MAX_HEADING_CHARS = 160;

/**
 * Headings are a small part of a document's text: a size that sets more than this share of it (and more than a few
 * headings' worth) is text set large.
 */
const MAX_HEADING_SHARE = 0.1;
const MIN_HEADING_CHARS = 300;

/**
 * The heading level of each font size a PDF sets its headings in (the largest is level 1): sizes clearly larger than
 * the body text whose lines stand in short runs and hold a small part of the text. Other sizes larger than the body
 * are text set large (prose around code listings set smaller, a large-print document).
 */
export function headingLevels(pages: readonly PdfLine[][], m: BodyMetrics): Map<number, number> {
  const runs = new Map<number, { short: number; all: number; chars: number }>();
  let total = 0;
  for (const page of pages) {
    let run = 0;
    for (let i = 0; i < page.length; i++) {
      const l = page[i]!;
      const key = sizeKey(l);
      const r = runs.get(key) ?? { short: 0, all: 0, chars: 0 };
      runs.set(key, r);
      r.chars += l.text.length;
      total += l.text.length;
      run++;
      const next = page[i + 1];
      const ends = !next || sizeKey(next) !== key || paragraphBreak(l, next, page[i + 2], m);
      if (!ends) continue;
      r.all++;
      if (run <= 2 && l.text.length <= MAX_HEADING_CHARS) r.short++;
      run = 0;
    }
  }
  const sizes = [...runs]
    .filter(
      ([k, r]) =>
        k >= HEADING_RATIO * m.size &&
        r.short >= 0.75 * r.all &&
        r.chars <= Math.max(MIN_HEADING_CHARS, MAX_HEADING_SHARE * total),
    )
    .map(([k]) => k);
  sizes.sort((a, b) => b - a);
  return new Map(sizes.map((s, i) => [s, i + 1]));
}

/**
 * The heading level of each line of a page (0 for text): its size's level, or for a line of body size set in bold
 * that stands alone (a paragraph of one line that does not end a sentence, not indented past the text after it), the
 * level below the size levels.
 */
export function pageHeadingLevels(page: readonly PdfLine[], levels: Map<number, number>, m: BodyMetrics): number[] {
  const boldLevel = levels.size + 1;
  return page.map((line, i) => {
    if (line.text.length > MAX_HEADING_CHARS || !hasWords(line.text)) return 0;
    const level = levels.get(sizeKey(line));
    if (level) return level;
    const [prev, next] = [page[i - 1], page[i + 1]];
    const alone =
      (!prev || paragraphBreak(prev, line, next, m)) && (!next || paragraphBreak(line, next, page[i + 2], m));
    // Not indented past the text after it: a bold line set in from the text is an example or a command, not a title.
    const outdented = !next || line.x <= next.x + 0.5 * m.size;
    return line.bold && line.size >= 0.75 * m.size && alone && outdented && !/[.;,]$/.test(line.text) ? boldLevel : 0;
  });
}

const sizeKey = (l: PdfLine) => Math.round(l.size * 2) / 2;
const hasWords = (s: string) => /\p{L}{2}/u.test(s);
