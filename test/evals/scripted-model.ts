import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/** A chat model that replies with the given texts in order and records every call's prompt. */
export function scriptedModel(replies: string[]) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model = new MockLanguageModelV3({
    modelId: 'scripted',
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      calls.push(options);
      const text = replies[calls.length - 1];
      if (text === undefined) throw new Error(`unexpected call #${calls.length}`);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 5, text: 5, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** All text of a recorded call's prompt, system and user parts together. */
export const promptText = (call: LanguageModelV3CallOptions): string =>
  call.prompt
    .map((m) =>
      typeof m.content === 'string' ? m.content : m.content.map((p) => ('text' in p ? p.text : '')).join(''),
    )
    .join('\n');
