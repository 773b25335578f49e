import { z } from 'zod';
import { AppError } from '../../errors.ts';

/** Roles we read. `developer` is what newer OpenAI clients send instead of `system`. */
export const ROLES = ['system', 'developer', 'user', 'assistant'] as const;

/**
 * A content part. Only the type is checked here, so an image part gets a clear "text only" error from
 * the conversation step rather than zod's generic union message.
 */
const Part = z.looseObject({
  type: z.string({ error: 'each content part needs a "type"' }),
  text: z.string().optional(),
  refusal: z.string().optional(),
});

const Content = z.union([z.string(), z.array(Part)], {
  error: 'content must be a string or an array of {type: "text", text} parts',
});

const Message = z.looseObject({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
  // Assistant turns that carried tool calls have null content; they are allowed in history.
  content: Content.nullish(),
});

/**
 * The Chat Completions request. Loose objects, because frontends send fields we do not use (temperature, top_p,
 * max_tokens, n, user, tools, …) and must not be rejected for them.
 */
export const ChatRequest = z.looseObject({
  // Some frontends omit the model; the all-sources model is the sensible default.
  model: z.string({ error: 'model must be a string' }).min(1, 'model must not be empty').default('grounded'),
  messages: z
    .array(Message, {
      error: (iss) =>
        iss.input === undefined ? 'messages is required: a list of {role, content}' : 'messages must be an array',
    })
    .min(1, 'messages must not be empty'),
  stream: z.boolean({ error: 'stream must be a boolean' }).nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
});

export type ChatRequest = z.infer<typeof ChatRequest>;
export type ChatMessage = ChatRequest['messages'][number];

/** OpenAI names nested params like `messages[0].content`; zod paths are arrays. */
export function openAiParam(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

/** Validate a parsed JSON body; failures are 400s naming the param, as OpenAI does. */
export function parseChatRequest(raw: unknown): ChatRequest {
  const r = ChatRequest.safeParse(raw);
  if (r.success) return r.data;
  const first = r.error.issues[0]!;
  const param = openAiParam(first.path) || null;
  // Our own messages already start with the param's name ("messages is required…"); zod's do not.
  const message = !param || first.message.startsWith(param) ? first.message : `${param}: ${first.message}`;
  throw new AppError('bad_request', message, {
    ...(param ? { field: param } : {}),
  });
}
