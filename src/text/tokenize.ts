import { CJK_CHAR } from './cjk.ts';
import { CJK_STOP_BIGRAMS, CJK_STOP_CHARS, STOP_WORDS } from './stopwords.ts';
import { splitUnits } from './units.ts';
import { mainlandVariant, toSimplifiedChars } from './zh-fold.ts';

/** A letter or digit of any script: what a word is made of. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Whether each BMP code unit is a word character, learnt on first sight (0: not yet known, 1: yes, 2: no). */
const WORD_UNITS = new Uint8Array(0x10000);

function isWordCode(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  if (c > 0xffff) return WORD_CHAR.test(String.fromCodePoint(c));
  let k = WORD_UNITS[c]!;
  if (k === 0) WORD_UNITS[c] = k = WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 2;
  return k === 1;
}

/** The code ranges of `CJK_CHAR`: kana, CJK ideographs and Hangul, all in the BMP. */
const isCjkCode = (c: number): boolean =>
  (c >= 0x3040 && c <= 0x30ff) ||
  (c >= 0x3400 && c <= 0x4dbf) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xf900 && c <= 0xfaff) ||
  (c >= 0xac00 && c <= 0xd7af);

/**
 * Words (lowercased runs of letters and digits of any script, so inner apostrophes and hyphens split them) and single
 * CJK characters, in order. Read code by code rather than by a Unicode regular expression: the hot path of lexical
 * matching (a chunk's terms on first sight): 1.6 times as fast on English text, twice on Chinese (`npm run bench
 * -- tokens`).
 */
export function tokens(text: string): string[] {
  const s = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  let start = -1;
  let cjk = false;
  const end = (at: number) => {
    if (!cjk) out.push(s.slice(start, at));
    else splitCjk(s.slice(start, at), out);
    start = -1;
  };
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i)!;
    if (isWordCode(c)) {
      if (start < 0) {
        start = i;
        cjk = false;
      }
      if (!cjk && isCjkCode(c)) cjk = true;
    } else if (start >= 0) end(i);
    i += c > 0xffff ? 2 : 1;
  }
  if (start >= 0) end(s.length);
  return out;
}

/** A run mixing CJK and Latin letters: CJK characters one by one, Latin parts whole. */
function splitCjk(w: string, out: string[]): void {
  let latin = '';
  for (const ch of w) {
    if (isCjkCode(ch.codePointAt(0)!)) {
      if (latin) out.push(latin);
      latin = '';
      out.push(ch);
    } else latin += ch;
  }
  if (latin) out.push(latin);
}

export const isCjkToken = (t: string): boolean => t.length === 1 && CJK_CHAR.test(t);

/** Tokens without stop words; CJK characters are kept (their bigrams carry meaning) unless function characters. */
export const contentTokens = (text: string): string[] =>
  tokens(text).filter((t) => (isCjkToken(t) ? !CJK_STOP_CHARS.has(t) : !STOP_WORDS.has(t)));

/** Light English stemmer (plural and common suffixes): enough to match "increases" with "increased". */
export function stem(w: string): string {
  if (w.length <= 3 || /\d/.test(w) || isCjkToken(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w;
  if (w.endsWith('ing') && w.length > 5) return undouble(w.slice(0, -3));
  if (w.endsWith('ed') && w.length > 4) return undouble(w.slice(0, -2));
  if (w.endsWith('es') && /(x|ch|sh|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

const undouble = (w: string): string => (/([^aeiouls])\1$/.test(w) ? w.slice(0, -1) : w.endsWith('e') ? w : w);

/**
 * Approximate token count: CJK characters count one each, other words about 1.3
 * (sub-word pieces of common tokenizers). Used for chunk sizes and budgets.
 */
export function countTokens(text: string): number {
  let cjk = 0;
  let words = 0;
  for (const t of tokens(text)) {
    if (isCjkToken(t)) cjk++;
    else words++;
  }
  return cjk + Math.ceil(words * 1.3);
}

/**
 * Terms for lexical matching: stemmed content words plus the character bigrams of each CJK run, in simplified
 * characters (and in the mainland's words for Taiwan's: both readings, or `asAsked` for a question's, the mainland's
 * only). A number and its unit are two terms however written ("32kb/s" as "32 kb/s"), as the full-text index
 * reads them.
 */
export function terms(text: string, asAsked = false): string[] {
  const out: string[] = [];
  for (const part of text.normalize('NFKC').split(CJK_SPLIT)) {
    if (!part) continue;
    if (!CJK_CHAR.test(part)) {
      for (const t of contentTokens(splitUnits(part))) out.push(stem(t));
      continue;
    }
    // In simplified characters, so either script matches the other; Taiwan's words also in the mainland's
    // (`mainlandVariant`), and a question's only so (`asAsked`): a passage holds both readings, and the question's
    // words are matched in the one the passage may use.
    const simple = toSimplifiedChars(part);
    const chars = [...simple];
    if (chars.length === 1) {
      if (!CJK_STOP_CHARS.has(simple)) out.push(simple);
      continue;
    }
    const variant = mainlandVariant(part);
    const pairs = variant && asAsked ? [] : cjkBigrams(chars);
    out.push(...pairs);
    if (variant) {
      const seen = new Set(pairs);
      for (const bi of cjkBigrams([...variant])) if (!seen.has(bi)) out.push(bi);
    }
  }
  return out;
}

/** The character pairs of a CJK run, less those of function characters only. */
function cjkBigrams(chars: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    const bi = chars[i]! + chars[i + 1]!;
    if (!CJK_STOP_BIGRAMS.has(bi)) out.push(bi);
  }
  return out;
}

const CJK_SPLIT = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)/u;
