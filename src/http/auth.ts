import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';

const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));

/** Compare fixed-length digests in full, so the time taken says nothing about where a wrong key differs. */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

/** Bearer-key auth, on only when keys are configured. Keys are never logged. */
export const requireApiKey = (keys: readonly string[]): MiddlewareHandler =>
  async function requireApiKey(c, next) {
    if (keys.length === 0) return next();
    const header = c.req.header('authorization') ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(header);
    let ok = false;
    // Check every configured key, so timing does not reveal which one matched.
    if (m) for (const k of keys) ok = (await constantTimeEqual(m[1]!.trim(), k)) || ok;
    if (!ok)
      throw new AppError('unauthorized', m ? 'invalid API key' : 'missing API key: send Authorization: Bearer <key>');
    return next();
  };
