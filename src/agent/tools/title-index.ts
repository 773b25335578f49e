import type { SourceTable } from '../../store/index.ts';
import { tokens } from '../../text/index.ts';
import { nameOf } from './bridges.ts';

const MAX_TITLE_TOKENS = 6;

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
      const toks = tokens(name);
      if (toks.length === 0 || toks.length > MAX_TITLE_TOKENS || name.length < 3) continue;
      const entries = this.byFirst.get(toks[0]!) ?? [];
      entries.push({ toks, titles: list, capital: /^\p{Lu}/u.test(name) });
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
    const found = this.scan(text);
    if (this.memo.size >= 5000) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.set(text, found);
    return found;
  }
  // The best chunks are scanned when grading and again when hopping, and recur across runs.
  private readonly memo = new Map<string, string[]>();

  private scan(text: string): string[] {
    const raw = [...text.normalize('NFKC').matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]);
    const toks = tokens(text);
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
          (!aligned || !c.capital || /^\p{Lu}|^\p{N}/u.test(raw[i]!))
        ) {
          best = c.titles;
          bestLen = c.toks.length;
        }
      for (const t of best ?? []) found.add(t);
    }
    return [...found];
  }
}

const cache = new WeakMap<SourceTable, { at: number; index: Promise<TitleIndex> }>();

/** Built once per source handle and refreshed after a minute, so new ingests are picked up. */
export function titleIndexFor(src: SourceTable, now = Date.now()): Promise<TitleIndex> {
  const hit = cache.get(src);
  if (hit && now - hit.at < 60_000) return hit.index;
  const index = src.scanChunks(['title']).then((rows) => new TitleIndex(rows.map((r) => String(r.title))));
  cache.set(src, { at: now, index });
  return index;
}
