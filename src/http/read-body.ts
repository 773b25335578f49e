import { AppError } from '../errors.ts';

/** How much of a refused body is still read and dropped, so a client that finished sending can reuse its socket. */
const DISCARD_BYTES = 64 * 1024 * 1024;

const tooLarge = (maxBytes: number, what: string) =>
  new AppError('payload_too_large', `request body ${what}; the limit is ${maxBytes} bytes`, { limit: maxBytes });

/** Read the rest of a refused body and drop it, up to a cap (beyond that the server closes the connection). */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0;
  try {
    while (dropped < DISCARD_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
  } catch {
    // the client went away: nothing left to drop
  } finally {
    reader.releaseLock();
  }
}

/**
 * Read a request body as text, counting bytes as they arrive and stopping at the limit, whatever the framing: a
 * declared length over the limit is refused before reading, and a chunked (or understated) body is refused as soon
 * as it passes the limit, so memory never holds more than `maxBytes` of it. The refusal is sent at once; the rest of
 * the body is read and dropped in the background (a lingering close) so that keep-alive clients are not cut off.
 */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes, `is ${declared} bytes`);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      parts.length = 0;
      void discard(reader);
      throw tooLarge(maxBytes, `passed ${maxBytes} bytes before it ended`);
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return new TextDecoder().decode(all);
}
