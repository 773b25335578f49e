import type { Citation } from '../../agent/types.ts';
import { groundedFields } from '../chat/openai-shapes.ts';
import type { ReplyEnd } from '../chat/reply.ts';
import { sourceLine } from '../chat/sources-list.ts';
import type { ResponsesRequest } from './request.ts';

const hexId = () => crypto.randomUUID().replaceAll('-', '');
export const newResponseId = (): string => `resp_${hexId()}`;
export const newItemId = (prefix: 'msg' | 'rs'): string => `${prefix}_${hexId()}`;

/** Identity of one response, shared by every event of its stream. */
export type ResponseMeta = { id: string; created_at: number; model: string; messageId: string; reasoningId: string };

export type UrlCitation = { type: 'url_citation'; start_index: number; end_index: number; url: string; title: string };

/**
 * Citations as OpenAI's output-text annotations: one `url_citation` per citation, spanning its first `[n]` marker
 * in the answer (not in the "Sources" list after it). The URL is the cited chunk in this server's API
 * (`/v1/sources/<source>/chunks/<chunk_id>`, with its neighbours as context), the title says where it is.
 */
export function annotations(text: string, citations: readonly Citation[], origin: string): UrlCitation[] {
  const listAt = text.lastIndexOf('\n\nSources:\n');
  const body = listAt >= 0 ? text.slice(0, listAt) : text;
  const out: UrlCitation[] = [];
  for (const c of citations) {
    const marker = `[${c.n}]`;
    const at = body.indexOf(marker);
    if (at < 0) continue;
    out.push({
      type: 'url_citation',
      start_index: at,
      end_index: at + marker.length,
      url: `${origin}/v1/sources/${encodeURIComponent(c.source)}/chunks/${encodeURIComponent(c.chunk_id)}?context=1`,
      title: sourceLine(c).slice(marker.length + 1),
    });
  }
  return out.sort((a, b) => a.start_index - b.start_index);
}

export const outputText = (text: string, notes: UrlCitation[]) => ({
  type: 'output_text' as const,
  text,
  annotations: notes,
  logprobs: [] as never[],
});

export const messageItem = (
  meta: ResponseMeta,
  status: 'in_progress' | 'completed' | 'incomplete',
  content: unknown[],
) => ({
  type: 'message' as const,
  id: meta.messageId,
  status,
  role: 'assistant' as const,
  content,
});

export const reasoningItem = (meta: ResponseMeta, text: string | undefined) => ({
  type: 'reasoning' as const,
  id: meta.reasoningId,
  summary: text === undefined ? [] : [{ type: 'summary_text' as const, text }],
});

const usageOf = (end: ReplyEnd | undefined) => ({
  input_tokens: end?.usage.input ?? 0,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: end?.usage.output ?? 0,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: (end?.usage.input ?? 0) + (end?.usage.output ?? 0),
});

/**
 * The `response` object, in progress (no `end` yet) or finished. Fields grounded does not use carry OpenAI's
 * defaults; `store` is false, as nothing is stored. Our `citations` and `grounded` fields are added at the top.
 */
export function responseObject(
  meta: ResponseMeta,
  body: ResponsesRequest,
  state: {
    status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
    output: unknown[];
    end?: ReplyEnd;
    error?: { code: string; message: string };
  },
) {
  return {
    id: meta.id,
    object: 'response' as const,
    created_at: meta.created_at,
    status: state.status,
    background: false,
    error: state.error ?? null,
    incomplete_details: state.status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: null,
    model: meta.model,
    output: state.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: false,
    temperature: 1,
    text: { format: body.text?.format ?? { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_logprobs: 0,
    top_p: 1,
    truncation: 'disabled',
    usage: state.end ? usageOf(state.end) : null,
    user: null,
    metadata: body.metadata ?? {},
    ...(state.end ? groundedFields(state.end) : {}),
  };
}

/**
 * The finished output: the progress as a reasoning item (when there is any), then the message. A JSON reply
 * carries its citations inside the JSON, so it has no annotations.
 */
export function finalOutput(meta: ResponseMeta, end: ReplyEnd, origin: string, json: boolean) {
  const notes = json ? [] : annotations(end.content, end.citations, origin);
  return [
    ...(end.reasoning ? [reasoningItem(meta, end.reasoning)] : []),
    messageItem(meta, end.finish === 'length' ? 'incomplete' : 'completed', [outputText(end.content, notes)]),
  ];
}
