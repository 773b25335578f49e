import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors.ts';

const OPENAI_CODE: Partial<Record<AppError['code'], string>> = {
  unauthorized: 'invalid_api_key',
  unknown_model: 'model_not_found',
  rate_limited: 'rate_limit_exceeded',
};

/** 429 and 503 say when to come back: Retry-After in whole seconds, and retry-after-ms (which OpenAI's SDKs read). */
function retryHeaders(err: AppError): Record<string, string> {
  const ms = err.details.retry_after_ms;
  if (typeof ms !== 'number') return {};
  return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))), 'retry-after-ms': String(Math.round(ms)) };
}

/** Routes OpenAI clients call get OpenAI's error shape; everything else gets ours. */
export const isOpenAiPath = (path: string): boolean => /^\/v1\/(chat|models|responses)(\/|$)/.test(path);

export type ErrorShape = 'openai' | 'native';

/** The one place an error becomes a response: status from the code, body in the shape the route's clients read. */
export function errorResponse(c: Context, e: unknown, shape?: ErrorShape): Response {
  const err =
    e instanceof AppError
      ? e
      : e instanceof SyntaxError
        ? new AppError('invalid_json', e.message)
        : new AppError('internal', 'internal error; see the server log');
  const status = err.status as ContentfulStatusCode;
  const headers = retryHeaders(err);
  if ((shape ?? (isOpenAiPath(c.req.path) ? 'openai' : 'native')) === 'openai')
    return c.json(openAiError(err), status, headers);
  return c.json({ error: { code: err.code, message: err.message, ...err.details } }, status, headers);
}

/** OpenAI's error body: `{error: {message, type, param, code}}`; `param` names the request field at fault. */
export function openAiError(err: AppError) {
  return {
    error: {
      message: err.message,
      // 429s carry OpenAI's rate-limit type; its SDKs raise them as RateLimitError and retry after Retry-After.
      type: err.status === 429 ? 'requests' : err.status >= 500 ? 'server_error' : 'invalid_request_error',
      param: typeof err.details.field === 'string' ? err.details.field : null,
      code: OPENAI_CODE[err.code] ?? err.code,
    },
  };
}
