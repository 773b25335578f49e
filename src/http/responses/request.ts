import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { ChatMessage, ResponseFormat } from '../chat/request.ts';
import { FilterSchema } from '../filter-schema.ts';

const ignored = (what: string) => `Accepted and ignored: ${what}.`;

const Part = z.looseObject({
  type: z.string({ error: 'each content part needs a "type"' }),
  text: z.string().optional(),
});

/**
 * One input item. Messages (`{role, content}`, with or without `type: "message"`) are the conversation;
 * `function_call` and `function_call_output` items are read as context; `item_reference` cannot be resolved (no
 * response is stored) and is skipped with a note; other item types (reasoning, tool calls of OpenAI's hosted tools)
 * are skipped.
 */
const Item = z.looseObject({
  type: z.string().optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']).optional(),
  content: z.union([z.string(), z.array(Part)]).optional(),
  id: z.string().optional(),
  call_id: z.string().optional(),
  name: z.string().optional(),
  arguments: z.string().optional(),
  output: z.union([z.string(), z.array(Part)]).optional(),
});

const TextFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: z.string().min(1).max(64),
    schema: z.record(z.string(), z.unknown()).optional(),
    description: z.string().optional(),
    strict: z.boolean().nullish(),
  }),
]);

/** OpenAI's Responses API request, as far as grounded reads it; every other field is ignored. */
export const ResponsesRequest = z.looseObject({
  model: z.string().min(1, 'model must not be empty').default('grounded').describe('`grounded` or `grounded/<source>`'),
  input: z.union([z.string().min(1, 'input must not be empty'), z.array(Item).min(1, 'input must not be empty')], {
    error: (iss) =>
      iss.input === undefined
        ? 'input is required: a question, or a list of messages'
        : 'input must be a string or a list of items',
  }),
  instructions: z.string().nullish().describe('Echoed; like a system message, not searched'),
  filter: FilterSchema.nullish().describe(
    'grounded: narrow the chunks searched, e.g. {"metadata": {"team": "billing"}}',
  ),
  stream: z.boolean().nullish(),
  max_output_tokens: z.number().int().min(1).nullish().describe('Cuts the answer: status "incomplete"'),
  text: z
    .looseObject({ format: TextFormat.optional(), verbosity: z.string().nullish() })
    .nullish()
    .describe('format json_object / json_schema as for chat response_format'),
  previous_response_id: z.string().nullish().describe('A 400: responses are not stored; send the whole conversation'),
  conversation: z.unknown().optional().describe('A 400: conversations are not stored'),
  prompt: z.unknown().optional().describe('A 400: no stored prompt templates'),
  background: z.boolean().nullish().describe('true is a 400'),
  tools: z
    .array(z.looseObject({ type: z.string() }))
    .nullish()
    .describe('Never called'),
  tool_choice: z
    .union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string() })])
    .nullish()
    .describe('"required" or a named tool is a 400'),
  top_logprobs: z.number().int().min(0).max(20).nullish().describe('Above 0 is a 400'),
  metadata: z.record(z.string(), z.string()).nullish().describe('Echoed in the response'),
  temperature: z.number().nullish().describe(ignored('answers are composed from evidence')),
  top_p: z.number().nullish().describe(ignored('answers are composed from evidence')),
  store: z.boolean().nullish().describe(ignored('responses are never stored; the run trace is')),
  include: z.array(z.string()).nullish().describe(ignored('nothing extra to include')),
  reasoning: z.record(z.string(), z.unknown()).nullish().describe(ignored('the agent sets its own steps')),
  parallel_tool_calls: z.boolean().nullish().describe(ignored('no tools are called')),
  max_tool_calls: z.number().int().nullish().describe(ignored('no tools are called')),
  truncation: z.string().nullish().describe(ignored('the input is never truncated')),
  service_tier: z.string().nullish().describe(ignored('one tier')),
  user: z.string().nullish().describe(ignored('informational')),
  safety_identifier: z.string().nullish().describe(ignored('informational')),
  prompt_cache_key: z.string().nullish().describe(ignored('no prompt cache')),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequest>;

