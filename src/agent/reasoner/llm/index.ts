import type { LanguageModel } from 'ai';
import type { Reasoner } from '../types.ts';
import { decideWithModel } from './decide.ts';
import { composePrompt, condensePrompt, gradePrompt, rewritePrompt, SYSTEM, verifyPrompt } from './prompts.ts';
import { ComposeOut, CondenseOut, GradeOut, RewriteOut, VerifyOut } from './schemas.ts';

export { ReasonerOutputError } from './decide.ts';

/** The same decisions as the builtin reasoner, made by any chat model through the AI SDK, with typed outputs. */
export function createLlmReasoner(model: LanguageModel): Reasoner {
  const id = typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;
  return {
    id: `llm:${id}`,
    async condense(history, question, ctx) {
      const r = await decideWithModel(
        model,
        { decision: 'condense', system: SYSTEM, prompt: condensePrompt(history, question), schema: CondenseOut },
        ctx,
      );
      return r.question;
    },
    async rewrite(question, ctx) {
      return decideWithModel(
        model,
        { decision: 'rewrite', system: SYSTEM, prompt: rewritePrompt(question), schema: RewriteOut },
        ctx,
      );
    },
    async grade(input, ctx) {
      const r = await decideWithModel(
        model,
        { decision: 'grade', system: SYSTEM, prompt: gradePrompt(input), schema: GradeOut },
        ctx,
      );
      const subqueries = r.subquestions.map((s) => ({ query: s.query, covered: s.covered, score: s.covered ? 1 : 0 }));
      const coverage = subqueries.length
        ? subqueries.filter((s) => s.covered).length / subqueries.length
        : r.action === 'answer'
          ? 1
          : 0;
      const action =
        r.action === 'search' && r.query
          ? { type: 'search' as const, query: r.query }
          : r.action === 'switch_source' && r.source
            ? { type: 'switch_source' as const, source: r.source }
            : r.action === 'switch_mode' && r.mode
              ? { type: 'switch_mode' as const, mode: r.mode }
              : r.action === 'refuse'
                ? { type: 'refuse' as const, reason: r.refusal_reason ?? 'insufficient_coverage' }
                : r.action === 'hop'
                  ? { type: 'hop' as const }
                  : { type: 'answer' as const };
      // A decision the loop cannot carry out is a failed step: the loop records it and grades with the builtin reasoner.
      if (action.type === 'switch_source' && !input.untriedSources.includes(action.source))
        throw new Error(
          `model chose to switch to source ${JSON.stringify(action.source)}, which is not an untried source`,
        );
      if (action.type === 'hop' && !input.canHop)
        throw new Error('model chose to hop, which this source does not offer');
      if (action.type === 'switch_mode' && !input.untriedModes.includes(action.mode))
        throw new Error(`model chose retrieval mode ${action.mode}, which is not an untried mode`);
      return { coverage, subqueries, action, reason: r.reason };
    },
    async compose(input, ctx) {
      const r = await decideWithModel(
        model,
        {
          decision: 'compose',
          system: SYSTEM,
          prompt: composePrompt(input.question, input.evidence),
          schema: ComposeOut,
        },
        ctx,
      );
      return r.answer;
    },
    async verify(input, ctx) {
      const r = await decideWithModel(
        model,
        { decision: 'verify', system: SYSTEM, prompt: verifyPrompt(input.claims, input.evidence), schema: VerifyOut },
        ctx,
      );
      return input.claims.map((c, i) => {
        const v = r.verdicts.find((x) => x.claim === i);
        return v
          ? { supported: v.supported, cites: v.cites.length ? v.cites : c.cites, reason: 'model verdict' }
          : { supported: false, cites: c.cites, reason: 'model gave no verdict' };
      });
    },
  };
}
