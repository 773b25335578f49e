import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

export type ScriptedReply = string | { hang: true } | { error: Error };
export type RecordedCall = { decision: string; prompt: string; options: LanguageModelV3CallOptions };

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

const promptText = (o: LanguageModelV3CallOptions) =>
  o.prompt
    .map((m) =>
      typeof m.content === 'string' ? m.content : m.content.map((p) => ('text' in p ? p.text : '')).join(''),
    )
    .join('\n');

/**
 * A chat model that answers from a script, per decision (the structured-output name the reasoner asks for:
 * condense, rewrite, grade, compose, verify), and records every call so tests can check the prompts.
 * A reply may hang (until the call is aborted) or throw. A decision with no reply left is an error.
 */
export function scriptedModel(script: Record<string, ScriptedReply[]>, tokens = { input: 100, output: 20 }) {
  const calls: RecordedCall[] = [];
  const used: Record<string, number> = {};
  const model = new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'scripted-1',
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      const decision = options.responseFormat?.type === 'json' ? (options.responseFormat.name ?? 'unknown') : 'text';
      calls.push({ decision, prompt: promptText(options), options });
      const i = used[decision] ?? 0;
      used[decision] = i + 1;
      const reply = script[decision]?.[i];
      if (reply === undefined) throw new Error(`scripted model: no reply left for ${decision} (call #${i + 1})`);
      if (typeof reply === 'object' && 'hang' in reply)
        return new Promise((_, reject) =>
          options.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      if (typeof reply === 'object' && 'error' in reply) throw reply.error;
      return {
        content: [{ type: 'text', text: reply }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(tokens.input, tokens.output),
        warnings: [],
      };
    },
  });
  return { model, calls };
}
