import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { LoadError, type TextWindow } from '../types.ts';
import { assertText, firstInvalidUtf8, normalizeNewlines, SAVE_AS_UTF8 } from './decode.ts';

const READ_BYTES = 1 << 20;

/**
 * First pass over a large text file: checks it is UTF-8 text and hashes its bytes, holding one read buffer at a time.
 * The hash decides whether the file changed before any text is kept.
 */
export async function hashTextFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pos = 0;
  let visible = false;
  for await (const chunk of createReadStream(file, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
    if (pos === 0) assertText(chunk);
    if (chunk.includes(0)) throw new LoadError(`binary content (NUL byte near byte ${pos + chunk.indexOf(0)})`);
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      const at = firstInvalidUtf8(chunk);
      throw new LoadError(`invalid UTF-8 ${at >= 0 ? `at byte ${pos + at}` : `near byte ${pos}`}; ${SAVE_AS_UTF8}`);
    }
    visible ||= chunk.some((b) => b > 32);
    hash.update(chunk);
    pos += chunk.length;
  }
  try {
    decoder.decode();
  } catch {
    throw new LoadError('invalid UTF-8 at the end of the file (truncated character)');
  }
  if (pos === 0) throw new LoadError('empty file');
  if (!visible) throw new LoadError('no text (whitespace only)');
  return hash.digest('hex');
}

/**
 * Second pass: the decoded text in windows of about `windowChars`, cut after a paragraph break where possible (else a
 * line break, a sentence end, a space). Offsets count characters of the whole normalised text.
 */
export async function* textWindows(
  file: string,
  windowChars: number,
  onBytes: (n: number) => void = () => {},
): AsyncGenerator<TextWindow> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let offset = 0;
  let heldCR = false;
  let read = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
    let s: string = (heldCR ? '\r' : '') + decoder.decode(chunk, { stream: true });
    // A CR at the end may be the first half of a CRLF split across reads.
    heldCR = s.endsWith('\r');
    if (heldCR) s = s.slice(0, -1);
    pending += normalizeNewlines(s);
    read += chunk.length;
    onBytes(read);
    while (pending.length >= 2 * windowChars) {
      const cut = cutPoint(pending, windowChars);
      yield { offset, text: pending.slice(0, cut) };
      offset += cut;
      pending = pending.slice(cut);
    }
  }
  pending += decoder.decode() + (heldCR ? '\n' : '');
  while (pending.length > 0) {
    const cut = pending.length >= 2 * windowChars ? cutPoint(pending, windowChars) : pending.length;
    yield { offset, text: pending.slice(0, cut) };
    offset += cut;
    pending = pending.slice(cut);
  }
}

export function cutPoint(s: string, target: number): number {
  const min = target >> 1;
  for (const [sep, keep] of [
    ['\n\n', 2],
    ['\n', 1],
    ['. ', 1],
    ['。', 1],
    [' ', 1],
  ] as const) {
    const at = s.lastIndexOf(sep, target);
    if (at >= min) return at + keep;
  }
  // No break at all: cut anyway, but never between the halves of a surrogate pair.
  const code = s.charCodeAt(target - 1);
  return code >= 0xd800 && code <= 0xdbff ? target - 1 : target;
}
