import { readFile } from 'node:fs/promises';
import { LoadError } from '../types.ts';
import { withoutTerminalFormatting } from './terminal.ts';

const SNIFF_BYTES = 64 * 1024;
/** Bytes of a file's start (decompressed, for a .gz) that tell whether it is text: a folder walk's and an upload's. */
export const HEAD_BYTES = 8192;
const MAX_CONTROL_RATIO = 0.1;

const TEXT_CONTROLS = new Set([8, 9, 10, 12, 13, 0x1b]);

/**
 * The NUL bytes in `bytes` (`nul`), and the control bytes text does not use (`other`): control characters that are
 * not text's (`TEXT_CONTROLS`), and NULs that do not stand alone before a printable ASCII character (a run of them,
 * as binary formats pad with; a NUL last in `bytes` counts as alone).
 */
export function controlCounts(bytes: Uint8Array): { nul: number; other: number } {
  let nul = 0;
  let other = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0) {
      nul++;
      const next = bytes[i + 1];
      if (next !== undefined && (next < 0x20 || next >= 0x7f)) other++;
    } else if ((b < 0x20 && !TEXT_CONTROLS.has(b)) || b === 0x7f) other++;
  }
  return { nul, other };
}

/**
 * Whether NUL bytes are a text's own: a few (one in 100 bytes at most), each alone before a printable character, in
 * text with no control byte text does not use. GNU Enscript's `README.ESCAPES` starts each escape sequence it
 * documents with one (45 in 7.6 KB, each before a letter); binary files pad with runs of them (a tar header) or hold
 * them beside other control bytes. Such a text shows each NUL as `^@` (`visibleNuls`).
 */
export const nulsOfText = (c: { nul: number; other: number }, length: number): boolean =>
  c.nul === 0 || (c.other === 0 && c.nul * 100 <= length);

/** A NUL as a pager shows it (`^@`): a text's NUL bytes are characters it writes (`nulsOfText`). */
export const visibleNuls = (text: string): string => (text.includes('\0') ? text.replaceAll('\0', '^@') : text);

/** Refuse content that is not text: NUL bytes (but a text's few), UTF-16, or many control characters (on a prefix). */
export function assertText(bytes: Uint8Array): void {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new LoadError('UTF-16 text is not supported; convert the file to UTF-8');
  const head = bytes.subarray(0, SNIFF_BYTES);
  const counts = controlCounts(head);
  if (!nulsOfText(counts, head.length)) throw new LoadError('binary content (NUL bytes); not a text file');
  // Tab, line and form feeds, CR; backspace and ESC are terminal formatting (`withoutTerminalFormatting`).
  const control = counts.nul + counts.other;
  if (head.length > 0 && control / head.length > MAX_CONTROL_RATIO)
    throw new LoadError(`binary content (${Math.round((100 * control) / head.length)}% control characters)`);
}

/**
 * Decode UTF-8 (BOM dropped), or the legacy encoding `decoder` reads, rejecting empty, binary and invalid input with
 * a reason. Text that is not UTF-8 but reads as a Western legacy encoding (see `legacyRefusal`) is read as
 * Windows-1252, as browsers read such pages; UTF-8 with a few bytes that are not, as UTF-8 with those bytes read so
 * (`decodeMixed`). Line ends become LF and terminal formatting is resolved to the text a terminal shows.
 */
export function decodeUtf8(bytes: Uint8Array, decoder?: Decoder): string {
  if (bytes.length === 0) throw new LoadError('empty file');
  assertText(bytes);
  if (bytes.length > SNIFF_BYTES && !nulsOfText(controlCounts(bytes), bytes.length))
    throw new LoadError('binary content (NUL bytes); not a text file');
  if (decoder) return plainText(decoder.decode(bytes));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = decodeNotUtf8(bytes);
  }
  return plainText(text);
}

/**
 * Bytes that are not all UTF-8, read as `encodingOf` tells (UTF-8 with stray bytes, or Windows-1252), or refused with
 * `legacyRefusal`'s reason. `first`: the bytes start the file (its BOM is dropped).
 */
export function decodeNotUtf8(bytes: Uint8Array, first = true): string {
  const census = utf8Census(bytes);
  const refusal = legacyRefusal(census);
  if (refusal) throw new LoadError(refusal);
  return encodingOf(census) === 'mixed' ? decodeMixed(bytes, first) : windows1252.decode(bytes);
}

/** Decoded text as a document's: line ends as LF, terminal formatting resolved, NUL bytes shown (`visibleNuls`). */
export const plainText = (s: string): string => visibleNuls(withoutTerminalFormatting(normalizeNewlines(s)));

/** What decodes a legacy encoding's bytes (a `TextDecoder`, or `windows1252`). */
export type Decoder = { decode(bytes: Uint8Array): string };

