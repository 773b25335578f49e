import { countTokens } from '../../../text/index.ts';
import type { Evidence } from '../../types.ts';
import type { Reasoner } from '../types.ts';
import { composeExtractive, HEARD_CHUNKS } from './compose.ts';
import { condenseTurns } from './condense.ts';
import { gradeEvidence } from './grade.ts';
import { rewriteQuestion } from './rewrite.ts';
import { verifyClaims } from './verify.ts';

/** What grading reads, the best five chunks, and composing, the best eight (the sixth to eighth only heard). */
const evidenceTokens = (evidence: readonly Evidence[], chunks: number): number =>
  countTokens(
    evidence
      .slice(0, chunks)
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
      ctx.usage(evidenceTokens(input.evidence, 5), 0);
      return gradeEvidence(input);
    },
    async compose(input, ctx) {
      const text = composeExtractive(input.question, input.evidence);
      ctx.usage(evidenceTokens(input.evidence, HEARD_CHUNKS), countTokens(text));
      return text;
    },
    async verify(input, ctx) {
      ctx.usage(countTokens(input.claims.map((c) => c.text).join('\n')), 0);
      return verifyClaims(input.claims, input.evidence);
    },
  };
}
