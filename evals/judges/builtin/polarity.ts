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

/**
 * For each token, whether a negator governs it: the first content word after a negator, within three tokens and
 * before any comma ("did not approve the drug" negates "approve", not "drug").
 */
export function negatedFlags(toks: readonly Tok[]): boolean[] {
  const flags = toks.map(() => false);
  toks.forEach((t, j) => {
    if (!isNegator(t)) return;
    for (let i = j + 1; i < Math.min(toks.length, j + 4); i++) {
      const x = toks[i]!;
      if (x.sent !== t.sent || /[,;:()]/.test(x.gap) || isNegator(x)) break;
      if (!x.stop) {
        flags[i] = true;
        break;
      }
    }
  });
  return flags;
}

/**
 * A claim word whose polarity the passage never matches: the claim says "reduced" where the window has only
 * "did not reduce", or "not associated" where it has only "associated". Words the window uses both ways
 * ("3 high biomarkers vs no high biomarkers") are no conflict. Returns the first such claim word.
 */
export function polarityConflict(
  claim: readonly Tok[],
  region: readonly Tok[],
  roots: ReadonlySet<string>,
): { word: string; negatedInClaim: boolean } | undefined {
  const inRegion = new Map<string, Set<boolean>>();
  const flags = negatedFlags(region);
  region.forEach((t, i) => {
    if (!roots.has(t.root) || isNegator(t)) return;
    const seen = inRegion.get(t.root) ?? new Set<boolean>();
    seen.add(flags[i]!);
    inRegion.set(t.root, seen);
  });
  const claimFlags = negatedFlags(claim);
  for (const [i, t] of claim.entries()) {
    const seen = inRegion.get(t.root);
    if (t.stop || isNegator(t) || !seen || seen.has(claimFlags[i]!)) continue;
    return { word: t.text, negatedInClaim: claimFlags[i]! };
  }
  return undefined;
}