/** The encoding text without a UTF-8 character is read in. */
export const LEGACY_ENCODING = 'windows-1252';

/** How a text is read: UTF-8, Windows-1252, or UTF-8 with its bytes that are not read as Windows-1252 (`decodeMixed`). */
export type TextEncoding = 'utf-8' | typeof LEGACY_ENCODING | 'mixed';

/** How text `legacyRefusal` lets through is read: any UTF-8 character in it makes it UTF-8 with stray bytes. */
export const encodingOf = (c: Pick<Utf8Census, 'firstInvalid' | 'multiByte'>): TextEncoding =>
  c.firstInvalid < 0 ? 'utf-8' : c.multiByte > 0 ? 'mixed' : LEGACY_ENCODING;

// A BOM inside the text is a character of it (U+FEFF): only the file's first bytes may be one to drop.
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 in which some bytes start no character, each read as the Windows-1252 character it is there: a UTF-8 file
 * with a Latin-1 "©" in its copyright line, or a changelog with one entry saved in Latin-1 (xmlstarlet's
 * `xmlstarlet.txt.gz`, Debian changelogs). Read whole in either encoding, part of it would be garbled; a Latin-1
 * letter before a byte that continues a UTF-8 character ("Ã©") is rare outside text garbled already. A character cut
 * off at the end after its second byte is U+FFFD (a file cut short), not the Latin letters of its bytes. `first`: the
 * bytes start the file, whose BOM is dropped; a BOM inside the text is a character of it (U+FEFF).
 */
export function decodeMixed(b: Uint8Array, first = true): string {
  const from = first && BOM.every((x, k) => b[k] === x) ? 3 : 0;
  // A lead byte alone at the end is as likely a Latin-1 letter ("café" ending a Latin-1 line) as half a character.
  const cut = cutOff(b);
  const end = b.length - cut >= 2 ? cut : b.length;
  let out = '';
  let start = from;
  for (let i = from; i < end; ) {
    if (b[i]! < 0x80) {
      i++;
      continue;
    }
    const n = utf8Length(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    let j = i + 1;
    while (j < end && b[j]! >= 0x80 && utf8Length(b, j) === 0) j++;
    out += lenientUtf8.decode(b.subarray(start, i)) + windows1252.decode(b.subarray(i, j));
    start = i = j;
  }
  return out + lenientUtf8.decode(b.subarray(start, end)) + (end < b.length ? '\ufffd' : '');
}

/** Where a character the bytes cut off at their end starts (their length when none is). */
export function cutOff(b: Uint8Array): number {
  for (let i = Math.max(0, b.length - 3); i < b.length; i++) if (b[i]! >= 0xc0 && couldContinue(b, i)) return i;
  return b.length;
}

/** Windows-1252's characters at 0x80–0x9F, where Latin-1 has C1 controls (the five it leaves undefined stay those). */
const CP1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

/**
 * Windows-1252, decoded here: Node 20's `TextDecoder('windows-1252')` (and every label the Encoding Standard maps to
 * it, `iso-8859-1` included) reads Latin-1, so a page's 0x92 apostrophe became an invisible control character.
 * One byte is one character, so a stream decodes read by read.
 */
export const windows1252: Decoder = {
  decode(bytes: Uint8Array): string {
    const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    return /[\x80-\x9f]/.test(s) ? s.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!) : s;
  },
};

/** The labels the Encoding Standard maps to Windows-1252. */
const WINDOWS_1252_LABEL =
  /^(?:ansi_x3\.4-1968|ascii|cp1252|cp819|csisolatin1|ibm819|iso-8859-1|iso-ir-100|iso8859-1|iso88591|iso_8859-1(?::1987)?|l1|latin1|us-ascii|windows-1252|x-cp1252)$/i;

export type Utf8Census = {
  /** Valid UTF-8 characters of two bytes or more. */
  multiByte: number;
  /** Bytes that start no valid UTF-8 character. */
  invalid: number;
  /** Offset of the first of them, -1 if none. */
  firstInvalid: number;
  /** Bytes at the end that start a character the input cuts off (`final` false: a streamed read continues them). */
  pending: number;
  /** Bytes of 0x80 or more. */
  high: number;
  /** Those of them in runs longer than `WESTERN_RUN`. */
  inRuns: number;
  /** Bytes that start no valid UTF-8 character, three or more in one run past ASCII: a word of another encoding. */
  strayInRuns: number;
};

/**
 * Latin-1 and Windows-1252 text (changelogs, groff's info manual) is ASCII but for a letter or a quote here and there,
 * in runs of a few bytes past ASCII at most; in GBK, Shift-JIS or a Cyrillic encoding a word is such a run. (groff's
 * manual has one of seven, the table "ÄäÖöÜüß", among 26 shorter ones.)
 */
