import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors.ts';

const OPENAI_TYPE: Partial<Record<AppError['code'], string>> = {
  unauthorized: 'invalid_request_error',
  unknown_model: 'invalid_request_error',
  not_found: 'invalid_request_error',
};

/** Routes a chat frontend calls get OpenAI's error shape; everything else gets ours. */
export const isOpenAiPath = (path: string): boolean => path.startsWith('/v1/chat/') || path.startsWith('/v1/models');

export function errorResponse(c: Context, e: unknown): Response {
  const err =
    e instanceof AppError
      ? e
      : e instanceof SyntaxError
        ? new AppError('invalid_json', e.message)
        : new AppError('internal', 'internal error; see the server log');
  const status = err.status as ContentfulStatusCode;
  if (isOpenAiPath(c.req.path)) {
    const param = typeof err.details.field === 'string' ? err.details.field : null;
    const code =
      err.code === 'unauthorized' ? 'invalid_api_key' : err.code === 'unknown_model' ? 'model_not_found' : err.code;
    return c.json(
      {
        error: {
          message: err.message,
          type: OPENAI_TYPE[err.code] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
          param,
          code,
        },
      },
      status,
    );
  }
  return c.json({ error: { code: err.code, message: err.message, ...err.details } }, status);
}
