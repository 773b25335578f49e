import { MONTHS, NEGATORS, OPPOSITES } from './lexicon.ts';
import { root, type Tok } from './tokenize.ts';

const NEGATOR_ROOTS: ReadonlySet<string> = new Set([...NEGATORS].map((w) => (w === "n't" ? w : root(w))));
export const MONTH_ROOTS: ReadonlySet<string> = new Set([...MONTHS].map(root));

/** Which side of which opposite pair a root belongs to, e.g. "reduc" → "0:1" (pair 0, side 1). */
const SIDE = new Map<string, { pair: number; side: 0 | 1 }>();
OPPOSITES.forEach(([a, b], pair) => {
  for (const w of a.split(' ')) SIDE.set(root(w), { pair, side: 0 });
  for (const w of b.split(' ')) SIDE.set(root(w), { pair, side: 1 });
});

export const isNegator = (t: Tok): boolean => NEGATOR_ROOTS.has(t.root);
export const sideOf = (r: string) => SIDE.get(r);

/**
 * Negators that bear on the given words: each counts only if one of the next three tokens is one of them, so
 * "although it was not cheap, it reduced mortality" does not negate "reduced mortality". The parity of the
 * count is the polarity. Without `roots`, any content word in reach counts.
 */
export function negations(toks: readonly Tok[], roots?: ReadonlySet<string>): number {
  let n = 0;
  toks.forEach((t, i) => {
    if (!isNegator(t)) return;
    const reach: Tok[] = [];
    // A comma ends the negation's reach: "not cheap, it reduced" negates "cheap" only.
    for (const x of toks.slice(i + 1, i + 4)) {
      if (x.sent !== t.sent || /[,;:()]/.test(x.gap)) break;
      reach.push(x);
    }
    if (reach.some((x) => (roots ? roots.has(x.root) : !x.stop && !isNegator(x)))) n++;
  });
  return n;
}

/** The sides of opposite pairs that tokens use, as "pair:side" keys. */
export function sides(toks: readonly Tok[]): Set<string> {
  const out = new Set<string>();
  for (const t of toks) {
    const s = SIDE.get(t.root);
    if (s) out.add(`${s.pair}:${s.side}`);
  }
  return out;
}

/**
 * Opposite pairs where the claim takes one side and the passage region only the other: "X increases Y"
 * against "X decreases Y". Returns the claim word and the passage word of the first such reversal.
 */
export function reversal(claim: readonly Tok[], region: readonly Tok[]): { said: string; found: string } | undefined {
  const have = sides(region);
  for (const t of claim) {
    const s = SIDE.get(t.root);
    if (!s || have.has(`${s.pair}:${s.side}`) || !have.has(`${s.pair}:${1 - s.side}`)) continue;
    const found = region.find((r) => {
      const o = SIDE.get(r.root);
      return o?.pair === s.pair && o.side !== s.side;
    });
    return { said: t.text, found: found?.text ?? '' };
  }
  return undefined;
}