const unsupported = (code: 'unsupported_parameter' | 'unsupported_value', param: string, why: string) =>
  new AppError(code, `Unsupported ${code === 'unsupported_value' ? 'value' : 'parameter'}: '${param}' ${why}`, {
    field: param,
  });

/** What the Responses API asks that grounded cannot do: each a 400 naming the parameter. */
export function checkResponsesParams(body: ResponsesRequest): void {
  if (body.previous_response_id != null)
    throw unsupported(
      'unsupported_parameter',
      'previous_response_id',
      'is not supported: grounded stores no responses. Send the whole conversation in `input` (AI SDK: providerOptions.openai.store = false)',
    );
  if (body.conversation != null)
    throw unsupported('unsupported_parameter', 'conversation', 'is not supported: send the conversation in `input`');
  if (body.prompt != null)
    throw unsupported('unsupported_parameter', 'prompt', 'is not supported: grounded has no stored prompts');
  if (body.background === true)
    throw unsupported(
      'unsupported_value',
      'background',
      'must be false: responses are streamed or returned, not stored',
    );
  if (body.tool_choice === 'required' || typeof body.tool_choice === 'object')
    throw unsupported(
      'unsupported_value',
      'tool_choice',
      'cannot force a tool call: grounded answers from its sources as text',
    );
  if (body.top_logprobs)
    throw unsupported('unsupported_parameter', 'top_logprobs', 'is not supported: no log-probabilities');
}

/** The `text.format` as the chat code's response_format (the same JSON replies). */
export function responseFormat(body: ResponsesRequest): ResponseFormat | undefined {
  const f = body.text?.format;
  if (f?.type !== 'json_schema') return f;
  return { type: 'json_schema', json_schema: { name: f.name, schema: f.schema, description: f.description } };
}

const asText = (v: string | { type: string; text?: string }[] | undefined) =>
  typeof v === 'string' ? v : (v ?? []).map((p) => p.text ?? '').join('\n');

/**
 * The input as chat messages (so one conversation reader serves both APIs), with the original index of each, so
 * errors name `input[i]`, and notes on the items skipped.
 */
export function inputMessages(input: ResponsesRequest['input']): {
  messages: ChatMessage[];
  indices: number[];
  notes: string[];
} {
  if (typeof input === 'string') return { messages: [{ role: 'user', content: input }], indices: [0], notes: [] };
  const messages: ChatMessage[] = [];
  const indices: number[] = [];
  const notes: string[] = [];
  for (const [i, item] of input.entries()) {
    const type = item.type ?? 'message';
    let m: ChatMessage | undefined;
    if (type === 'message') {
      if (!item.role)
        throw new AppError(
          'bad_request',
          `input[${i}].role: a message needs a role (user, assistant, system, developer)`,
          {
            field: `input[${i}].role`,
          },
        );
      m = { role: item.role, content: item.content ?? null };
    } else if (type === 'function_call')
      m = {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: item.call_id, type: 'function', function: { name: item.name ?? 'tool', arguments: item.arguments } },
        ],
      };
    else if (type === 'function_call_output')
      m = { role: 'tool', content: asText(item.output), tool_call_id: item.call_id };
    else if (type === 'item_reference')
      notes.push(
        `input[${i}]: item_reference ${item.id ?? ''} skipped: grounded stores no responses; send the message itself (AI SDK: providerOptions.openai.store = false)`,
      );
    else if (type !== 'reasoning') notes.push(`input[${i}]: ${type} item skipped`);
    if (m) {
      messages.push(m);
      indices.push(i);
    }
  }
  if (messages.length === 0)
    throw new AppError('bad_request', 'input: no message to answer (only items that are skipped)', { field: 'input' });
  return { messages, indices, notes };
}
