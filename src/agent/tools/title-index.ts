import type { SourceTable } from '../../store/index.ts';
import { tokens } from '../../text/index.ts';

const MAX_TITLE_TOKENS = 6;

/**
 * Titles of a source's documents that look like names (short), indexed by first token, so a paragraph can be
 * scanned for mentions of other documents — the bridge entities of multi-hop questions. Corpora whose titles
 * are long (paper titles) yield an empty index, and the agent falls back to capitalised spans.
 */
export class TitleIndex {
  private readonly byFirst = new Map<string, { toks: string[]; title: string; capital: boolean }[]>();
  readonly size: number;

  constructor(titles: Iterable<string>) {
    let n = 0;
    for (const title of new Set(titles)) {
      const toks = tokens(title);
      if (toks.length === 0 || toks.length > MAX_TITLE_TOKENS || title.length < 3) continue;
      const list = this.byFirst.get(toks[0]!) ?? [];
      list.push({ toks, title, capital: /^\p{Lu}/u.test(title) });
      this.byFirst.set(toks[0]!, list);
      n++;
    }
    this.size = n;
  }

  /**
   * Titles mentioned in a text, longest match first at each position. A capitalised title must appear
   * capitalised: "Autophagy" the paper is not mentioned by "autophagy" the process, "Charmed" the series is.
   */
  mentions(text: string): string[] {
    const raw = [...text.normalize('NFKC').matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]);
    const toks = tokens(text);
    // tokens() splits CJK runs into characters; only Latin-script positions line up with `raw`, so check case there.
    const aligned = raw.length === toks.length;
    const found = new Set<string>();
    for (let i = 0; i < toks.length; i++) {
      const cands = this.byFirst.get(toks[i]!);
      if (!cands) continue;
      let best: string | undefined;
      let bestLen = 0;
      for (const c of cands)
        if (
          c.toks.length > bestLen &&
          c.toks.every((t, j) => toks[i + j] === t) &&
          (!aligned || !c.capital || /^\p{Lu}|^\p{N}/u.test(raw[i]!))
        ) {
          best = c.title;
          bestLen = c.toks.length;
        }
      if (best) found.add(best);
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
