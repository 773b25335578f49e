/** Lines looked at for furniture at each end of a page (headers and footers may take more than one line). */
const EDGE_LINES = 3;
/** Longer lines are text, not a running header or footer. */
const MAX_FURNITURE_CHARS = 160;
const MIN_PAGES = 3;
/**
 * A chapter's running header ("Memcheck: a memory error detector" over that chapter's pages only) recurs at an edge
 * of this many pages at least, and of half the pages from its first to its last.
 */
const CHAPTER_PAGES = 4;
/** A table of contents line: an entry, leader dots, a page number ("2.5. Suppressing errors ...... 19", "… iii"). */
const TOC_LINE = /(?:\.\s?){4,}\s*(?:\d+|[ivxlcdm]+)\s*$/i;

export type Range = { start: number; end: number };

/**
 * Running headers, footers and page numbers of a paginated document: the lines near the top or bottom of a page
 * whose shape (digits and roman numerals folded, so "Page 3 of 12" matches "Page 4 of 12") recurs at an edge of at
 * least half the pages (and of two), or a chapter's header: at an edge of four pages or more and of half the pages
 * between its first and last. Needs three pages or more: with fewer, repetition says nothing. Table of contents
 * lines (leader dots and a page number) are furniture wherever they stand.
 * Returns, per page, the [start, end) ranges of those lines within that page's text, in any order.
 */
export function pageFurniture(pages: readonly string[]): Range[][] {
  const edges = pages.map(edgeLines);
  if (pages.length < MIN_PAGES) return pages.map(() => []);
  // Per shape: the pages it is at an edge of, in order.
  const seenOn = new Map<string, number[]>();
  edges.forEach((lines, page) => {
    for (const key of new Set(lines.map((l) => l.key))) {
      const on = seenOn.get(key);
      if (on) on.push(page);
      else seenOn.set(key, [page]);
    }
  });
  const needed = Math.max(2, Math.floor(pages.length / 2));
  const furniture = new Set<string>();
  for (const [key, on] of seenOn) {
    const span = on.at(-1)! - on[0]! + 1;
    if (on.length >= needed || (on.length >= CHAPTER_PAGES && on.length >= span / 2)) furniture.add(key);
  }
  return edges.map((lines, page) => [
    ...lines.filter((l) => furniture.has(l.key)).map(({ start, end }) => ({ start, end })),
    ...tocLines(pages[page]!),
  ]);
}

/** Table of contents lines anywhere on a page: entries with leader dots and a page number point at text elsewhere. */
function tocLines(page: string): Range[] {
  const out: Range[] = [];
  let at = 0;
  for (const raw of page.split('\n')) {
    // The leader and page number end the line: its last 200 characters say (the pattern, not anchored at the start,
    // rescanned a long line from every dot).
    if (TOC_LINE.test(raw.slice(-200))) out.push({ start: at, end: at + raw.length });
    at += raw.length + 1;
  }
  return out;
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
