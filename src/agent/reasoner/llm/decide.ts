import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import type { z } from 'zod';
import type { ReasonerContext } from '../types.ts';

export class ReasonerOutputError extends Error {
  constructor(
    readonly decision: string,
    readonly raw: string | undefined,
    cause: unknown,
  ) {
    super(
      `model output for ${decision} was not valid twice: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'ReasonerOutputError';
  }
}

type Message = { role: 'user' | 'assistant'; content: string };

/**
 * Ask the model for one typed decision. A malformed output is fed back once with the parse error; a second
 * failure throws ReasonerOutputError, and the loop records it and falls back to the builtin decision.
 */
export async function decideWithModel<S extends z.ZodType>(
  model: LanguageModel,
  req: { decision: string; system: string; prompt: string; schema: S },
  ctx: ReasonerContext,
): Promise<z.infer<S>> {
  const messages: Message[] = [{ role: 'user', content: req.prompt }];
  let last: unknown;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const r = await generateText({
        model,
        system: req.system,
        messages,
        output: Output.object({ schema: req.schema, name: req.decision }),
        abortSignal: ctx.signal,
        maxRetries: 0,
      });
      ctx.usage(r.usage.inputTokens ?? 0, r.usage.outputTokens ?? 0);
      ctx.llm?.({ decision: req.decision, raw: r.text, parsed: r.output, attempt });
      return r.output as z.infer<S>;
    } catch (e) {
      if (!NoObjectGeneratedError.isInstance(e)) throw e;
      last = e;
      ctx.usage(e.usage?.inputTokens ?? 0, e.usage?.outputTokens ?? 0);
      ctx.llm?.({ decision: req.decision, raw: e.text, error: e.message, attempt });
      messages.push(
        { role: 'assistant', content: e.text ?? '' },
        {
          role: 'user',
          content: `That reply was not valid (${e.cause instanceof Error ? e.cause.message : e.message}). Reply again with only a JSON object matching the schema.`,
        },
      );
    }
  }
  throw new ReasonerOutputError(req.decision, (last as NoObjectGeneratedError).text, last);
}
