import type { QueryResponse } from '../../agent/types.ts';

/** Identity of one completion, shared by every chunk of a stream. */
export type CompletionMeta = { id: string; created: number; model: string };

export const newCompletionId = (): string => `chatcmpl-${crypto.randomUUID().replaceAll('-', '')}`;

export const openAiUsage = (r: QueryResponse) => ({
  prompt_tokens: r.usage.input_tokens,
  completion_tokens: r.usage.output_tokens,
  total_tokens: r.usage.total_tokens,
});

/**
 * Our extra fields. Standard clients ignore unknown fields; programs read the citations (the same objects as
 * /v1/query) and the run id, which names the trace at /v1/traces/<run_id>.
 */
export const groundedFields = (r: QueryResponse) => ({
  citations: r.citations,
  grounded: {
    run_id: r.run_id,
    status: r.status,
    refusal_reason: r.refusal_reason ?? null,
    stop_reason: r.stop_reason,
    question: r.question,
  },
});

/** The non-streaming reply: `chat.completion` with the extra fields on the message and at the top level. */
export function completionObject(meta: CompletionMeta, content: string, r: QueryResponse) {
  const extra = groundedFields(r);
  return {
    id: meta.id,
    object: 'chat.completion' as const,
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant' as const, content, refusal: null, ...extra },
        logprobs: null,
        // A refusal is a normal answer saying what was missing, so it stops like any other.
        finish_reason: 'stop' as const,
      },
    ],
    usage: openAiUsage(r),
    ...extra,
  };
}

/** One `chat.completion.chunk`. With `include_usage`, OpenAI sends `usage: null` on every chunk but the last. */
export function chunkObject(
  meta: CompletionMeta,
  choice: { delta: Record<string, unknown>; finish_reason: 'stop' | null } | undefined,
  opts: { includeUsage: boolean; usage?: ReturnType<typeof openAiUsage>; extra?: Record<string, unknown> },
) {
  return {
    id: meta.id,
    object: 'chat.completion.chunk' as const,
    created: meta.created,
    model: meta.model,
    choices: choice ? [{ index: 0, delta: choice.delta, logprobs: null, finish_reason: choice.finish_reason }] : [],
    ...(opts.includeUsage ? { usage: opts.usage ?? null } : {}),
    ...opts.extra,
  };
}
