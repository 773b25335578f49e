import { contentTokens, stem, terms } from '../../../text/index.ts';

export type WeightedTerms = Map<string, number>;

/**
 * The question's terms with weights: rare-looking terms (names, numbers, long words) count double, since an
 * answer that misses them is about something else.
 */
export function questionTerms(question: string): WeightedTerms {
  const out: WeightedTerms = new Map();
  const capitalised = new Set(
    [...question.matchAll(/(?<=\S\s+)[A-Z][\p{L}\p{N}-]*/gu)].map((m) => stem(m[0].toLowerCase())),
  );
  for (const t of terms(question)) {
    const key = /\d/.test(t) || capitalised.has(t) || t.length >= 9;
    out.set(t, Math.max(out.get(t) ?? 0, key ? 2 : 1));
  }
  return out;
}

export const termSet = (text: string): Set<string> => new Set(terms(text));

/** Weighted share of the question's terms present in a text's term set. */
export function coverage(q: WeightedTerms, have: ReadonlySet<string>): number {
  let total = 0;
  let hit = 0;
  for (const [t, w] of q) {
    total += w;
    if (have.has(t)) hit += w;
  }
  return total ? hit / total : 0;
}

/** Share of the *key* (weight 2) terms present; 1 when the question has none. */
export function keyCoverage(q: WeightedTerms, have: ReadonlySet<string>): number {
  const keys = [...q].filter(([, w]) => w >= 2);
  if (keys.length === 0) return 1;
  return keys.filter(([t]) => have.has(t)).length / keys.length;
}

export const numbersIn = (text: string): string[] => text.match(/\d+(?:[.,]\d+)*/g) ?? [];
export const wordsOf = (text: string): string[] => contentTokens(text);
