import type { Judge, JudgeContext, Judgement } from '../types.ts';
import { judgeAnswer } from './answer.ts';
import { analyzeClaim } from './claim.ts';
import { buildEvidence } from './evidence.ts';
import { type VerifyOptions, verifyClaim } from './verify-claim.ts';

export type BuiltinJudgeOptions = VerifyOptions;

/** The offline judge: deterministic lexical checks, no model. */
export function createBuiltinJudge(opts: BuiltinJudgeOptions = {}): Judge {
  return {
    id: 'builtin',
    async judge(claim: string, passages: string[], signal?: AbortSignal, context?: JudgeContext): Promise<Judgement> {
      signal?.throwIfAborted();
      return judgeSync(claim, passages, context, opts);
    },
  };
}

export function judgeSync(
  claim: string,
  passages: readonly string[],
  context: JudgeContext = {},
  opts: BuiltinJudgeOptions = {},
): Judgement {
  const ev = buildEvidence(passages);
  const out = context.question?.trim()
    ? judgeAnswer(claim, context.question, ev, opts)
    : verifyClaim(analyzeClaim(claim), ev, opts);
  const { verdict, score, passage, reason } = out;
  return passage === undefined ? { verdict, score, reason } : { verdict, score, passage, reason };
}
