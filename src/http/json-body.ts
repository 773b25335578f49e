import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Read and validate a JSON body: size first, then syntax, then shape — each failure names what to fix. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes)
    throw new AppError('payload_too_large', `request body is ${declared} bytes; the limit is ${maxBytes}`, {
      limit: maxBytes,
    });
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > maxBytes)
    throw new AppError('payload_too_large', `request body is larger than ${maxBytes} bytes`, { limit: maxBytes });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
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
