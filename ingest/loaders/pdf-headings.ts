import type { PdfLine } from '../types.ts';
import { type BodyMetrics, HEADING_RATIO, paragraphBreak } from './pdf-layout.ts';

/** Longer lines are text set large (a lead paragraph, a title page's blurb), not headings. */
const MAX_HEADING_CHARS = 160;

/**
 * The heading level of each font size a PDF sets its headings in (the largest is level 1): sizes clearly larger than
 * the body text whose lines stand in short runs. A size most of whose lines run on in paragraphs is text set large
 * (prose around code listings set small, a large-print document), not a heading size.
 */
export function headingLevels(pages: readonly PdfLine[][], m: BodyMetrics): Map<number, number> {
  const runs = new Map<number, { short: number; all: number }>();
  for (const page of pages) {
    let run = 0;
    for (let i = 0; i < page.length; i++) {
      const l = page[i]!;
      run++;
      const next = page[i + 1];
      const ends = !next || sizeKey(next) !== sizeKey(l) || paragraphBreak(l, next, page[i + 2], m);
      if (!ends) continue;
      const key = sizeKey(l);
      if (key >= HEADING_RATIO * m.size && hasWords(l.text)) {
        const r = runs.get(key) ?? { short: 0, all: 0 };
        r.all++;
        if (run <= 2 && l.text.length <= MAX_HEADING_CHARS) r.short++;
        runs.set(key, r);
      }
      run = 0;
    }
  }
  const sizes = [...runs].filter(([, r]) => r.short >= 0.75 * r.all).map(([k]) => k);
  sizes.sort((a, b) => b - a);
  return new Map(sizes.map((s, i) => [s, i + 1]));
}

/** A line's heading level (0 for text). */
export function headingLevel(line: PdfLine, levels: Map<number, number>): number {
  if (line.text.length > MAX_HEADING_CHARS || !hasWords(line.text)) return 0;
  return levels.get(sizeKey(line)) ?? 0;
}

const sizeKey = (l: PdfLine) => Math.round(l.size * 2) / 2;
const hasWords = (s: string) => /\p{L}{2}/u.test(s);
