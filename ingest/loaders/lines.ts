import { createReadStream } from 'node:fs';

export type Line = { bytes: Buffer; lineNo: number; end: number };

/**
 * Lines of a file split on LF bytes only (never on U+0085, U+2028 or lone CR, which occur inside corpus text),
 * with a trailing CR dropped. Splitting bytes, not text, lets one malformed line fail alone. `source`: a file, or
 * content already in memory.
 */
export async function* readLines(source: string | Iterable<Buffer>, highWaterMark = 1 << 20): AsyncGenerator<Line> {
  let carry: Buffer[] = [];
  let lineNo = 0;
  let pos = 0;
  const emit = (parts: Buffer[]): Line => {
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (bytes.at(-1) === 0x0d) bytes = bytes.subarray(0, -1);
    return { bytes, lineNo: ++lineNo, end: pos };
  };
  const chunks =
    typeof source === 'string' ? (createReadStream(source, { highWaterMark }) as AsyncIterable<Buffer>) : source;
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
      carry.push(chunk.subarray(start, nl));
      pos += nl + 1 - start;
      yield emit(carry);
      carry = [];
      start = nl + 1;
    }
    if (start < chunk.length) carry.push(chunk.subarray(start));
    pos += chunk.length - start;
  }
  if (carry.some((c) => c.length > 0)) yield emit(carry);
}
