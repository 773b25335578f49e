import { textOf } from './decode.ts';
import type { Extracted } from './markdown.ts';
import { extractPlainText, plainTextSections } from './text-furniture.ts';

/**
 * GNU info files as makeinfo writes them and distributions ship them (`gzip.info.gz`, a split manual's
 * `find.info-1.gz`): nodes parted by a `\x1f` line, each under its `File: …, Node: …` header. What a reader of the
 * manual never sees is left out of the text: the preamble (the "produced by makeinfo" line, the copyright repeated in
 * the Top node, the `INFO-DIR-SECTION` entries for the `dir` file), the tag table, a split manual's table of its
 * parts, the `Local Variables` block, and the `\0\b[index\0\b]` markers in index nodes. The nodes' text is read as a
 * plain-text manual (`plainTextSections`): underlined titles head sections, node headers and menus are navigation.
 */
export function extractInfo(src: string, fallbackTitle: string): Extracted {
  // Without a node separator it is not makeinfo's output: plain text.
  if (!src.includes('\x1f')) return extractPlainText(src, fallbackTitle);
  const nodes = src
    .split('\x1f')
    .slice(1)
    .map((part) => part.replace(/^\r?\n/, ''))
    .filter((part) => /^File: /.test(part));
  const text = nodes.map((n) => n.trimEnd()).join('\n\n');
  const top = topTitle(text);
  const title = top && GENERIC_TITLE.test(top) ? (dirEntryTitle(src.split('\x1f')[0]!) ?? top) : (top ?? fallbackTitle);
  return { title, text, sections: plainTextSections(text) };
}

/**
 * A Top node titled with a word any manual could use ("Introduction" in binutils', "Version" in the GNU maintainers'
 * manual) names nothing: the manual's entry in the preamble's `dir` list names it ("Binutils: The GNU binary
 * utilities"). A split manual's later parts, which hold no Top node, keep their file's name ("gnutls"): the entry's
 * words in the title of every chunk of a megabyte of text would weigh in every search.
 */
const GENERIC_TITLE = /^(?:introduction|overview|preface|version|summary|about|contents|top|general)$/i;

/** The first `dir` entry of an info file's preamble as "Name: what it is" (`* Binutils: (binutils).  The GNU …`). */
function dirEntryTitle(preamble: string): string | undefined {
  const m = /^START-INFO-DIR-ENTRY\r?\n\* ([^:\n]{1,60}): \([^)\n]+\)[^\s]*\s+([^\n]{1,120})$/m.exec(preamble);
  if (!m) return undefined;
  const what = m[2]!.trim().replace(/\.$/, '');
  return what ? `${m[1]!.trim()}: ${what}` : m[1]!.trim();
}

/** An info file's text, without the NUL-delimited markers makeinfo puts in index nodes (`\0\b[index\0\b]`). */
export function infoText(bytes: Uint8Array): string {
  return textOf(withoutInfoMarkers(bytes));
}

/** The title of the Top node, when this file holds it (a split manual's later parts do not). */
function topTitle(text: string): string | undefined {
  const top = /^File: [^,\n]+,\s+Node: Top,[^\n]*\n\s*\n([^\n]+)\n\*+\s*$/m.exec(text);
  return top?.[1]?.trim() || undefined;
}

const OPEN = [0x00, 0x08, 0x5b]; // \0\b[
const CLOSE = [0x00, 0x08, 0x5d]; // \0\b]

/** The bytes of an info file without makeinfo's `\0\b[…\0\b]` markers, the only NUL bytes such a file holds. */
export function withoutInfoMarkers(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(0)) return bytes;
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; ) {
    if (startsWith(bytes, i, OPEN)) {
      const end = indexOfSeq(bytes, CLOSE, i + OPEN.length);
      if (end >= 0) {
        i = end + CLOSE.length;
        continue;
      }
    }
    out[n++] = bytes[i++]!;
  }
  return out.subarray(0, n);
}

function startsWith(bytes: Uint8Array, at: number, seq: readonly number[]): boolean {
  for (let k = 0; k < seq.length; k++) if (bytes[at + k] !== seq[k]) return false;
  return true;
}

function indexOfSeq(bytes: Uint8Array, seq: readonly number[], from: number): number {
  for (let i = bytes.indexOf(seq[0]!, from); i >= 0; i = bytes.indexOf(seq[0]!, i + 1))
    if (startsWith(bytes, i, seq)) return i;
  return -1;
}
