const SEED_CHAR = 0x9e3779b9;
const LT = 0x3c; // '<'
const GT = 0x3e; // '>'

/**
 * Hashes of the character 3..5-grams of `<word>` (padded with `<` and `>`), straight from char codes (no
 * substrings), into `out` from `at`; returns the index after the last one written. `out` needs room for
 * 3 × (length + 2) − 9 hashes. The builtin embedder and the lexicon's gram table hash grams with this one function.
 */
export function charGrams(word: string, out: Uint32Array, at = 0): number {
  const len = word.length + 2;
  const code = (i: number) => (i === 0 ? LT : i === len - 1 ? GT : word.charCodeAt(i - 1));
  let n = at;
  for (let j = 0; j + 3 <= len; j++) {
    let h = SEED_CHAR;
    for (let k = j; k < j + 5 && k < len; k++) {
      h = Math.imul(h ^ code(k), 0x01000193);
      if (k - j >= 2) out[n++] = (h ^ (k - j)) >>> 0;
    }
  }
  return n;
}

/** How many grams `charGrams` writes for a word of this length. */
export const charGramCount = (length: number): number => Math.max(0, 3 * (length + 2) - 9);
