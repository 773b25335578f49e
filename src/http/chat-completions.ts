import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Deps } from '../deps.ts';
import { AppError, errorMessage } from '../errors.ts';
import { resolveSources } from '../service/ask.ts';
import { callerDeps } from './auth.ts';
import { readConversation } from './chat/conversation.ts';
import { outputFormat } from './chat/json-output.ts';
import { findModel } from './chat/model-id.ts';
import {
  type CompletionMeta,
  chunkObject,
  completionObject,
  groundedFields,
  newCompletionId,
  openAiUsage,
} from './chat/openai-shapes.ts';
import { checkChatParams, maxReplyTokens, stopSequences } from './chat/params.ts';
import { type ReplyOptions, reply, replyOnce } from './chat/reply.ts';
import { ChatRequest } from './chat/request.ts';
import { openAiError } from './errors.ts';
import { readOpenAiBody } from './openai-body.ts';

/** POST /v1/chat/completions — the agent behind OpenAI's Chat Completions API, streaming or not. */
export function chatCompletionRoutes(deps: Deps): Hono {
  const app = new Hono();
  const { GROUNDED_MAX_BODY_BYTES: maxBytes, GROUNDED_MAX_QUESTION_CHARS: maxChars } = deps.config;

  app.post('/v1/chat/completions', async (c) => {
    const body = await readOpenAiBody(c, ChatRequest, maxBytes, 'messages');
    checkChatParams(body);
    const d = callerDeps(c, deps);
    const model = await findModel(d, body.model);
    const conv = readConversation(body.messages, maxChars);
    const opts: ReplyOptions = {
      format: outputFormat(body.response_format, 'response_format'),
      progress: deps.config.GROUNDED_CHAT_PROGRESS === 'reasoning',
      maxTokens: maxReplyTokens(body),
      stop: stopSequences(body),
      filter: body.filter ?? undefined,
    };
    const meta: CompletionMeta = { id: newCompletionId(), created: Math.floor(deps.now() / 1000), model: model.id };
    if (!body.stream)
      return c.json(completionObject(meta, await replyOnce(d, conv, model.sources, opts, c.req.raw.signal)));

    // e.g. an empty store: a plain error before the stream starts (a chore needs no source)
    if (!conv.housekeeping) await resolveSources(d, model.sources);
    const includeUsage = body.stream_options?.include_usage === true;
    const ctl = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => ctl.abort(), { once: true });
    return streamSSE(c, async (s) => {
      s.onAbort(() => ctl.abort());
      const send = (o: unknown) => (ctl.signal.aborted ? undefined : s.writeSSE({ data: JSON.stringify(o) }));
      const chunk = (
        delta: Record<string, unknown>,
        finish: 'stop' | 'length' | null,
        extra?: Record<string, unknown>,
      ) => chunkObject(meta, { delta, finish_reason: finish }, { includeUsage, extra });
      // The role goes first, before the agent has found anything, so the frontend shows a reply is coming.
      await send(chunk({ role: 'assistant', content: '' }, null));
      try {
        // After a disconnect the run stops itself at its next step (the signal is aborted); draining it lets it
        // record that stop in its trace.
        const gen = reply(d, conv, model.sources, opts, ctl.signal);
        let r = await gen.next();
        for (; !r.done; r = await gen.next())
          await send(
            chunk(r.value.type === 'text' ? { content: r.value.text } : { reasoning_content: r.value.text }, null),
          );
        const end = r.value;
        const extra = groundedFields(end);
        await send(chunk(extra, end.finish, extra));
        if (includeUsage) await send(chunkObject(meta, undefined, { includeUsage, usage: openAiUsage(end) }));
        await s.writeSSE({ data: '[DONE]' });
      } catch (e) {
        if (ctl.signal.aborted) return;
        // Known: a client error, or the shutdown stopping the run (503 `unavailable`, its trace saved).
        const known = e instanceof AppError && (e.status < 500 || e.code === 'unavailable');
        if (!known) deps.logger.error({ err: errorMessage(e), path: c.req.path }, 'chat stream failed');
        // OpenAI's mid-stream error: a data line with an `error` object, which its SDK raises as an APIError.
        await send(
          known
            ? openAiError(e)
            : {
                error: {
                  message: 'internal error; see the server log',
                  type: 'server_error',
                  param: null,
                  code: 'internal',
                },
              },
        );
      }
    });
  });
  return app;
}
