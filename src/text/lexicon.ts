import { ENGLISH_STEMS } from './english-words.ts';
import { stem } from './tokenize.ts';

let stems: ReadonlySet<string> | undefined;

/**
 * British spellings the American list spells otherwise: colour, favourite, organise, analyse, centre, centred,
 * fibre, catalogue, defence, chequered, mould, sceptical, aluminium, fulfil, enrolment. "ae" and "oe" are left out
 * (paediatric): too many names hold them ("oembed", "VAERS", "loess" would read as "embed", "vers", "less").
 */
const BRITISH: [RegExp, string][] = [
  [/our(s|ed|ing|ful|ite|ites|able|ably|al|less|er|ers)?$/, 'or$1'],
  [/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1'],
  [/ys(e|es|ed|ing|er|ers)$/, 'yz$1'],
  [/([tb])re(s?)$/, '$1er$2'],
  [/([tb])red$/, '$1ered'],
  [/ogue(s)?$/, 'og$1'],
  [/ence(s)?$/, 'ense$1'],
  [/^cheque(s)?$/, 'check$1'],
  [/^chequer/, 'checker'],
  [/ould(s|ed|ing|er|y)?$/, 'old$1'],
  [/^sce(p)/, 'ske$1'],
  [/inium$/, 'inum'],
  [/([aeiou])l(s|ment|ments)?$/, '$1ll$2'],
];

/** The word spelled the American way: every rule that applies, in order. */
const american = (w: string): string => BRITISH.reduce((x, [re, to]) => x.replace(re, to), w);

/** Whether a (lower-case) word is ordinary English: its light stem is in the bundled SCOWL list. */
export function isEnglishWord(word: string): boolean {
  stems ??= new Set(ENGLISH_STEMS.split(' '));
  const set = stems;
  const w = word.toLowerCase();
  const known = (x: string) => set.has(stem(x)) || set.has(x);
  if (known(w)) return true;
  // Five letters at least, so that no short name reads as a word ("AES" is not "es").
  return w.length >= 5 && (BRITISH.some(([re, to]) => re.test(w) && known(w.replace(re, to))) || known(american(w)));
}

/** Prefixes English makes new words with ("sub" + "folder", "re" + "index", "non" + "empty", "up" + "link"). */
const PREFIXES = 'sub re un non pre multi auto inter over under super co de dis mis semi micro meta self up down'.split(
  ' ',
);

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
