import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import type { Judge, JudgeContext, Judgement } from './types.ts';

/** What the model must return; `passage` is 1-based as numbered in the prompt, null when none applies. */
export const LlmVerdict = z.object({
  verdict: z.enum(['supported', 'contradicted', 'not_found']),
  passage: z.number().int().min(1).nullable(),
  confidence: z.number().min(0).max(1),
  reason: z.string().min(1),
});
export type LlmVerdict = z.infer<typeof LlmVerdict>;

export type LlmJudgeOptions = {
  model: LanguageModel;
  id?: string;
  /** Cut each passage to this many characters so one long chunk cannot crowd out the rest. */
  maxPassageChars?: number;
  temperature?: number;
};

const SYSTEM = `You check one claim against numbered passages and nothing else: no outside knowledge.
- "supported": the passages state the claim or directly entail it.
- "contradicted": a passage states the opposite (negation, reversed direction such as increases vs decreases, a different number, date or name in the same role).
- "not_found": the passages neither state nor contradict it, including when only some of the claim is there.
A short answer is a claim in the context of its question: "Delhi" for "Which city?" claims the city is Delhi.
Reply with JSON only: {"verdict": ..., "passage": <number of the deciding passage or null>, "confidence": <0..1>, "reason": <one sentence>}.`;

export function buildJudgePrompt(
  claim: string,
  passages: readonly string[],
  context: JudgeContext = {},
  maxChars = 4000,
): string {
  const numbered = passages
    .map((p, i) => `[${i + 1}] ${p.length > maxChars ? `${p.slice(0, maxChars)}…` : p}`)
    .join('\n\n');
  const question = context.question ? `Question: ${context.question}\n` : '';
  return `Passages:\n${numbered || '(none)'}\n\n${question}Claim: ${claim}`;
}

/**
 * The same decision as the builtin judge, made by any chat model through the AI SDK. A reply that is not valid
 * JSON for the schema is sent back once with the parse error; a second failure is a "not_found" whose reason
 * says so, because an unreadable verdict must not count as support. Transport errors propagate.
 */
export function createLlmJudge(opts: LlmJudgeOptions): Judge {
  const id = opts.id ?? `llm:${typeof opts.model === 'string' ? opts.model : opts.model.modelId}`;
  return {
    id,
    async judge(claim: string, passages: string[], signal?: AbortSignal, context?: JudgeContext): Promise<Judgement> {
      const prompt = buildJudgePrompt(claim, passages, context, opts.maxPassageChars);
      let attempt = prompt;
      for (let tries = 0; tries < 2; tries++) {
        try {
          const { output } = await generateText({
            model: opts.model,
            system: SYSTEM,
            prompt: attempt,
            output: Output.object({ schema: LlmVerdict }),
            temperature: opts.temperature ?? 0,
            ...(signal ? { abortSignal: signal } : {}),
          });
          return toJudgement(output, passages.length);
        } catch (e) {
          if (!NoObjectGeneratedError.isInstance(e)) throw e;
          const problem = describe(e);
          if (tries === 1)
            return { verdict: 'not_found', score: 0, reason: `judge reply unusable after a retry: ${problem}` };
          attempt = `${prompt}\n\nYour previous reply could not be used (${problem}). It was:\n${e.text ?? '(empty)'}\nReply again with JSON only, matching the format exactly.`;
        }
      }
      throw new Error('unreachable');
    },
  };
}

function toJudgement(v: LlmVerdict, n: number): Judgement {
  const score = v.verdict === 'supported' ? 0.5 + v.confidence / 2 : (1 - v.confidence) / 2;
  const passage = v.passage !== null && v.passage <= n ? { passage: v.passage - 1 } : {};
  return { verdict: v.verdict, score, reason: v.reason, ...passage };
}

const describe = (e: NoObjectGeneratedError): string => {
  const cause = e.cause instanceof Error ? e.cause.message : '';
  return `${e.message}${cause ? ` ${cause}` : ''}`.replace(/\s+/g, ' ').slice(0, 500);
};
