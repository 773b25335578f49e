import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Deps } from '../deps.ts';
import { AppError, errorMessage } from '../errors.ts';
import { resolveSources } from '../service/ask.ts';
import { callerDeps } from './auth.ts';
import { readConversation } from './chat/conversation.ts';
import { outputFormat } from './chat/json-output.ts';
import { findModel } from './chat/model-id.ts';
import { type ReplyOptions, reply, replyOnce } from './chat/reply.ts';
import { readOpenAiBody } from './openai-body.ts';
import { ResponseEvents } from './responses/events.ts';
import { checkResponsesParams, inputMessages, ResponsesRequest, responseFormat } from './responses/request.ts';
import { finalOutput, newItemId, newResponseId, type ResponseMeta, responseObject } from './responses/shapes.ts';

/**
 * POST /v1/responses — the agent behind OpenAI's Responses API (what `client.responses.create`, the AI SDK's
 * default OpenAI model and LangChain's `useResponsesApi` call), plain or streamed. Same reply as the chat route;
 * citations also come as `url_citation` annotations on the output text. Nothing is stored, so a
 * `previous_response_id` is a 400 and GET /v1/responses/:id a 404 that says so.
 */
export function responsesRoutes(deps: Deps): Hono {
  const app = new Hono();
  const { GROUNDED_MAX_BODY_BYTES: maxBytes, GROUNDED_MAX_QUESTION_CHARS: maxChars } = deps.config;

  app.post('/v1/responses', async (c) => {
    const body = await readOpenAiBody(c, ResponsesRequest, maxBytes, 'input');
    checkResponsesParams(body);
    const d = callerDeps(c, deps);
    const model = await findModel(d, body.model);
    const input = inputMessages(body.input);
    const conv = readConversation(input.messages, maxChars, 'input', input.indices);
    conv.notes.unshift(...input.notes);
    const opts: ReplyOptions = {
      format: outputFormat(responseFormat(body), 'text.format'),
      progress: deps.config.GROUNDED_CHAT_PROGRESS === 'reasoning',
      maxTokens: body.max_output_tokens ?? undefined,
      filter: body.filter ?? undefined,
    };
    const json = opts.format.type === 'json';
    const meta: ResponseMeta = {
      id: newResponseId(),
      created_at: Math.floor(deps.now() / 1000),
      model: model.id,
      messageId: newItemId('msg'),
      reasoningId: newItemId('rs'),
    };
    const origin = new URL(c.req.url).origin;
    if (!body.stream) {
      const end = await replyOnce(d, conv, model.sources, opts, c.req.raw.signal);
      const status = end.finish === 'length' ? 'incomplete' : 'completed';
      return c.json(responseObject(meta, body, { status, output: finalOutput(meta, end, origin, json), end }));
    }

    if (!conv.housekeeping) await resolveSources(d, model.sources); // a plain error before the stream starts
    const ctl = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => ctl.abort(), { once: true });
    return streamSSE(c, async (s) => {
      s.onAbort(() => ctl.abort());
      const events = new ResponseEvents(meta, body, (event, data) =>
        ctl.signal.aborted ? Promise.resolve() : s.writeSSE({ event, data }),
      );
      await events.start();
      try {
        // After a disconnect the run stops at its next step; draining it lets it record that stop in its trace.
        const gen = reply(d, conv, model.sources, opts, ctl.signal);
        let r = await gen.next();
        for (; !r.done; r = await gen.next()) await events.piece(r.value);
        await events.finish(r.value, origin, json);
      } catch (e) {
        if (ctl.signal.aborted) return;
        // Known: a client error, or the shutdown stopping the run (503 `unavailable`, its trace saved).
        const known = e instanceof AppError && (e.status < 500 || e.code === 'unavailable');
        if (!known) deps.logger.error({ err: errorMessage(e), path: c.req.path }, 'responses stream failed');
        await events.fail(known ? e.code : 'server_error', known ? e.message : 'internal error; see the server log');
      }
    });
  });

  const notStored = (id: string) =>
    new AppError(
      'not_found',
      `No response with id '${id}': grounded stores no responses (store is ignored). Each run's trace is at /v1/traces/<run_id>, the grounded.run_id of the response`,
      { field: 'response_id' },
    );
  app.get('/v1/responses/:response_id', (c) => {
    throw notStored(c.req.param('response_id'));
  });
  app.delete('/v1/responses/:response_id', (c) => {
    throw notStored(c.req.param('response_id'));
  });
  return app;
}
