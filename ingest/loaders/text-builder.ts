import type { Section } from '../types.ts';

/**
 * Builds a document's extracted text and its sections together, so section offsets are exact by construction.
 * Loaders append text, mark paragraph and line breaks, and open a section at each heading or page. Text is kept as
 * parts and joined once: repeatedly inspecting one growing string would copy it again and again.
 *
 * Page furniture and navigation found after they were appended are not taken back out of the text (offsets already
 * handed out would move); they are marked as skipped ranges, which no section covers, so they are never chunked.
 */
export class TextBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  private readonly raw: Section[] = [];
  private readonly skipped: [number, number][] = [];
  private open: Omit<Section, 'end'> = { start: 0, heading_path: [], page: null };

  append(s: string): void {
    if (!s) return;
    this.parts.push(s);
    this.length += s.length;
  }

  /** Ends the current paragraph: the next text starts after a blank line. */
  paragraph(): void {
    this.trimTrailingSpaces();
    if (this.length === 0) return;
    const tail = this.tail(2);
    if (tail !== '\n\n') this.append(tail.endsWith('\n') ? '\n' : '\n\n');
  }

  line(): void {
    this.trimTrailingSpaces();
    if (this.length > 0 && !this.tail(1).endsWith('\n')) this.append('\n');
  }

  /** True when nothing but whitespace has been appended since the last break (for collapsing spaces). */
  atBreak(): boolean {
    const t = this.tail(1);
    return t === '' || t === ' ' || t === '\n';
  }

  /** The current end of the text: a position to pass to `skip` later. */
  mark(): number {
    return this.length;
  }

  /** The text appended since `pos` (a `mark()`). */
  since(pos: number): string {
    return pos >= this.length ? '' : this.tail(this.length - pos);
  }

  /** Leaves text[start, end) out of every section: it stays in the text, but no chunk will hold it. */
  skip(start: number, end: number = this.length): void {
    if (end > start) this.skipped.push([start, end]);
  }

  /** Starts a new section (a heading or a page); text appended from here on belongs to it. */
  section(heading_path: string[], page: number | null = null): void {
    this.paragraph();
    this.raw.push({ ...this.open, end: this.length });
    this.open = { start: this.length, heading_path: [...heading_path], page };
  }

  finish(): { text: string; sections: Section[] } {
    this.raw.push({ ...this.open, end: this.length });
    const text = this.parts.join('').trimEnd();
    const sections: Section[] = [];
    const skips = mergeRanges(this.skipped);
    let k = 0;
    for (const s of this.raw) {
      // Skipped ranges cut a section into pieces; each is trimmed to its non-blank text, an empty one is dropped.
      let from = s.start;
      const to = Math.min(s.end, text.length);
      while (k < skips.length && skips[k]![1] <= from) k++;
      for (let j = k; from < to; j++) {
        const cut = skips[j];
        const end = cut && cut[0] < to ? Math.max(cut[0], from) : to;
        const piece = trimmed(text, from, end);
        if (piece) sections.push({ ...s, ...piece });
        from = cut && cut[0] < to ? Math.max(cut[1], from) : to;
      }
    }
    return { text, sections };
  }

  private tail(n: number): string {
    let t = '';
    for (let i = this.parts.length - 1; i >= 0 && t.length < n; i--) t = this.parts[i]! + t;
    return t.slice(-n);
  }

  private trimTrailingSpaces(): void {
    while (this.parts.length > 0) {
      const last = this.parts[this.parts.length - 1]!;
      // Scanned back from the end: a regex anchored at the end retries every start in a long run of spaces.
      let end = last.length;
      while (end > 0 && (last.charCodeAt(end - 1) === 32 || last.charCodeAt(end - 1) === 9)) end--;
      const trimmed = last.slice(0, end);
      if (trimmed.length === last.length) return;
      this.length -= last.length - trimmed.length;
      if (trimmed) {
        this.parts[this.parts.length - 1] = trimmed;
        return;
      }
      this.parts.pop();
    }
  }
}

/** Sorted, non-overlapping copies of the ranges. */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function trimmed(text: string, start: number, end: number): { start: number; end: number } | undefined {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : undefined;
}
