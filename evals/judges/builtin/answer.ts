import { judgeChoice } from './choice.ts';
import { analyzeClaim } from './claim.ts';
import { type Evidence, inWindow } from './evidence.ts';
import { analyzeQuestion } from './question.ts';
import type { Outcome, VerifyOptions } from './verify-claim.ts';
import { verifyClaim } from './verify-claim.ts';
import { judgeYesNo } from './yes-no.ts';

/**
 * Judges an answer in the light of its question. The answer as written must hold on its own (verifyClaim);
 * the question then adds what a short answer means: the option it picks, the yes/no proposition, and which of
 * its words are the answer's own point. The question never excuses a claim's unsupported words.
 */
export function judgeAnswer(answer: string, question: string, ev: Evidence, opts: VerifyOptions): Outcome {
  const q = analyzeQuestion(question);
  const yn = /^\s*(yes|no)\b[\s,.;:!-]*/i.exec(answer);
  if (q.kind === 'yesno' && yn) {
    const polar = judgeYesNo(yn[1]!.toLowerCase() === 'yes', q, ev);
    const rest = answer.slice(yn[0].length);
    if (polar.verdict !== 'supported' || !/\p{L}/u.test(rest)) return polar;
    return verifyClaim(analyzeClaim(rest), ev, opts);
  }
  const claim = analyzeClaim(answer);
  const own = verifyClaim(claim, ev, opts);
  if (own.verdict !== 'supported') return own;
  if (q.kind === 'choice') return judgeChoice(q, claim, ev) ?? own;

  const qRoots = new Set(q.doc.toks.map((t) => t.root));
  const novel = claim.terms.filter((t) => !qRoots.has(t.root));
  // "Between X and Y, who is older?" is a choice without an "or": an answer naming X or Y is a pick.
  if (!novel.length && q.pair.length === 2) return judgeChoice(q, claim, ev, q.pair) ?? own;
  // What the answer adds to the question is its point: none of it may be missing, whatever the slack.
  const lost = own.window ? novel.filter((t) => !inWindow(ev, own.window!, t)) : [];
  if (lost.length)
    return {
      ...own,
      verdict: 'not_found',
      score: 0.3,
      reason: `not in the passage: ${lost.map((t) => claim.doc.toks[t.tok]!.text).join(', ')}`,
    };
  return own;
}
