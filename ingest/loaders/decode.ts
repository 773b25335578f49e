import { readFile } from 'node:fs/promises';
import { LoadError } from '../types.ts';

const SNIFF_BYTES = 64 * 1024;
/** Bytes of a file's start (decompressed, for a .gz) that tell whether it is text: a folder walk's and an upload's. */
export const HEAD_BYTES = 8192;
const MAX_CONTROL_RATIO = 0.1;

/** Refuse content that is not text: NUL bytes, UTF-16, or many control characters (checked on a prefix). */
export function assertText(bytes: Uint8Array): void {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new LoadError('UTF-16 text is not supported; convert the file to UTF-8');
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) throw new LoadError('binary content (NUL bytes); not a text file');
  let control = 0;
  for (const b of head) if ((b < 0x20 && b !== 9 && b !== 10 && b !== 12 && b !== 13) || b === 0x7f) control++;
  if (head.length > 0 && control / head.length > MAX_CONTROL_RATIO)
    throw new LoadError(`binary content (${Math.round((100 * control) / head.length)}% control characters)`);
}

/** What to do about a text file that is not UTF-8 (legacy documents are often Latin-1). */
export const SAVE_AS_UTF8 = 'save it as UTF-8 (it may be Latin-1 or Windows-1252)';

/**
 * Decode UTF-8 (BOM dropped), or the legacy encoding `decoder` reads, rejecting empty, binary and invalid input with
 * a reason.
 */
export function decodeUtf8(bytes: Uint8Array, decoder?: TextDecoder): string {
  if (bytes.length === 0) throw new LoadError('empty file');
  assertText(bytes);
  if (bytes.includes(0)) throw new LoadError('binary content (NUL bytes); not a text file');
  if (decoder) return normalizeNewlines(decoder.decode(bytes));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LoadError(`invalid UTF-8 at byte ${firstInvalidUtf8(bytes)}; ${SAVE_AS_UTF8}`);
  }
  return normalizeNewlines(text);
}

/** Whether the first bytes of a file read as text: no NUL, not UTF-16, few control characters, valid UTF-8 so far. */
export function looksLikeText(head: Uint8Array): boolean {
  try {
    assertText(head);
    // Streaming decode: a multi-byte character cut at the end of the prefix is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** A document's text from its bytes: UTF-8 (or `decoder`'s) text with something besides whitespace. */
export function textOf(bytes: Uint8Array, decoder?: TextDecoder): string {
  const text = decodeUtf8(bytes, decoder);
  if (!text.trim()) throw new LoadError('no text (whitespace only)');
  return text;
}

export const readTextFile = async (file: string): Promise<string> => textOf(await readFile(file));

/**
 * An HTML page's text: UTF-8, or the charset its `<meta>` or XML declaration names (DocBook pages of the 2000s say
 * `ISO-8859-1`), refused with the charset named when this runtime cannot decode it.
 */
export function htmlText(bytes: Uint8Array): string {
  const charset = declaredCharset(bytes);
  if (!charset || /^utf-?8$/i.test(charset)) return textOf(bytes);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    throw new LoadError(`unsupported charset "${charset}"; convert the page to UTF-8`);
  }
  return textOf(bytes, decoder);
}

/** The charset a page declares in its first 2 KB (`<meta charset>`, `<meta http-equiv content>`, `<?xml encoding>`). */
export function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  return (
    /<meta\b[^>]*?charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /^\s*<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1]
  );
}

/** CRLF and lone CR become LF, so paragraph breaks look the same whatever system wrote the file. */
export const normalizeNewlines = (s: string): string => (s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s);

/** Byte offset of the first malformed UTF-8 sequence (for the error message only). */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    // Overlong three/four-byte forms, surrogates and code points past U+10FFFF.
    const c1 = b[i + 1] ?? 0;
    if (
      (c === 0xe0 && c1 < 0xa0) ||
      (c === 0xed && c1 > 0x9f) ||
      (c === 0xf0 && c1 < 0x90) ||
      (c === 0xf4 && c1 > 0x8f)
    )
      return i;
    i += n + 1;
  }
  return -1;
}
