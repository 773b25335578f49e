import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { LoadError, type TextWindow } from '../types.ts';
import {
  assertText,
  controlCounts,
  cutOff,
  decodeMixed,
  encodingOf,
  legacyRefusal,
  nulsOfText,
  plainText,
  type TextEncoding,
  utf8Census,
  windows1252,
} from './decode.ts';

const READ_BYTES = 1 << 20;

/** What the first pass found: the bytes' hash and the encoding the second pass reads them in. */
export type HashedText = { hash: string; encoding: TextEncoding };

/**
 * First pass over a large text file: checks it is text, tells its encoding as `decodeUtf8` does (`legacyRefusal`,
 * `encodingOf`), and hashes its bytes, holding one read buffer at a time. The hash decides whether the file changed
 * before any text is kept.
 */
export async function hashTextFile(file: string): Promise<HashedText> {
  const hash = createHash('sha256');
  let pos = 0;
  let visible = false;
  // The census of the whole file so far.
  const seen = { multiByte: 0, invalid: 0, firstInvalid: -1, high: 0, inRuns: 0, strayInRuns: 0 };
  // The start of a character the last read cut off.
  let carry: Uint8Array = new Uint8Array(0);
  // NUL bytes and other control bytes so far: a text's few NULs are its own (`nulsOfText`), decided on the whole file
  // as a file read whole is; a NUL beside a control byte text does not use is binary at once.
  const controls = { nul: 0, other: 0 };
  for await (const chunk of createReadStream(file, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
    if (pos === 0) assertText(chunk);
    const counts = controlCounts(chunk);
    controls.nul += counts.nul;
    controls.other += counts.other;
    if (controls.nul > 0 && controls.other > 0) throw new LoadError(`binary content (NUL bytes near byte ${pos})`);
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const census = utf8Census(bytes, false);
    seen.multiByte += census.multiByte;
    seen.invalid += census.invalid;
    seen.high += census.high;
    seen.inRuns += census.inRuns;
    seen.strayInRuns += census.strayInRuns;
    if (seen.firstInvalid < 0 && census.firstInvalid >= 0) seen.firstInvalid = pos - carry.length + census.firstInvalid;
    carry = bytes.slice(bytes.length - census.pending);
    visible ||= chunk.some((b) => b > 32);
    hash.update(chunk);
    pos += chunk.length;
  }
  // A character cut off by the end of the file is not one. The encoding is decided on the whole file, as for a file
  // read whole: UTF-8 read later may outweigh the stray bytes of the first reads.
  if (carry.length > 0) {
    if (seen.firstInvalid < 0) seen.firstInvalid = pos - carry.length;
    seen.invalid++;
    seen.high += carry.length;
  }
  assertReadable(seen);
  if (!nulsOfText(controls, pos)) throw new LoadError('binary content (NUL bytes); not a text file');
  if (pos === 0) throw new LoadError('empty file');
  if (!visible) throw new LoadError('no text (whitespace only)');
  return { hash: hash.digest('hex'), encoding: encodingOf(seen) };
}

function assertReadable(seen: Parameters<typeof legacyRefusal>[0]): void {
  const refusal = legacyRefusal(seen);
  if (refusal) throw new LoadError(refusal);
}

const MAX_TAIL = 4096;
const SHORT_TAIL = 64;

/**
 * Second pass: the text, in the first pass's encoding, in windows of about `windowChars`, cut after a paragraph
 * break where possible (else a line break, a sentence end, a space). Offsets count characters of the whole text as
 * `plainText` gives it.
 */
export async function* textWindows(
  file: string,
  windowChars: number,
  onBytes: (n: number) => void = () => {},
  encoding: HashedText['encoding'] = 'utf-8',
): AsyncGenerator<TextWindow> {
  const utf8 = new TextDecoder('utf-8');
  // A character a read cuts off is read with the next (mixed text: decoded by hand, byte by byte where it is not UTF-8).
  let carry: Uint8Array = new Uint8Array(0);
  let first = true;
  const mixed = (chunk?: Uint8Array) => {
    const bytes = chunk ? (carry.length ? Buffer.concat([carry, chunk]) : chunk) : carry;
    const end = chunk ? cutOff(bytes) : bytes.length;
    carry = bytes.subarray(end);
    const text = decodeMixed(bytes.subarray(0, end), first);
    first = false;
    return text;
  };
  const decode = (chunk?: Uint8Array) =>
    encoding === 'utf-8'
      ? utf8.decode(chunk, { stream: chunk !== undefined })
      : encoding === 'mixed'
        ? mixed(chunk)
        : chunk
          ? windows1252.decode(chunk)
          : '';
  let pending = '';
  let offset = 0;
  // The text after the last line break read: a CRLF, an overstrike or an escape sequence cut by a read is whole in
  // the next one (none crosses a line break). A line longer than MAX_TAIL keeps only its last SHORT_TAIL characters.
  let tail = '';
  let read = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
    const s = tail + decode(chunk);
    let keep = s.lastIndexOf('\n') + 1;
    if (s.length - keep > MAX_TAIL) keep = s.length - SHORT_TAIL;
    tail = s.slice(keep);
    pending += plainText(s.slice(0, keep));
    read += chunk.length;
    onBytes(read);
    while (pending.length >= 2 * windowChars) {
      const cut = cutPoint(pending, windowChars);
      yield { offset, text: pending.slice(0, cut) };
      offset += cut;
      pending = pending.slice(cut);
    }
  }
  pending += plainText(tail + decode());
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
