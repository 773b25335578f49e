import { coverage, questionTerms, splitSentences, termSet } from '../../../text/index.ts';
import type { Evidence } from '../../types.ts';

const MAX_SENTENCES = 3;
const MAX_CHUNKS = 5;

type Candidate = { n: number; rank: number; text: string; score: number; pos: number };

/**
 * Extractive answer: the sentences of the best chunks that cover the most of the question, deduplicated,
 * each followed by the [n] of its chunk, ordered by chunk rank then position.
 */
export function composeExtractive(question: string, evidence: readonly Evidence[]): string {
  const q = questionTerms(question);
  const cands: Candidate[] = [];
  evidence.slice(0, MAX_CHUNKS).forEach((e, rank) => {
    for (const s of splitSentences(e.text)) {
      const text = e.text.slice(s.start, s.end);
      if (text.length < 12) continue;
      const score = coverage(q, termSet(text)) * (1 - rank * 0.08);
      cands.push({ n: e.n, rank, text, score, pos: s.start });
    }
  });
  cands.sort((a, b) => b.score - a.score);
  const best = cands[0]?.score ?? 0;
  if (best <= 0) return '';
  const chosen: Candidate[] = [];
  const take = (c: Candidate) => {
    if (chosen.length >= MAX_SENTENCES || c.score < best * 0.5 || chosen.includes(c)) return;
    const words = termSet(c.text);
    if (!chosen.some((k) => overlap(termSet(k.text), words) > 0.7)) chosen.push(c);
  };
  // The best sentence of each chunk first: a two-hop answer needs one sentence from each document.
  for (const n of new Set(cands.map((c) => c.n))) take(cands.find((c) => c.n === n)!);
  for (const c of cands) take(c);
  chosen.sort((a, b) => a.rank - b.rank || a.pos - b.pos);
  return chosen.map((c) => `${c.text.replace(/\s+/g, ' ').trim()} [${c.n}]`).join(' ');
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / Math.max(1, Math.min(a.size, b.size));
}
