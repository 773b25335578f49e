import { basename, extname } from 'node:path';
import { STOP_WORDS } from './stopwords.ts';
import { tokens } from './tokenize.ts';

const MAX_TITLE_TOKENS = 6;

/** A title's trailing qualifier in parentheses: "(author)" in "Richard Wright (author)". */
const QUALIFIER = /\s*\(([^)]*)\)\s*$/u;

/** A title without its trailing qualifier: "Richard Wright (author)" → "Richard Wright". */
export const nameOf = (title: string): string => title.replace(QUALIFIER, '') || title;

/**
 * A title that names something (its words capitalised: "Richard Wright", "Autophagy") must be mentioned capitalised;
 * one in sentence case ("Aircraft carrier", "Tornado outbreak of March 2012") is a common noun phrase that Wikipedia
 * capitalised only because titles start with a capital, and is mentioned in lower case ("an aircraft carrier").
 */
export function isProperName(name: string): boolean {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && !STOP_WORDS.has(w.toLowerCase()));
  if (!/^\p{Lu}/u.test(name)) return false;
  return words.length <= 1 || words.slice(1).some((w) => /^\p{Lu}/u.test(w));
}

/**
 * Whether a document's title names an entity other documents may mention: a proper name of a few words,
 * capitalised as names are ("Richard Wright (author)", "Charmed"), or a number ("1984") — not a page title in sentence
 * case ("Getting started"), and not one the file is named by ("faq" from faq.md names a file; "Keyboard Macros (ne's
 * manual)" in Keyboard-Macros.html is a manual's page, the generator having named the file after it).
 */
export function isEntityTitle(title: string, path: string): boolean {
  const name = nameOf(title.trim());
  if (!isNameLike(title) || !(isProperName(name) || /^\p{N}/u.test(name))) return false;
  const norm = (x: string) =>
    x
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ')
      .trim();
  const file = norm(basename(path, extname(path)));
  return norm(title) !== file && norm(name) !== file;
}

/** A title's trailing qualifier, without its parentheses: "author" in "Richard Wright (author)"; none if none. */
export const qualifierOf = (title: string): string | undefined => QUALIFIER.exec(title)?.[1]?.trim() || undefined;

/** Whether a title is shaped like a name another document could mention: a few words, not a sentence. */
export function isNameLike(title: string): boolean {
  const name = nameOf(title);
  const n = tokens(name).length;
  return n > 0 && n <= MAX_TITLE_TOKENS && name.length >= 3;
}

/**
 * Titles of a source's documents that look like names (short), indexed by first token, so a paragraph can be
 * scanned for mentions of other documents — the bridge entities of multi-hop questions. Corpora whose titles
 * are long (paper titles) yield an empty index, and the agent falls back to capitalised spans.
 */
export class TitleIndex {
  private readonly byFirst = new Map<string, { toks: string[]; titles: string[]; capital: boolean }[]>();
  readonly size: number;

  constructor(titles: Iterable<string>) {
    let n = 0;
    const byName = new Map<string, string[]>();
    for (const title of new Set(titles)) {
      // "Richard Wright (author)" is mentioned as "Richard Wright": a trailing qualifier is not part of the name.
      const name = nameOf(title);
      byName.set(name, [...(byName.get(name) ?? []), title]);
    }
    for (const [name, list] of byName) {
      if (!isNameLike(name)) continue;
      const toks = tokens(name);
      const entries = this.byFirst.get(toks[0]!) ?? [];
      entries.push({ toks, titles: list, capital: isProperName(name) });
      this.byFirst.set(toks[0]!, entries);
      n += list.length;
    }
    this.size = n;
  }

  /**
   * Titles mentioned in a text, longest match first at each position. A capitalised title must appear
   * capitalised: "Autophagy" the paper is not mentioned by "autophagy" the process, "Charmed" the series is.
   */
  mentions(text: string): string[] {
    const hit = this.memo.get(text);
    if (hit) return hit;
    const found = this.scanText(text);
    if (this.memo.size >= 5000) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.set(text, found);
    return found;
  }
  // The best chunks are scanned when grading and again when hopping, and recur across runs.
  private readonly memo = new Map<string, string[]>();

  /** Titles mentioned in a text, not memoised (for one pass over many texts). */
  scanText(text: string): string[] {
    const norm = text.normalize('NFKC');
    const words = [...norm.matchAll(/[\p{L}\p{N}]+/gu)];
    const raw = words.map((m) => m[0]);
    const toks = tokens(text);
    // A capitalised title is mentioned only as a whole name: "United" (an album) is not in "the United States", but
    // "Metallica, Megadeth" names both (punctuation between words ends a name) and "in the Charmed finale" names one.
    const joins = (a: number, b: number) => {
      const x = words[a];
      const y = words[b];
      const cap = (w: string) => /^\p{Lu}/u.test(w);
      return !!x && !!y && /^\s+$/.test(norm.slice(x.index! + x[0].length, y.index!)) && cap(x[0]) && cap(y[0]);
    };
    const whole = (i: number, n: number) =>
      !joins(i + n - 1, i + n) && !(joins(i - 1, i) && !STOP_WORDS.has(raw[i - 1]!.toLowerCase()));
    // tokens() splits CJK runs into characters; only Latin-script positions line up with `raw`, so check case there.
    const aligned = raw.length === toks.length;
    const found = new Set<string>();
    for (let i = 0; i < toks.length; i++) {
      const cands = this.byFirst.get(toks[i]!);
      if (!cands) continue;
      let best: string[] | undefined;
      let bestLen = 0;
      for (const c of cands)
        if (
          c.toks.length > bestLen &&
          c.toks.every((t, j) => toks[i + j] === t) &&
          (!aligned || !c.capital || (/^\p{Lu}|^\p{N}/u.test(raw[i]!) && whole(i, c.toks.length)))
        ) {
          best = c.titles;
          bestLen = c.toks.length;
        }
      for (const t of best ?? []) found.add(t);
    }
    return [...found];
  }
}
