import type { Judge, JudgeContext, Judgement } from '../types.ts';
import { judgeAnswer } from './answer.ts';
import { analyzeClaim } from './claim.ts';
import { buildEvidence, type Evidence } from './evidence.ts';
import { type VerifyOptions, verifyClaim } from './verify-claim.ts';

export type BuiltinJudgeOptions = VerifyOptions;

/**
 * The offline judge: deterministic lexical checks, no model. A claim is read against windows of one sentence
 * (or two, when the second opens with a pronoun for the first's subject) and must have there:
 * - every name as a phrase and every number, else "not_found";
 * - its plain words, with a little slack for paraphrase (`slack`, 15% by default);
 * - the same polarity (scoped negation), the same direction ("increases" vs "decreases"), the same numbers
 *   of the same kind, and the same filler in a relation slot ("directed by X"), else "contradicted".
 * With a question as context, a short answer is read as the answer to it: yes/no by the question's proposition,
 * a pick between two options by their dates or by which option the passages tie to the predicate.
 * Measured (not assumed): see evals/judge-run.ts and the judge report.
 */
export function createBuiltinJudge(opts: BuiltinJudgeOptions = {}): Judge {
  // The claims of one answer are judged against the same chunks: analyse those once.
  const cache = new Map<string, Evidence>();
  const evidence = (passages: readonly string[]) => {
    const key = passages.join('\u0001');
    let ev = cache.get(key);
    if (!ev) {
      ev = buildEvidence(passages);
      if (cache.size >= 16) cache.delete(cache.keys().next().value!);
      cache.set(key, ev);
    }
    return ev;
  };
  return {
    id: 'builtin',
    async judge(claim: string, passages: string[], signal?: AbortSignal, context?: JudgeContext): Promise<Judgement> {
      signal?.throwIfAborted();
      return judgeWith(claim, evidence(passages), context, opts);
    },
  };
}

export function judgeSync(
  claim: string,
  passages: readonly string[],
  context: JudgeContext = {},
  opts: BuiltinJudgeOptions = {},
): Judgement {
  return judgeWith(claim, buildEvidence(passages), context, opts);
}

function judgeWith(claim: string, ev: Evidence, context: JudgeContext = {}, opts: BuiltinJudgeOptions = {}): Judgement {
  const out = context.question?.trim()
    ? judgeAnswer(claim, context.question, ev, opts)
    : verifyClaim(analyzeClaim(claim), ev, opts);
  const { verdict, score, passage, reason } = out;
  return passage === undefined ? { verdict, score, reason } : { verdict, score, passage, reason };
}
