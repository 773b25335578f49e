import { CJK_CHAR } from '../../src/text/index.ts';

/**
 * SQuAD's answer normalisation: lower case, punctuation (Chinese full-width punctuation included: 《》，。、)
 * and the articles a/an/the removed, full-width forms folded (NFKC), whitespace collapsed.
 */
export function normalizeAnswer(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Tokens as the CMRC 2018 script segments mixed text: each CJK character is a token, and a run of other
 * characters inside a CJK word ("NBA球员", "1994年") stays one token, so "NBA" and "1994" match as in English.
 */
export function answerTokens(s: string): string[] {
  return normalizeAnswer(s)
    .split(' ')
    .flatMap((w) => (!w ? [] : CJK_CHAR.test(w) ? (w.match(MIXED_TOKEN) ?? []) : [w]));
}

const MIXED_TOKEN = new RegExp(`${CJK_CHAR.source}|(?:(?!${CJK_CHAR.source}).)+`, 'gu');

const golds = (g: string | readonly string[]) => (typeof g === 'string' ? [g] : [...g]);
const best = (g: string | readonly string[], f: (gold: string) => number) => Math.max(0, ...golds(g).map(f));

/** 1 when the prediction equals a gold answer after normalisation. */
export const exactMatch = (pred: string, gold: string | readonly string[]): number =>
  best(gold, (g) => (answerTokens(pred).join(' ') === answerTokens(g).join(' ') ? 1 : 0));

/** Token F1 (bag of tokens, SQuAD), the best over gold answers. */
export function tokenF1(pred: string, gold: string | readonly string[]): number {
  return best(gold, (g) => {
    const p = answerTokens(pred);
    const t = answerTokens(g);
    if (!p.length || !t.length) return p.length === t.length ? 1 : 0;
    const counts = new Map<string, number>();
    for (const x of t) counts.set(x, (counts.get(x) ?? 0) + 1);
    let common = 0;
    for (const x of p) {
      const n = counts.get(x) ?? 0;
      if (n > 0) {
        common++;
        counts.set(x, n - 1);
      }
    }
    if (!common) return 0;
    const precision = common / p.length;
    const recall = common / t.length;
    return (2 * precision * recall) / (precision + recall);
  });
}

/** 1 when a gold answer's tokens occur contiguously in the prediction: long answers that contain the fact. */
export const containsAnswer = (pred: string, gold: string | readonly string[]): number =>
  best(gold, (g) => {
    const p = answerTokens(pred);
    const t = answerTokens(g);
    if (!t.length) return 0;
    for (let i = 0; i + t.length <= p.length; i++) if (t.every((x, j) => p[i + j] === x)) return 1;
    return 0;
  });
