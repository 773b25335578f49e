import { CJK_CHAR, isStopWord, splitSentences, stem } from '../../../src/text/index.ts';
import { IRREGULAR, NUMBER_WORDS } from './lexicon.ts';

/** A token that keeps what lexical judging needs: case (names), value (numbers), and the text before it. */
export type Tok = {
  text: string;
  /** Lower-cased, accents folded, stemmed: the form compared for equality. */
  root: string;
  /** Numeric value of digits, ordinals and number words; absent for other tokens. */
  num?: number;
  cap: boolean;
  stop: boolean;
  /** Index of the sentence holding the token; the first token of a sentence has `first`. */
  sent: number;
  first: boolean;
  /** Raw text between the previous token and this one: a comma there breaks a name. */
  gap: string;
  start: number;
};

export type Doc = { text: string; toks: Tok[]; sents: { from: number; to: number }[] };

// Digits with thousands separators or decimals first, so "208,800" and "3.5" stay whole (and "1903年" splits
// into 1903 and 年); then runs of CJK characters; then other words with inner apostrophes ("O'Brien", "didn't").
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';
const WORD = `(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`;
const TOKEN = new RegExp(
  `(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)(st|nd|rd|th|s)?(?![\\p{N}\\p{Script=Latin}])|[${CJK}]+|${WORD}(?:['’]${WORD})*`,
  'gu',
);
// Number words give their value as root ("million" → "1000000"), so scales are looked up by that.
const SCALE: Record<string, number> = { '1000': 1e3, '1000000': 1e6, '1000000000': 1e9 };

export const fold = (w: string): string => w.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Comparable form of a word: folded, irregular plurals mapped, stemmed, with a final "e"/"i" evened out. */
export function root(word: string): string {
  const w = fold(word).replace(/['’]/g, '');
  let s = stem(IRREGULAR.get(w) ?? w);
  if (s.length > 4 && s.endsWith('e')) s = s.slice(0, -1);
  if (s.length > 3 && s.endsWith('i')) s = `${s.slice(0, -1)}y`;
  return s;
}

// Knowledge snippets are often glued paragraphs ("...19th century.First for Women is..."): put the space back
// so the sentence splitter sees two sentences.
// "Glassroth v. Moore" is a case name, not a sentence end (same length, so offsets hold).
const unglue = (text: string): string =>
  text.replace(/(\p{Ll}{2}|\d|["”’)\]])\.(?=\p{Lu}\p{Ll})/gu, '$1. ').replace(/\b(v|vs)\. (?=\p{Lu})/gu, '$1  ');

export function analyze(raw: string): Doc {
  const text = unglue(raw);
  const spans = splitSentences(text);
  const toks: Tok[] = [];
  const sents: Doc['sents'] = [];
  for (const span of spans) {
    const sent = sents.length;
    const from = toks.length;
    let last = span.start;
    for (const m of text.slice(span.start, span.end).matchAll(TOKEN)) {
      const start = span.start + (m.index ?? 0);
      const gap = text.slice(last, start);
      last = start + m[0].length;
      for (const tok of toTokens(m, gap, start, sent, toks.length === from)) {
        const prev = toks[toks.length - 1];
        const scale = prev?.num !== undefined ? SCALE[tok.root] : undefined;
        // "5.2 million" is one quantity
        if (scale && prev?.num !== undefined && prev.sent === sent) {
          prev.num *= scale;
          prev.root = String(prev.num);
        } else toks.push(tok);
      }
    }
    if (toks.length > from) sents.push({ from, to: toks.length });
  }
  return { text, toks, sents };
}

type WordInfo = { text: string; root: string; num?: number; cap: boolean; stop: boolean; neg: boolean };

// Words repeat across passages and claims: their analysis is cached (a bounded map, cleared when full).
const WORDS = new Map<string, WordInfo>();

function wordInfo(word: string): WordInfo {
  const hit = WORDS.get(word);
  if (hit) return hit;
  const neg = /^(.+)n['’]t$/i.exec(word);
  const text = neg ? neg[1]! : word.replace(/['’]s$/i, '');
  const lower = fold(text);
  const num = NUMBER_WORDS.get(lower) ?? ordinal(lower);
  const info: WordInfo = {
    text,
    root: num !== undefined ? String(num) : root(text),
    ...(num !== undefined ? { num } : {}),
    cap: /^\p{Lu}/u.test(text),
    stop: isStopWord(lower),
    neg: neg !== null,
  };
  if (WORDS.size > 50_000) WORDS.clear();
  WORDS.set(word, info);
  return info;
}

function toTokens(m: RegExpMatchArray, gap: string, start: number, sent: number, first: boolean): Tok[] {
  const base = { sent, first, gap, start };
  if (m[1] !== undefined) {
    const num = Number(m[1].replace(/,/g, ''));
    return [{ ...base, text: m[0], root: String(num), num, cap: false, stop: false }];
  }
  const word = m[0];
  if (CJK_CHAR.test(word)) return cjkTokens(word, base);
  const info = wordInfo(word);
  const tok: Tok = { text: info.text, root: info.root, cap: info.cap, stop: info.stop, sent, first, gap, start };
  if (info.num !== undefined) tok.num = info.num;
  const out: Tok[] = [tok];
  if (info.neg) out.push({ ...base, first: false, gap: '', text: "n't", root: "n't", cap: false, stop: false });
  return out;
}

const ordinal = (w: string): number | undefined => {
  const m = /^(\d+)(st|nd|rd|th)$/.exec(w);
  return m ? Number(m[1]) : undefined;
};

// Chinese has no spaces: overlapping character bigrams are the matching unit, as in src/text `terms`.
function cjkTokens(word: string, base: Pick<Tok, 'sent' | 'first' | 'gap' | 'start'>): Tok[] {
  const chars = [...word].filter((c) => CJK_CHAR.test(c));
  const grams = chars.length < 2 ? chars : chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
  return grams.map((g, i) => ({
    ...base,
    first: base.first && i === 0,
    gap: i ? '' : base.gap,
    text: g,
    root: g,
    cap: false,
    stop: false,
  }));
}

/** Content tokens: not stop words; single letters only as capitals ("F.E.A.R.", "R&B"), never as stray "s". */
export const isContent = (t: Tok): boolean => !t.stop && (t.root.length > 1 || t.num !== undefined || t.cap);
