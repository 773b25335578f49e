import type { Section } from '../types.ts';

/**
 * Builds a document's extracted text and its sections together, so section offsets are exact by construction.
 * Loaders append text, mark paragraph and line breaks, and open a section at each heading or page. Text is kept as
 * parts and joined once: repeatedly inspecting one growing string would copy it again and again.
 */
export class TextBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  private readonly raw: Section[] = [];
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
    for (const s of this.raw) {
      // Sections are trimmed to their non-blank text; one without any text is dropped.
      let start = s.start;
      let end = Math.min(s.end, text.length);
      while (start < end && /\s/.test(text[start]!)) start++;
      while (end > start && /\s/.test(text[end - 1]!)) end--;
      if (end > start) sections.push({ ...s, start, end });
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
      const trimmed = last.replace(/[ \t]+$/, '');
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
