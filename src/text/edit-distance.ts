/** Levenshtein distance of two strings, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A spelling variant of a word among others: one edit away for words of 7+ letters, two for 10+ ("Brittish" /
 * "British", "chenodeosycholic" / "chenodeoxycholic"), or an abbreviation of 5+ letters that starts a longer word
 * ("leuko" / "leukocyte"). Shorter words must match exactly ("rsync" is not "async"), but for two neighbouring
 * letters typed the other way round ("paly" for "play"). A typo keeps the first letter: "Zstandard" is not
 * "standard".
 */
export function variantOf(word: string, candidates: Iterable<string>): string | undefined {
  const max = word.length >= 10 ? 2 : word.length >= 7 ? 1 : 0;
  for (const c of candidates) {
    if (c === word) return c;
    if (c[0] !== word[0]) continue;
    if (max > 0 && editDistance(word, c, max) <= max) return c;
    if (word.length >= 4 && swappedLetters(word, c)) return c;
    if (word.length >= 5 && c.length > word.length + 2 && c.startsWith(word)) return c;
  }
  return undefined;
}

/** Whether two words differ only by two neighbouring letters in the other order. */
export function swappedLetters(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}