const WESTERN_RUN = 3;
/**
 * Bytes that are no UTF-8 in one run of bytes past ASCII of a UTF-8 text: a Latin-1 letter stands alone ("crème",
 * "Müller", "© 2002") or two together ("Größe"); three or more are a word in GBK, Big5, EUC or a Cyrillic encoding,
 * whose byte pairs are now and then valid UTF-8 by chance ("注意" in GBK reads as UTF-8 "ע" and a stray byte).
 */
const STRAY_RUN = 3;

/**
 * Why text that is not UTF-8 is not read either, or undefined when it is. Text with more UTF-8 characters than bytes
 * that are not is UTF-8 with stray bytes, read as `encodingOf` says, unless most of those bytes stand three or more
 * together (a paragraph in GBK, Shift-JIS or a Cyrillic encoding inside a UTF-8 file: read, it would be garbled; runs
 * of UTF-8 Chinese are no such bytes). Other text is another legacy encoding when most of its bytes past ASCII come
 * in runs longer than a Western text has (a byte pair now and then is a valid UTF-8 character by chance).
 */
export function legacyRefusal(c: Omit<Utf8Census, 'pending'>): string | undefined {
  if (c.firstInvalid < 0) return undefined;
  const other = c.multiByte > c.invalid ? 2 * c.strayInRuns > c.invalid : 2 * c.inRuns > c.high;
  if (!other) return undefined;
  return `invalid UTF-8 at byte ${c.firstInvalid}, and not Latin-1 or Windows-1252 text either (it may be GBK, Shift-JIS or a Cyrillic encoding); save it as UTF-8`;
}

/**
 * Count a text's UTF-8 characters of two bytes or more and find its first invalid byte. A byte that starts no valid
 * character counts once and the scan goes on at the next byte, so a Latin-1 "é" before ASCII is one invalid byte.
 * Unless `final`, a character cut off at the end is left pending, not invalid.
 */
export function utf8Census(b: Uint8Array, final = true): Utf8Census {
  let multiByte = 0;
  let invalid = 0;
  let firstInvalid = -1;
  let high = 0;
  let inRuns = 0;
  let run = 0;
  let strayInRuns = 0;
  let strays = 0;
  const endStrays = () => {
    if (strays >= STRAY_RUN) strayInRuns += strays;
    strays = 0;
  };
  const census = (pending: number): Utf8Census => {
    if (run > WESTERN_RUN) inRuns += run;
    endStrays();
    return { multiByte, invalid, firstInvalid, pending, high, inRuns, strayInRuns };
  };
  let i = 0;
  while (i < b.length) {
    if (b[i]! < 0x80) {
      if (run > WESTERN_RUN) inRuns += run;
      run = 0;
      endStrays();
      i++;
      continue;
    }
    const n = utf8Length(b, i);
    if (n === 0 && !final && couldContinue(b, i)) return census(b.length - i);
    if (n === 0 && firstInvalid < 0) firstInvalid = i;
    if (n === 0) {
      invalid++;
      strays++;
    } else multiByte++;
    const len = Math.max(1, n);
    high += len;
    run += len;
    i += len;
  }
  return census(0);
}

/** How many continuation bytes follow a UTF-8 lead byte `c` of a character of two bytes or more, -1 if it leads none. */
const continuations = (c: number): number =>
  c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;

/** Byte length of the valid UTF-8 character of two bytes or more at `i`, 0 if none starts there. */
function utf8Length(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const n = continuations(c);
  if (n < 0) return 0;
  for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return 0;
  // Overlong three/four-byte forms, surrogates and code points past U+10FFFF.
  const c1 = b[i + 1]!;
  if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f) || (c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f))
    return 0;
  return n + 1;
}

/** Whether the bytes from `i` to the end are the valid start of a character the input cuts off. */
function couldContinue(b: Uint8Array, i: number): boolean {
  const n = continuations(b[i]!);
  if (n < 0 || i + n < b.length) return false;
  for (let k = i + 1; k < b.length; k++) if ((b[k]! & 0xc0) !== 0x80) return false;
  return true;
}

/**
 * Whether the first bytes of a file read as text: no NUL, not UTF-16, few control characters, and UTF-8 so far (a
 * character cut at the end of the prefix is not an error) or a Western legacy encoding.
 */
export const looksLikeText = (head: Uint8Array): boolean =>
  !isBinary(head) && legacyRefusal(utf8Census(head, false)) === undefined;

/** Whether `assertText` refuses the bytes: NUL bytes, UTF-16, or many control characters. */
export function isBinary(bytes: Uint8Array): boolean {
  try {
    assertText(bytes);
    return false;
  } catch {
    return true;
  }
}

/** A document's text from its bytes: UTF-8 (or `decoder`'s) text with something besides whitespace. */
export function textOf(bytes: Uint8Array, decoder?: Decoder): string {
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
  if (WINDOWS_1252_LABEL.test(charset)) return textOf(bytes, windows1252);
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
