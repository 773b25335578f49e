import { CJK_CHAR } from './cjk.ts';
import { CJK_STOP_BIGRAMS, CJK_STOP_CHARS, STOP_WORDS } from './stopwords.ts';
import { splitUnits } from './units.ts';

/** Words (lowercased letters/digits, inner apostrophes and hyphens dropped) and single CJK characters, in order. */
const TOKEN = /[\p{L}\p{N}]+/gu;

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    const w = m[0];
    if (!CJK_CHAR.test(w)) {
      out.push(w);
      continue;
    }
    // A run mixing CJK and Latin letters: CJK characters one by one, Latin parts whole.
    let latin = '';
    for (const ch of w) {
      if (CJK_CHAR.test(ch)) {
        if (latin) out.push(latin);
        latin = '';
        out.push(ch);
      } else latin += ch;
    }
    if (latin) out.push(latin);
  }
  return out;
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
 * Terms for lexical matching: stemmed content words plus the character bigrams of each CJK run. A number and its unit
 * are two terms however written ("32kb/s" as "32 kb/s"), as the full-text index reads them.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const part of text.normalize('NFKC').split(CJK_SPLIT)) {
    if (!part) continue;
    if (!CJK_CHAR.test(part)) {
      for (const t of contentTokens(splitUnits(part))) out.push(stem(t));
      continue;
    }
    const chars = [...part];
    if (chars.length === 1) {
      if (!CJK_STOP_CHARS.has(part)) out.push(part);
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) {
      const bi = chars[i]! + chars[i + 1]!;
      if (!CJK_STOP_BIGRAMS.has(bi)) out.push(bi);
    }
  }
  return out;
}

const CJK_SPLIT = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)/u;
