import { countTokens } from '../../../text/index.ts';
import type { Evidence } from '../../types.ts';
import type { Reasoner } from '../types.ts';
import { composeExtractive } from './compose.ts';
import { condenseTurns } from './condense.ts';
import { gradeEvidence } from './grade.ts';
import { rewriteQuestion } from './rewrite.ts';
import { verifyClaims } from './verify.ts';

/** What grading and composing read: the best five chunks. */
const evidenceTokens = (evidence: readonly Evidence[]): number =>
  countTokens(
    evidence
      .slice(0, 5)
      .map((e) => e.text)
      .join('\n'),
  );

/**
 * The offline, deterministic reasoner. It "reads" what a model would read, and reports those approximate tokens
 * so token budgets mean the same with either reasoner.
 */
export function createBuiltinReasoner(): Reasoner {
  return {
    id: 'builtin',
    async condense(history, question, ctx) {
      ctx.usage(countTokens(history.map((t) => t.content).join('\n') + question), 0);
      return condenseTurns(history, question);
    },
    async rewrite(question, ctx) {
      ctx.usage(countTokens(question), 0);
      return rewriteQuestion(question);
    },
    async grade(input, ctx) {
      ctx.usage(evidenceTokens(input.evidence), 0);
      return gradeEvidence(input);
    },
    async compose(input, ctx) {
      const text = composeExtractive(input.question, input.evidence);
      ctx.usage(evidenceTokens(input.evidence), countTokens(text));
      return text;
    },
    async verify(input, ctx) {
      ctx.usage(countTokens(input.claims.map((c) => c.text).join('\n')), 0);
      return verifyClaims(input.claims, input.evidence);
    },
  };
}
