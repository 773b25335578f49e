import { extname } from 'node:path';
import { declaredCharset, isBinary, legacyRefusal, looksLikeText, utf8Census } from '../loaders/decode.ts';
import { isDocbook } from '../loaders/docbook.ts';
import { gunzipHead, innerName } from '../loaders/gzip.ts';
import { KINDS } from '../loaders/index.ts';
import { withoutInfoMarkers } from '../loaders/info.ts';
import { isRoff } from '../loaders/man.ts';

export type UploadType =
  | 'pdf'
  | 'html'
  | 'markdown'
  | 'rst'
  | 'asciidoc'
  | 'org'
  | 'info'
  | 'texinfo'
  | 'docbook'
  | 'man'
  | 'jsonl'
  | 'text'
  | 'binary';

/** The extension a spooled file gets, so the pipeline's loaders read it as its content says. */
const EXTENSION: Record<Exclude<UploadType, 'binary'>, string> = {
  pdf: '.pdf',
  html: '.html',
  markdown: '.md',
  rst: '.rst',
  asciidoc: '.adoc',
  org: '.org',
  info: '.info',
  texinfo: '.texi',
  docbook: '.dbk',
  man: '.man',
  jsonl: '.jsonl',
  text: '.txt',
};

/** An upload's type by its extension: the kinds a folder walk reads by name. */
const BY_NAME: Record<string, UploadType> = Object.fromEntries(
  Object.entries(KINDS).flatMap(([kind, exts]) => exts.map((ext) => [ext, kind as UploadType])),
);

const HTML_TAG = /^<(?:!doctype\s+html|html|head|body)[\s>]/i;

/**
 * Whether a text starts as an HTML page: a doctype or an `html`, `head` or `body` tag after any whitespace and
 * comments. The comments are skipped by position: a pattern of repeated lazy comments backtracked exponentially on
 * a run of `<!---->` (40 of them, 281 bytes, would have taken hours).
 */
function startsHtml(text: string): boolean {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (!text.startsWith('<!--', at)) break;
    const end = text.indexOf('-->', at + 4);
    if (end < 0) return false;
    at = end + 3;
  }
  return HTML_TAG.test(text.slice(at, at + 32));
}
const MARKDOWN_HINT = /^(?:---\r?\n|#{1,6} \S)|\n#{1,6} \S|\n```|\n\[[^\]]+\]\(/;

/**
 * What an uploaded file is, from its first bytes first and its name second: a PDF by its `%PDF-` header whatever
 * it is called, HTML by its opening tag, DocBook by its DOCTYPE or namespace, anything else binary is refused; text
 * files are Markdown, reStructuredText, AsciiDoc, Org, GNU info, Texinfo, JSONL or plain text by their extension, or (without a known one) by
 * what they look like; roff source is a manual page whatever it is called.
 */
export function sniffType(head: Uint8Array, name: string): UploadType {
  const ascii = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  if (ascii.includes('%PDF-')) return 'pdf';
  const ext = extname(name).toLowerCase();
  // A split info manual's parts: `find.info-1`.
  const byName = /^\.info-\d+$/.test(ext) ? 'info' : BY_NAME[ext];
  // A page in the charset it declares (ISO-8859-1) is not UTF-8, but it is text.
  if (declaredCharset(head) && startsHtml(ascii) && !isBinary(head)) return 'html';
  if (!looksLikeText(byName === 'info' ? withoutInfoMarkers(head) : head)) return 'binary';
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  if (startsHtml(text)) return 'html';
  // DocBook XML whatever it is called (`xmlwf.xml`); other XML is text.
  if (isDocbook(text)) return 'docbook';
  if (byName === 'pdf') return 'binary'; // named .pdf, but it is text: not a PDF
  if (byName) return byName;
  // A manual page's roff source (`grep.1`, `ssh_config.5`, or any name).
  if (isRoff(text)) return 'man';
  if (/^\s*\{/.test(text)) return 'jsonl';
  return MARKDOWN_HINT.test(text) ? 'markdown' : 'text';
}

const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;

const NOT_READ = 'not a PDF, HTML, Markdown, JSONL or text file';

/** Why a file sniffed as binary is refused (`inside`: the content of a gzip file). */
const binaryReason = (name: string, inside: boolean, head: Uint8Array): string =>
  /\.pdf$/i.test(name)
    ? `not a PDF (no %PDF- header${inside ? ' inside the gzip' : ''})`
    : isBinary(head)
      ? `binary content${inside ? ' inside the gzip' : ''}: ${NOT_READ}`
      : // Text, but neither UTF-8 nor Windows-1252.
        `${inside ? 'inside the gzip: ' : ''}${legacyRefusal(utf8Census(head, false))}`;

export type Sniffed = {
  type: UploadType;
  ext: string;
  /** Why a binary one is refused. */
  reason?: string;
};

/**
 * An upload's type and the extension its spooled file gets. A gzip file is the type its decompressed start shows (a
 * `.gz` taken off its name), spooled as `.html.gz`, `.txt.gz` …, so the pipeline decompresses it whole, within its
 * limit; one whose start does not decompress is binary. A binary one carries the reason it is refused.
 */
export async function sniffUpload(head: Uint8Array, name: string): Promise<Sniffed> {
  if (!isGzip(head)) {
    const type = sniffType(head, name);
    return type === 'binary'
      ? { type, ext: '.bin', reason: binaryReason(name, false, head) }
      : { type, ext: EXTENSION[type] };
  }
  let inner: Uint8Array;
  try {
    inner = await gunzipHead(head, head.length);
  } catch (e) {
    return { type: 'binary', ext: '.bin', reason: (e as Error).message };
  }
  const type = inner.length === 0 ? 'text' : sniffType(inner, innerName(name));
  return type === 'binary'
    ? { type, ext: '.bin', reason: binaryReason(innerName(name), true, inner) }
    : { type, ext: `${EXTENSION[type]}.gz` };
}
