import { ENGLISH_STEMS } from './english-words.ts';
import { stem } from './tokenize.ts';

let stems: ReadonlySet<string> | undefined;

/** British spellings the American list spells otherwise: colour, organise, organisation, analyse, centre. */
const BRITISH: [RegExp, string][] = [
  [/our(s|ed|ing|ful)?$/, 'or$1'],
  [/is(e|es|ed|ing|ation|ations)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/tre(s)?$/, 'ter$1'],
  [/ogue(s)?$/, 'og$1'],
];

/** Whether a (lower-case) word is ordinary English: its light stem is in the bundled SCOWL list. */
export function isEnglishWord(word: string): boolean {
  stems ??= new Set(ENGLISH_STEMS.split(' '));
  const set = stems;
  const w = word.toLowerCase();
  const known = (x: string) => set.has(stem(x)) || set.has(x);
  return known(w) || BRITISH.some(([re, to]) => re.test(w) && known(w.replace(re, to)));
}

/** Prefixes English makes new words with ("sub" + "folder", "re" + "index", "non" + "empty"). */
const PREFIXES = 'sub re un non pre multi auto inter over under super co de dis mis semi micro meta self'.split(' ');

/**
 * Whether a lower-case word is a prefix written apart, as in "multi-process", "re-read", "per-VM" or "post-install":
 * those above and some English uses only with a hyphen.
 */
export const isPrefix = (word: string): boolean => SEPARATE_PREFIXES.has(word);
const SEPARATE_PREFIXES = new Set([
  ...PREFIXES,
  ...'per post anti cross mid ex bi tri quasi pseudo ultra hyper'.split(' '),
]);

/**
 * Whether a lower-case word is an ordinary English word with a prefix English makes words with ("subfolder",
 * "reindex", "nonempty", "multiline"): everyday vocabulary the word list lacks, not a name the question brings.
 */
export function isPrefixedWord(word: string): boolean {
  if (!/^[a-z]{6,}$/.test(word)) return false;
  return PREFIXES.some((p) => word.startsWith(p) && word.length - p.length >= 4 && isEnglishWord(word.slice(p.length)));
}
