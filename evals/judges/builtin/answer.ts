import { judgeChoice } from './choice.ts';
import { analyzeClaim } from './claim.ts';
import type { Evidence } from './evidence.ts';
import { analyzeQuestion } from './question.ts';
import type { Outcome, VerifyOptions } from './verify-claim.ts';
import { verifyClaim } from './verify-claim.ts';
import { judgeYesNo } from './yes-no.ts';

/**
 * Judges an answer in the light of its question. The answer as written must hold on its own (verifyClaim);
 * the question then adds what a short answer means: the option it picks, or the yes/no proposition. The question never excuses a claim's unsupported words.
 */
export function judgeAnswer(answer: string, question: string, ev: Evidence, opts: VerifyOptions): Outcome {
  const q = analyzeQuestion(question);
  // "No, ..." or a bare "yes" answers the question; "No association was found" is a statement.
  const yn = /^\s*(yes|no)(?:\s*[,.;:!—–-]+\s*|\s*$)/i.exec(answer);
  if (q.kind === 'yesno' && yn) {
    const polar = judgeYesNo(yn[1]!.toLowerCase() === 'yes', q, ev);
    const rest = answer.slice(yn[0].length);
    if (polar.verdict !== 'supported' || !/\p{L}/u.test(rest)) return polar;
    return verifyClaim(analyzeClaim(rest), ev, opts);
  }
  const claim = analyzeClaim(answer);
  const own = verifyClaim(claim, ev, opts);
  if (own.verdict !== 'supported') return own;
  const qRoots = new Set(q.doc.toks.map((t) => t.root));
  // A pick names an option and says nothing the question did not ("First for Women was started first"); a
  // sentence that merely mentions an option ("X was formed in 2006 by ...") is a claim of its own.
  const pick = claim.terms.every((t) => t.kind !== 'word' || qRoots.has(t.root));
  if (pick && q.kind === 'choice') return judgeChoice(q, claim, ev) ?? own;
  // "Between X and Y, who is older?" is a choice without an "or".
  const novel = claim.terms.filter((t) => !qRoots.has(t.root));
  if (pick && !novel.length && q.pair.length === 2) return judgeChoice(q, claim, ev, q.pair) ?? own;
  return own;
}
