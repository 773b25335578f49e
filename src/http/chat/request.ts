import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { FilterSchema } from '../filter-schema.ts';

/**
 * Roles we read. `developer` is what newer OpenAI clients send instead of `system`; `tool` (and the legacy
 * `function`) results in the history are read as context.
 */
export const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;

/**
 * A content part. Only the type is checked here, so a part we do not read (an image) is dropped with a note by the
 * conversation step rather than failing zod's generic union message.
 */
const Part = z.looseObject({
  type: z.string({ error: 'each content part needs a "type"' }),
  text: z.string().optional(),
  refusal: z.string().optional(),
});

const Content = z.union([z.string(), z.array(Part)], {
  error: 'content must be a string or an array of {type: "text", text} parts',
});

const ToolCall = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string().optional() }).optional(),
});

const Message = z.looseObject({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
  // Assistant turns that carried tool calls have null content; they are allowed in history.
  content: Content.nullish(),
  name: z.string().nullish(),
  tool_calls: z.array(ToolCall).nullish(),
  tool_call_id: z.string().nullish(),
  function_call: z.looseObject({ name: z.string(), arguments: z.string().optional() }).nullish(),
});

const JsonSchemaFormat = z.looseObject({
  name: z.string().min(1).max(64),
  description: z.string().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().nullish(),
});

export const ResponseFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({ type: z.literal('json_schema'), json_schema: JsonSchemaFormat }),
]);
export type ResponseFormat = z.infer<typeof ResponseFormat>;

const ignored = (what: string) => `Accepted and ignored: ${what}.`;

/**
 * The Chat Completions request. Every OpenAI parameter is typed here (so a wrong type is a 400 naming it, and the
 * OpenAPI document lists it); how each is handled is in `params.ts`. Loose: fields OpenAI does not define are
 * ignored, as proxies add their own.
 */
export const ChatRequest = z.looseObject({
  // Some frontends omit the model; the all-sources model is the sensible default.
  model: z
    .string({ error: 'model must be a string' })
    .min(1, 'model must not be empty')
    .default('grounded')
    .describe('`grounded` (every source) or `grounded/<source>`; see GET /v1/models'),
  messages: z
    .array(Message, {
      error: (iss) =>
        iss.input === undefined ? 'messages is required: a list of {role, content}' : 'messages must be an array',
    })
    .min(1, 'messages must not be empty'),
  stream: z.boolean({ error: 'stream must be a boolean' }).nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  filter: FilterSchema.nullish().describe(
    'grounded: narrow the chunks searched, e.g. {"metadata": {"team": "billing"}} (send it as an extra body field)',
  ),
  max_tokens: z.number().int().min(1).nullish().describe('Truncates the reply (finish_reason "length")'),
  max_completion_tokens: z.number().int().min(1).nullish().describe('Same as max_tokens; wins when both are set'),
  n: z.number().int().min(1).nullish().describe('Only 1'),
  stop: z
    .union([z.string(), z.array(z.string().min(1)).max(4)])
    .nullish()
    .describe('The reply ends before the first stop sequence'),
  response_format: ResponseFormat.nullish().describe(
    'json_object: {answer, citations, status}; json_schema: those fields (and refusal_reason, run_id, question) picked to fit the schema, or a 400',
  ),
  tools: z
    .array(z.looseObject({ type: z.string() }))
    .nullish()
    .describe('Never called; the reply is text'),
  tool_choice: z
    .union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string() })])
    .nullish()
    .describe('"none" or "auto"; "required" or a named tool is a 400'),
  functions: z
    .array(z.looseObject({ name: z.string() }))
    .nullish()
    .describe('Legacy tools: never called'),
  function_call: z
    .union([z.enum(['none', 'auto']), z.looseObject({ name: z.string() })])
    .nullish()
    .describe('Legacy tool_choice: a named function is a 400'),
  parallel_tool_calls: z.boolean().nullish().describe(ignored('no tools are called')),
  logprobs: z.boolean().nullish().describe('true is a 400 (no token log-probabilities)'),
  top_logprobs: z.number().int().min(0).max(20).nullish().describe('Above 0 is a 400'),
  modalities: z.array(z.string()).nullish().describe('Only ["text"]'),
  audio: z.record(z.string(), z.unknown()).nullish().describe('A 400: text only'),
  web_search_options: z.record(z.string(), z.unknown()).nullish().describe('A 400: grounded searches its sources'),
  temperature: z.number().min(0).max(2).nullish().describe(ignored('answers are composed from evidence')),
  top_p: z.number().min(0).max(1).nullish().describe(ignored('answers are composed from evidence')),
  frequency_penalty: z.number().min(-2).max(2).nullish().describe(ignored('answers are composed from evidence')),
  presence_penalty: z.number().min(-2).max(2).nullish().describe(ignored('answers are composed from evidence')),
  seed: z.number().int().nullish().describe(ignored('runs are deterministic with the builtin reasoner')),
  logit_bias: z.record(z.string(), z.number()).nullish().describe(ignored('no sampling')),
  reasoning_effort: z.string().nullish().describe(ignored('the agent sets its own steps; see limits')),
  verbosity: z.string().nullish().describe(ignored('answers are as long as the evidence')),
  prediction: z.record(z.string(), z.unknown()).nullish().describe(ignored('no predicted outputs')),
  service_tier: z.string().nullish().describe(ignored('one tier')),
  store: z.boolean().nullish().describe(ignored('completions are not stored; the run trace always is')),
  metadata: z.record(z.string(), z.string()).nullish().describe(ignored('not stored')),
  user: z.string().nullish().describe(ignored('informational')),
  safety_identifier: z.string().nullish().describe(ignored('informational')),
  prompt_cache_key: z.string().nullish().describe(ignored('no prompt cache')),
  prompt_cache_retention: z.string().nullish().describe(ignored('no prompt cache')),
});

export type ChatRequest = z.infer<typeof ChatRequest>;
export type ChatMessage = ChatRequest['messages'][number];

/** OpenAI names nested params like `messages[0].content`; zod paths are arrays. */
export function openAiParam(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

/** Validate a parsed JSON body with an OpenAI-style schema; failures are 400s naming the param, as OpenAI does. */
export function parseOpenAiRequest<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const first = r.error.issues[0]!;
  const param = openAiParam(first.path) || null;
  // Our own messages already start with the param's name ("messages is required…"); zod's do not.
  const message = !param || first.message.startsWith(param) ? first.message : `${param}: ${first.message}`;
  throw new AppError('bad_request', message, {
    ...(param ? { field: param } : {}),
  });
}
