import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { parseOpenAiRequest } from './chat/request.ts';
import { readJson } from './json-body.ts';

/**
 * An OpenAI-style request body: size and JSON syntax are checked by the shared reader, the shape by `schema` with
 * OpenAI's param names. Only the conversation can make such a request large, so a 413 names that field.
 */
export async function readOpenAiBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
  bulkField: string,
): Promise<z.infer<S>> {
  try {
    return parseOpenAiRequest(schema, await readJson(c, z.unknown(), maxBytes));
  } catch (e) {
    if (AppError.is(e, 'payload_too_large')) throw new AppError(e.code, e.message, { ...e.details, field: bulkField });
    throw e;
  }
}
