/**
 * The structure of generated HTML documentation that is not in its headings:
 * - a definition list's terms head their descriptions, as a man page's option entries do (DocBook's variablelist:
 *   `<dt>-a<br>--data-only</dt><dd>…</dd>`, texinfo's `@table` and `@deffn`, Sphinx's option lists): each entry is
 *   a section under the page's heading path plus its term ("-a, --data-only"), its term kept in its text. Terms
 *   that are links (a table of contents set as a list) or longer than a term head nothing;
 * - an admonition's heading (DocBook's `<div class="note"><h3>Note</h3>`) is its first line, not a heading over
 *   the rest of the page.
 */
export class HtmlTerms {
  private readonly lists: List[] = [];
  private term: { start: number; text: string; linked: number } | undefined;
  private readonly open = new Map<string, number>();
  private readonly admonitions: { name: string; depth: number }[] = [];

  /** An element starts at text offset `at`; `path` is the heading path the text is under. */
  start(name: string, attrs: string, at: number, path: readonly string[]): void {
    if (CONTAINERS.has(name)) {
      const depth = (this.open.get(name) ?? 0) + 1;
      this.open.set(name, depth);
      if (ADMONITION.test(attrs)) this.admonitions.push({ name, depth });
    }
    const list = this.lists.at(-1);
    // A list in an entry's description nests under the entry (pg_dump's --format values under -F format).
    if (name === 'dl')
      this.lists.push({ base: list?.entry ? entryPath(list) : [...path], entry: undefined, described: false });
    else if (name === 'dt' && list && !this.term) this.term = { start: at, text: '', linked: 0 };
    else if (name === 'dd' && list) list.described = true;
    else if (name === 'br' && this.term) this.term.text += '\n';
  }

  /** Visible text, `linked` when it is a link's. */
  text(s: string, linked: boolean): void {
    if (!this.term) return;
    this.term.text += s;
    if (linked) this.term.linked += s.replace(/\s+/g, '').length;
  }

  /** An element ends: the section to open, if any (`start` is where it starts, before the current end). */
  end(name: string, path: readonly string[]): { start?: number; path: string[] } | undefined {
    if (CONTAINERS.has(name)) {
      const depth = this.open.get(name) ?? 0;
      const top = this.admonitions.at(-1);
      if (top && top.name === name && top.depth === depth) this.admonitions.pop();
      this.open.set(name, Math.max(0, depth - 1));
    }
    const list = this.lists.at(-1);
    if (name === 'dt' && list && this.term) {
      const { start, text, linked } = this.term;
      this.term = undefined;
      const title = text
        .split('\n')
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join(', ');
      const letters = title.replace(/\s+/g, '').length;
      if (!title || title.length > MAX_TERM || linked >= 0.8 * letters) return undefined;
      // Terms in a row name one entry ("-o FILE", "--output=FILE").
      if (list.entry && !list.described) list.entry.titles.push(title);
      else list.entry = { start, titles: [title] };
      list.described = false;
      return { start: list.entry.start, path: entryPath(list) };
    }
    if (name === 'dl' && list) {
      this.lists.pop();
      if (!list.entry) return undefined;
      // After the list, its text is under what it was under: the entry of an outer list, or the headings.
      const outer = this.lists.at(-1);
      return { path: outer?.entry ? entryPath(outer) : [...path] };
    }
    return undefined;
  }

  /** Whether the text is inside an admonition, whose headings are not the page's. */
  inAdmonition(): boolean {
    return this.admonitions.length > 0;
  }
}

const entryPath = (list: List): string[] => [...list.base, ...(list.entry ? [list.entry.titles.join(', ')] : [])];

type List = { base: string[]; entry: { start: number; titles: string[] } | undefined; described: boolean };

/** Longer "terms" are sentences set as terms (a FAQ's questions): they head nothing. */
const MAX_TERM = 80;
const CONTAINERS = new Set(['div', 'aside', 'section', 'blockquote']);
const ADMONITION =
  /(?:^|\s)class\s*=\s*["']?[^"'>]*\b(?:note|important|warning|tip|caution|admonition|attention|danger|hint)\b/i;
