import { ENGLISH_STEMS } from './english-words.ts';
import { stem } from './tokenize.ts';

let stems: ReadonlySet<string> | undefined;

/** Whether a (lower-case) word is ordinary English: its light stem is in the bundled SCOWL list. */
export function isEnglishWord(word: string): boolean {
  stems ??= new Set(ENGLISH_STEMS.split(' '));
  const w = word.toLowerCase();
  return stems.has(stem(w)) || stems.has(w);
}
