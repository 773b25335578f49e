import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { readBodyText } from './read-body.ts';

/** Read and validate a JSON body: size first, then syntax, then shape — each failure names what to fix. */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
  /** What an empty body stands for (when one is allowed). */
  empty?: unknown,
): Promise<z.infer<S>> {
  const text = await readBodyText(c.req.raw, maxBytes);
  let raw: unknown;
  try {
    raw = empty !== undefined && !text.trim() ? empty : JSON.parse(text);
  } catch (e) {
    throw new AppError('invalid_json', `request body is not valid JSON: ${(e as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0]!;
    const field = first.path.join('.') || 'body';
    throw new AppError('validation', `${field}: ${first.message}`, {
      field,
      issues: r.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
    });
  }
  return r.data;
}
