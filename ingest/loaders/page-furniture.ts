/** Lines looked at for furniture at each end of a page (headers and footers may take more than one line). */
const EDGE_LINES = 3;
/** Longer lines are text, not a running header or footer. */
const MAX_FURNITURE_CHARS = 160;
const MIN_PAGES = 3;

export type Range = { start: number; end: number };

/**
 * Running headers, footers and page numbers of a paginated document: the lines near the top or bottom of a page
 * whose shape (digits and roman numerals folded, so "Page 3 of 12" matches "Page 4 of 12") recurs at an edge of at
 * least half the pages (and of two). Needs three pages or more: with fewer, repetition says nothing.
 * Returns, per page, the [start, end) ranges of those lines within that page's text.
 */
export function pageFurniture(pages: readonly string[]): Range[][] {
  const edges = pages.map(edgeLines);
  if (pages.length < MIN_PAGES) return pages.map(() => []);
  const seenOn = new Map<string, number>();
  for (const lines of edges)
    for (const key of new Set(lines.map((l) => l.key))) seenOn.set(key, (seenOn.get(key) ?? 0) + 1);
  const needed = Math.max(2, Math.floor(pages.length / 2));
  return edges.map((lines) =>
    lines.filter((l) => (seenOn.get(l.key) ?? 0) >= needed).map(({ start, end }) => ({ start, end })),
  );
}

type EdgeLine = Range & { key: string };

/** The first and last few non-blank lines of a page, with the key they are compared by. */
function edgeLines(page: string): EdgeLine[] {
  const lines: EdgeLine[] = [];
  let at = 0;
  for (const raw of page.split('\n')) {
    const start = at;
    at += raw.length + 1;
    const key = shapeKey(raw);
    if (key) lines.push({ start, end: start + raw.length, key });
  }
  if (lines.length <= 2 * EDGE_LINES) return lines;
  return [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)];
}

/** A line's shape: whitespace collapsed, case folded, numbers and roman numerals replaced; '' for blank or long lines. */
function shapeKey(line: string): string {
  const t = line.trim().replace(/\s+/g, ' ');
  if (!t || t.length > MAX_FURNITURE_CHARS) return '';
  return t
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/[\p{L}]+/gu, (w) => (ROMAN.test(w) ? '#' : w));
}

const ROMAN = /^(?=[mdclxvi])m{0,3}(?:c[md]|d?c{0,3})(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})$/;
