import { AppError } from '../../errors.ts';
import type { ChatRequest } from './request.ts';

export type Handling = 'supported' | 'ignored' | 'partly';

/**
 * How every OpenAI Chat Completions parameter is handled: supported, accepted and ignored (with the reason, in the
 * request schema's descriptions), or supported for some values with a 400 naming the parameter for the rest.
 * The README's parameter table is this table; a test checks every parameter of the schema is in it.
 */
export const CHAT_PARAMS: Record<keyof ChatRequest & string, Handling> = {
  model: 'supported',
  messages: 'supported',
  stream: 'supported',
  stream_options: 'supported',
  max_tokens: 'supported',
  max_completion_tokens: 'supported',
  stop: 'supported',
  filter: 'supported',
  response_format: 'partly',
  n: 'partly',
  tools: 'partly',
  tool_choice: 'partly',
  functions: 'partly',
  function_call: 'partly',
  logprobs: 'partly',
  top_logprobs: 'partly',
  modalities: 'partly',
  audio: 'partly',
  web_search_options: 'partly',
  parallel_tool_calls: 'ignored',
  temperature: 'ignored',
  top_p: 'ignored',
  frequency_penalty: 'ignored',
  presence_penalty: 'ignored',
  seed: 'ignored',
  logit_bias: 'ignored',
  reasoning_effort: 'ignored',
  verbosity: 'ignored',
  prediction: 'ignored',
  service_tier: 'ignored',
  store: 'ignored',
  metadata: 'ignored',
  user: 'ignored',
  safety_identifier: 'ignored',
  prompt_cache_key: 'ignored',
  prompt_cache_retention: 'ignored',
};

const unsupportedParam = (param: string, why: string) =>
  new AppError('unsupported_parameter', `Unsupported parameter: '${param}' ${why}`, { field: param });
const unsupportedValue = (param: string, why: string) =>
  new AppError('unsupported_value', `Unsupported value: '${param}' ${why}`, { field: param });

const NO_TOOLS =
  'grounded never calls your tools: it answers from its sources as text. Leave it out, or use "auto" or "none".';

/** The values grounded cannot honour: each is a 400 naming its parameter, before any work is done. */
export function checkChatParams(body: ChatRequest): void {
  if (body.n != null && body.n !== 1)
    throw unsupportedValue('n', `must be 1: each reply is one agent run (got ${body.n})`);
  if (body.tool_choice === 'required' || typeof body.tool_choice === 'object')
    throw unsupportedValue('tool_choice', `cannot force a tool call. ${NO_TOOLS}`);
  if (body.function_call != null && typeof body.function_call === 'object')
    throw unsupportedValue('function_call', `cannot name a function. ${NO_TOOLS}`);
  if (body.logprobs === true)
    throw unsupportedParam('logprobs', 'is not supported: replies have no token log-probabilities');
  if (body.top_logprobs)
    throw unsupportedParam('top_logprobs', 'is not supported: replies have no token log-probabilities');
  const other = body.modalities?.filter((m) => m !== 'text');
  if (other?.length) throw unsupportedValue('modalities', `supports only "text" (got ${other.join(', ')})`);
  if (body.audio != null) throw unsupportedParam('audio', 'is not supported: replies are text');
  if (body.web_search_options != null)
    throw unsupportedParam('web_search_options', 'is not supported: grounded searches its own sources, not the web');
}

/** The reply's token limit: `max_completion_tokens` wins over the older `max_tokens`. */
export const maxReplyTokens = (body: ChatRequest): number | undefined =>
  body.max_completion_tokens ?? body.max_tokens ?? undefined;

export const stopSequences = (body: ChatRequest): string[] =>
  body.stop == null ? [] : typeof body.stop === 'string' ? [body.stop] : body.stop;
