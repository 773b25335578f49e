import type { ReplyEnd } from './reply.ts';

/** Identity of one completion, shared by every chunk of a stream. */
export type CompletionMeta = { id: string; created: number; model: string };

export const newCompletionId = (): string => `chatcmpl-${crypto.randomUUID().replaceAll('-', '')}`;

export const openAiUsage = (end: ReplyEnd) => ({
  prompt_tokens: end.usage.input,
  completion_tokens: end.usage.output,
  total_tokens: end.usage.input + end.usage.output,
});

/**
 * Our extra fields. Standard clients ignore unknown fields; programs read the citations (the same objects as
 * /v1/query) and the run id, which names the trace at /v1/traces/<run_id>. `notes` says what was dropped from the
 * request (image parts); `task` names a frontend chore answered without the agent (then there is no run).
 */
export const groundedFields = (end: ReplyEnd) => ({
  citations: end.citations,
  grounded: {
    run_id: end.response?.run_id ?? null,
    status: end.response?.status ?? null,
    refusal_reason: end.response?.refusal_reason ?? null,
    stop_reason: end.response?.stop_reason ?? null,
    question: end.response?.question ?? null,
    notes: end.notes,
    task: end.housekeeping ?? null,
  },
});

/** The non-streaming reply: `chat.completion` with the extra fields on the message and at the top level. */
export function completionObject(meta: CompletionMeta, end: ReplyEnd) {
  const extra = groundedFields(end);
  return {
    id: meta.id,
    object: 'chat.completion' as const,
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant' as const,
          content: end.content,
          refusal: null,
          ...(end.reasoning ? { reasoning_content: end.reasoning } : {}),
          ...extra,
        },
        logprobs: null,
        // A refusal is a normal answer saying what was missing, so it stops like any other.
        finish_reason: end.finish,
      },
    ],
    usage: openAiUsage(end),
    ...extra,
  };
}

/** One `chat.completion.chunk`. With `include_usage`, OpenAI sends `usage: null` on every chunk but the last. */
export function chunkObject(
  meta: CompletionMeta,
  choice: { delta: Record<string, unknown>; finish_reason: 'stop' | 'length' | null } | undefined,
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
