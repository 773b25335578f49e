import { countTokens, PARAGRAPH_BREAK, splitSentences } from '../src/text/index.ts';

/** A sentence, or a piece of a sentence too long to fit a chunk, as a [start, end) span with its token count. */
export type Unit = { start: number; end: number; tokens: number; whole: boolean };

const PARAGRAPH_BREAKS = new RegExp(PARAGRAPH_BREAK, 'g');
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';
// CJK characters one by one, runs of other letters/digits (words), runs of punctuation (no tokens).
const ATOM = new RegExp(`([${CJK}])|((?:(?![${CJK}])[\\p{L}\\p{N}])+)|[^\\s\\p{L}\\p{N}]+`, 'gu');

const ASCII = /^[\x00-\x7f]*$/;

/**
 * countTokens, with a fast path for ASCII text (most sentences of English corpora): there normalisation and
 * lowercasing change nothing and words are runs of [A-Za-z0-9], so counting runs gives the same number.
 */
export function sentenceTokens(s: string): number {
  if (!ASCII.test(s)) return countTokens(s);
  let words = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (alnum && !inWord) words++;
    inWord = alnum;
  }
  return Math.ceil(words * 1.3);
}

/** The paragraphs of text[start, end), each as its sentence units. */
export function paragraphUnits(text: string, start: number, end: number, maxTokens: number): Unit[][] {
  const out: Unit[][] = [];
  const body = text.slice(start, end);
  let from = 0;
  const add = (a: number, b: number) => {
    const units: Unit[] = [];
    for (const s of splitSentences(body.slice(a, b), start + a)) {
      const tokens = sentenceTokens(text.slice(s.start, s.end));
      if (tokens <= maxTokens) units.push({ ...s, tokens, whole: true });
      else units.push(...fragments(text, s.start, s.end, maxTokens));
    }
    if (units.length > 0) out.push(units);
  };
  for (const m of body.matchAll(PARAGRAPH_BREAKS)) {
    add(from, m.index);
    from = m.index + m[0].length;
  }
  add(from, body.length);
  return out;
}

/**
 * A sentence longer than a chunk, cut between words (or between CJK characters) into pieces that fit. Token
 * counts follow countTokens: one per CJK character, 1.3 per other word, rounded up.
 */
export function fragments(text: string, start: number, end: number, maxTokens: number): Unit[] {
  const out: Unit[] = [];
  let cur: { start: number; end: number; cjk: number; words: number } | undefined;
  const cost = (c: { cjk: number; words: number }) => c.cjk + Math.ceil(c.words * 1.3);
  const sentence = text.slice(start, end);
  for (const m of sentence.matchAll(ATOM)) {
    const a = start + m.index;
    const b = a + m[0].length;
    const cjk = m[1] ? 1 : 0;
    const words = m[2] ? 1 : 0;
    if (cur && cost({ cjk: cur.cjk + cjk, words: cur.words + words }) > maxTokens) {
      out.push({ start: cur.start, end: cur.end, tokens: cost(cur), whole: false });
      cur = undefined;
    }
    if (!cur) cur = { start: a, end: b, cjk, words };
    else Object.assign(cur, { end: b, cjk: cur.cjk + cjk, words: cur.words + words });
  }
  if (cur) out.push({ start: cur.start, end: cur.end, tokens: cost(cur), whole: false });
  return out;
}
