import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '../config.ts';
import { tracingFetch } from '../trace/request-context.ts';

/**
 * A chat model behind any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server). Calls made for a
 * request carry its W3C `traceparent`.
 */
export function createChatModel(
  config: Pick<Config, 'GROUNDED_LLM_BASE_URL' | 'GROUNDED_LLM_MODEL' | 'GROUNDED_LLM_API_KEY'>,
): LanguageModel {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.GROUNDED_LLM_BASE_URL!,
    apiKey: config.GROUNDED_LLM_API_KEY,
    supportsStructuredOutputs: true,
    fetch: tracingFetch(),
  });
  return provider.chatModel(config.GROUNDED_LLM_MODEL!);
}
