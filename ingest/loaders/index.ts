import { readFile } from 'node:fs/promises';
import { basename, dirname, extname } from 'node:path';
import { hasMetadata, type Metadata } from '../../src/store/index.ts';
import { type AnyDoc, type LoadContext, LoadError } from '../types.ts';
import { extractAsciidoc } from './asciidoc.ts';
import { HEAD_BYTES, htmlText, looksLikeText, readTextFile, textOf } from './decode.ts';
import { extractDocbook, isDocbook } from './docbook.ts';
import { gunzipFile, innerName, MAX_DECOMPRESSED_BYTES, readHead } from './gzip.ts';
import { extractHtml } from './html.ts';
import { extractInfo, infoText } from './info.ts';
import { loadJsonl } from './jsonl.ts';
import { extractMan, isRoff } from './man.ts';
import { extractMarkdown } from './markdown.ts';
import { extractOrg } from './org.ts';
import { readPdf } from './pdf.ts';
import { extractRst } from './rst.ts';
import { extractTexinfo } from './texinfo.ts';
import { extractPlainText } from './text-furniture.ts';
import { hashTextFile, textWindows } from './text-stream.ts';

export { createPdfPool, type PdfPool } from './pdf-pool.ts';

/** The document kinds ingest reads by file extension (an upload's name is read the same way, `sniffUpload`). */
export const KINDS = {
  markdown: ['.md', '.markdown', '.mdx', '.mdwn', '.mkd', '.mkdn', '.mdown'],
  rst: ['.rst', '.rest'],
  asciidoc: ['.adoc', '.asciidoc'],
  org: ['.org'],
  text: ['.txt', '.text', '.ascii'],
  info: ['.info'],
  texinfo: ['.texi', '.texinfo', '.txi'],
  html: ['.html', '.htm', '.xhtml'],
  pdf: ['.pdf'],
  jsonl: ['.jsonl', '.ndjson'],
  docbook: ['.dbk', '.docbook'],
} as const;
type Kind = keyof typeof KINDS | 'man';

/** Plain-text files above this size are read in windows rather than whole. */
export const STREAM_TEXT_BYTES = 8 << 20;
const WINDOW_CHARS = 1 << 20;

/**
 * Plain-text documents named by convention, capitalised, with suffixes that are no file type: `README.Debian`,
 * `NEWS.Debian.gz`, `README.source`, `INSTALL.unix`, `HOWTO.Debian.gz` and `HOWTO.upstream` (dirvish's; the blind
 * `debian-manuals-48` found them passed over), `README.Debian.amd64`, `NEWS.3.5.gz`, `Changes.old.gz`,
 * `v2.13-ReleaseNotes.gz`, a release's with its version, `ANNOUNCE-4.2`, `Upgrading_from_1.1.gz`, one named to sort
 * first (`AAAREADME.first`, `00README.Debian`) — or a document about the file it is named
 * after (`git-p4.README`, `mutt_oauth2.py.README`) — unless the last suffix is a program's, data's or a markup ingest
 * does not read (`INSTALL.sh`, `README.tex`; not in capitals: `README.SQL` is about SQL). Debian's `/usr/share/doc`
 * holds each kind.
 */
const DOC_WORD =
  /^(?:README|NEWS|CHANGES|CHANGELOG|TODO|FAQ|INSTALL|AUTHORS|THANKS|CREDITS|HACKING|BUGS|NOTES|COPYING|LICEN[CS]E|UPGRAD(?:E|ING)|CONTRIBUTING|SECURITY|HISTORY|ANNOUNCE|HOWTO|MANUAL|USAGE|TUTORIAL|GUIDE|QUICKSTART)(?:[-_]v?\d[\w]*|(?:_[a-z]+)+_v?\d\w*)?$/i;
const RELEASE_NOTES = /(?:^|[-_])(?:Release-?Notes|RELEASE-?NOTES)$/;
/** What names a README to sort first in a listing: `AAAREADME`, `00README`, `_README`. */
const SORTS_FIRST = /^(?:A{2,}(?=README)|0+[-_]?|_+)/;
const docWord = (part: string) => {
  const word = part.replace(SORTS_FIRST, '');
  return (/^[A-Z]/.test(word) && DOC_WORD.test(word)) || RELEASE_NOTES.test(part);
};
const OTHER_TYPES = new Set(
  [
    'sh bash zsh py pl pm rb js mjs cjs ts c h cc cpp hpp java go rs php lua awk tcl el vim',
    'json yml yaml xml toml in am ac m4 mk cmake css svg csv tsv sql bat ps1 cmd',
    // Word's `.doc`; one whose content is text is read all the same (`TEXT_SUFFIX`).
    'tex pod rtf doc docx odt epub ps dvi',
  ]
    .join(' ')
    .split(' '),
);
/**
 * A suffix saying the file is a text about what its name names: socat's `xio.help`, Graphviz's `Dot.ref`, Lynx's
 * `CRAWL.announce.gz` (announcing its crawl feature; the whole `/usr/share/doc` run of stop 53 found eight such).
 */
const DOC_SUFFIX = /^(?:help|ref|announce)$/;
/** A word of a name written wholly in capitals, as documents' names are by convention (`GETTING`, `STARTED`, `UNIX`). */
const CAPITALS = /^[A-Z][A-Z\d_-]+$/;
function namedDoc(name: string): boolean {
  const parts = name.split('.');
  const last = parts.at(-1)!;
  if (parts.length < 2) return false;
  // A suffix in capitals is what the document is about (`README.SQL`, `README.LDAP`), not a file type.
  const typed = OTHER_TYPES.has(last.toLowerCase());
  if (typed && last !== last.toUpperCase()) return false;
  // A name wholly in capital words is a document's by convention (bogofilter's `GETTING.STARTED`), unless its last
  // word is a file type (`MAKEFILE.PL`).
  if (!typed && parts.every((p) => CAPITALS.test(p))) return true;
  return docWord(parts[0]!) || docWord(parts.at(-1)!) || DOC_SUFFIX.test(parts.at(-1)!);
}
/**
 * A configuration file, which in a folder of documentation is an example whose comments document each setting
 * (`examples/sysctl.conf`, `smartd.conf.gz`, `chrony.conf.example3`, `sample.nanorc`, `manpath.config`,
 * `sample.muttrc-sidebar`, `torrc.sample.gz`, Squid's whole reference `squid.conf.documented.gz`): read as plain
 * text when its content is text. Two held-out folder sets, written before any run, asked for a line of one; a third
 * for Squid's. `rc` names are a program's (`.nanorc`, `.torrc`, `torrc.sample`), not an archive's (`.warc`, `.marc`).
 */
const CONFIG_NAME =
  /(?:\.(?:conf|config|cfg|cnf|ini|[a-z]+[b-z]rc(?:-[a-z\d]+)?)|^[a-z]+[b-z]rc)(?:\.(?:example|sample|dist|default|documented|annotated|commented)\d*)?$/i;
/**
 * A systemd unit (`duply-backup@.service`, `vnstat_daily.timer`, `frob.socket`): configuration in sections of
 * `Key=value` lines, shipped beside a program's documentation as an example to install, read as text when its content
 * is text. A held-out folder set (`debian-manuals-32`) showed seven of them passed over outside an examples folder.
 */
const SYSTEMD_UNIT = /\.(?:service|socket|timer|mount|automount|path|target|slice|swap)$/i;
/**
 * An example configuration named after what it shows (keepalived's `keepalived.conf.vrrp`, `keepalived.conf.IPv6`,
 * `keepalived.conf.HTTP_GET.port`, and its syntax reference `keepalived.conf.SYNOPSIS`): a `.conf` name with one or two
 * suffixes of its own, the last no file type ingest knows otherwise.
 */
const CONFIG_TOPIC = /\.conf(?:\.[A-Za-z][\w-]*){1,2}$/;
/**
 * An example named as one (`msmtprc-user.example`, `settings.sample`, `config.dist`, `stunnel.conf-sample`): read as
 * text when the name before the suffix has no extension of a type, read or not (`frob.py.example` is code,
 * `index.html.example` markup), or is configuration data.
 */
const EXAMPLE_SUFFIX = /[.-](?:example|sample|dist)\d*$/i;
/**
 * Configuration data whose comments document each setting: an example of it is read as text (Icecast's
 * `icecast.xml.dist.gz`, a `config.yml.example`), where a lone `.xml` is read only as DocBook and JSON has no comments.
 */
const CONFIG_DATA = new Set(['xml', 'yml', 'yaml', 'toml']);
/**
 * A folder of examples, as Debian ships a package's (`/usr/share/doc/nftables/examples/nat.nft`,
 * `ledger/examples/sample.dat`, `hostapd/examples/hostapd.wpa_psk`): what is in it with no extension of a type, read or
 * not, is an example ruleset, journal or configuration, read as text when its content is text. Code stays out; a
 * manual page is read as one. The folder may be anywhere in the path: a tree kept under `samples/` is read so too.
 */
const EXAMPLES_DIR = /(?:^|[\\/])(?:examples?|samples?)(?:[\\/]|$)/i;
/**
 * A JSON file, or an example of one (`kea4/single-subnet.json`, `settings.json.example`, `tsconfig.jsonc`): read as
 * text only when it has comments (`COMMENTED`), which make it a documented example configuration (Kea ships its
 * examples so). JSON without comments is data and is passed over.
 */
const JSON_NAME = /\.json[c5]?(?:[.-](?:example|sample|dist)\d*)?$/i;
/**
 * Suffixes Unix documentation has long given plain text, read as text when the content is text: `.doc` (par's
 * `par.doc`, CVS's `ChangeLog.doc`; a Word file is binary and stays out) and `.asc`, ASCII (bmake's PMake tutorial
 * `tutorial.asc`, groff's terminal output; an armoured PGP key or signature and RTF stay out, `NOT_PLAIN`). The blind
 * held-out sets `debian-manuals-56` and `-57` found both passed over, with five of their gold answers in them.
 */
const TEXT_SUFFIX = /\.(?:doc|asc)$/i;
/**
 * Text that is no plain-text document, whatever it is called: the start of an armoured PGP key, signature or
 * encrypted message (a signed message is a document), or of an RTF file (a `.doc` that Word saved so).
 */
const NOT_PLAIN = /^\s*(?:-----BEGIN PGP (?:PUBLIC KEY BLOCK|PRIVATE KEY BLOCK|SIGNATURE|MESSAGE)-----|\{\\rtf)/;
/** A comment line of JSON with comments (`//`, `/*`) or of a format close to it (`#`). */
const COMMENTED = /^[ \t]*(?:\/\/|\/\*|#)/m;

/**
 * A file's kind by its name: its extension, or that of the name inside a `.gz` (`guide.html.gz` is HTML); a name
 * without an extension (`README`, `NEWS.gz`) or a conventional document name (`README.Debian`) is plain text — if
 * its content is text, which `readableKind` checks.
 */
export const kindOf = (file: string): Kind | undefined =>
  byExtension(file) ?? (xmlName(file) ? 'docbook' : textByContent(file) ? 'text' : manName(file) ? 'man' : undefined);

/**
 * A manual page's name: its section as the extension (`grep.1`, `ssh_config.5`, `openssl.1ssl`, `Digest::MD5.3pm`,
 * `tclsh.n`), gzipped or not. Only a file whose content is a page's roff is read as one (`readableKind`); others so
 * named are passed over as before (`dpkg.log.1`, a `.so` redirect such as `egrep.1`).
 */
const manName = (file: string) => /^\.(?:[1-9][a-z]{0,6}|n|man)$/.test(extname(basename(innerName(file))));

/** A `.xml` file, which is a document only when its content is DocBook (`readableKind`, `loadDocs`). */
const xmlName = (file: string) => extname(basename(innerName(file))).toLowerCase() === '.xml';

function byExtension(file: string): Kind | undefined {
  const ext = extname(basename(innerName(file))).toLowerCase();
  // A split info manual's parts: `find.info-1`, `find.info-2`.
  if (/^\.info-\d+$/.test(ext)) return 'info';
  return (Object.keys(KINDS) as (keyof typeof KINDS)[]).find((k) => (KINDS[k] as readonly string[]).includes(ext));
}

/** A name with no extension of a type ingest reads or knows to leave out (`msmtprc-user`, not `guide.md`, `hook.py`). */
const untyped = (name: string) => {
  const ext = extname(name).slice(1).toLowerCase();
  return !ext || (!OTHER_TYPES.has(ext) && !byExtension(name));
};

/** What an example's name shows before its suffix: no type (`msmtprc-user`, `stunnel.conf`) or configuration data. */
const exampleOf = (name: string) => untyped(name) || CONFIG_DATA.has(extname(name).slice(1).toLowerCase());

/**
 * Whether only a file's content can tell it is text: no extension, a conventional name (`README.Debian`), a text
 * suffix (`par.doc`), a configuration file's (`sysctl.conf`), an example's (`stunnel.conf-sample`) or a file of an
 * examples folder.
 */
function textByContent(file: string): boolean {
  const name = basename(innerName(file));
  return (
    extname(name) === '' ||
    (!byExtension(file) &&
      (namedDoc(name) ||
        TEXT_SUFFIX.test(name) ||
        JSON_NAME.test(name) ||
        CONFIG_NAME.test(name) ||
        SYSTEMD_UNIT.test(name) ||
        (CONFIG_TOPIC.test(name) && !OTHER_TYPES.has(extname(name).slice(1).toLowerCase())) ||
        (EXAMPLE_SUFFIX.test(name) && exampleOf(name.replace(EXAMPLE_SUFFIX, ''))) ||
        (EXAMPLES_DIR.test(dirname(file)) && untyped(name) && !manName(file))))
  );
}

/**
 * The kind a folder walk reads a file as, or undefined to pass it over: a file without an extension only when its
 * first bytes (decompressed, for `README.gz`) are text with a visible character, so executables, images and empty
 * files are not taken for documents. A `.gz` whose start cannot be decompressed is kept, so loading it reports why.
 */
export async function readableKind(file: string): Promise<Kind | undefined> {
  const kind = kindOf(file);
  if ((kind === 'docbook' && xmlName(file)) || kind === 'man') {
    // Only DocBook among XML files, only a page's roff among files named like manual pages: data, configuration in
    // XML and rotated logs (`dpkg.log.1`) are passed over as before.
    const head = await readHead(file, HEAD_BYTES);
    const holds = kind === 'man' ? isRoff : isDocbook;
    return head === undefined || holds(new TextDecoder().decode(head)) ? kind : undefined;
  }
  if (kind !== 'text' || !textByContent(file)) return kind;
  const head = await readHead(file, HEAD_BYTES);
  if (head === undefined) return kind;
  const text = new TextDecoder().decode(head);
  // An empty or blank file (`AUTHORS` of 0 bytes) has nothing to ingest: passed over, not a failure.
  if (!looksLikeText(head) || !/\S/.test(text) || NOT_PLAIN.test(text)) return undefined;
  return !jsonName(file) || COMMENTED.test(text) ? kind : undefined;
}

const jsonName = (file: string) => JSON_NAME.test(basename(innerName(file)));

/** Throws for a JSON file named to be read as text whose start holds no comment: it is data, not a document. */
async function checkCommentedJson(file: string): Promise<void> {
  if (!jsonName(file)) return;
  const head = await readHead(file, HEAD_BYTES);
  if (head !== undefined && !COMMENTED.test(new TextDecoder().decode(head)))
    throw new LoadError(
      'a JSON file without comments is data: only JSON with comments (an example configuration) is read as a document',
    );
}

/**
 * A document's title when it gives none: its name as shown (an upload's own name, not its spooled file's) without
 * the extension, `.gz` included (`NEWS.gz` → NEWS, `guide.html.gz` → guide).
 */
const titleOf = (ctx: LoadContext): string => {
  const name = basename(innerName(ctx.path));
  if (textByContent(ctx.path)) return name;
  return basename(name, extname(name)) || name;
};

/** The file's own metadata (front matter, JSONL fields) under the metadata it was given (an upload's). */
const withGiven = (own: Metadata | undefined, ctx: LoadContext): Metadata | undefined =>
  hasMetadata(ctx.metadata) ? { ...own, ...ctx.metadata } : own;

/** The documents in one file, each with its metadata. Throws LoadError when the file cannot be ingested at all. */
export async function* loadFile(ctx: LoadContext, size: number): AsyncGenerator<AnyDoc> {
  for await (const doc of loadDocs(ctx, size)) {
    const metadata = withGiven(doc.metadata, ctx);
    if (!hasMetadata(metadata)) yield doc;
    else if (doc.kind !== 'deferred') yield { ...doc, metadata };
    else yield { ...doc, metadata, load: async () => ({ ...(await doc.load()), metadata }) };
  }
}

async function* loadDocs(ctx: LoadContext, size: number): AsyncGenerator<AnyDoc> {
  const kind = kindOf(ctx.file);
  const name = innerName(ctx.file);
  if (kind === 'text') await checkCommentedJson(ctx.file);
  if (name !== ctx.file && kind) {
    yield* loadDecompressed(ctx, kind, size);
    ctx.onBytes(size);
    return;
  }
  const fallbackTitle = titleOf(ctx);
  switch (kind) {
    case 'jsonl':
      for await (const doc of loadJsonl(ctx)) yield { kind: 'memory', ...doc };
      return;
    case 'pdf': {
      const pdf = await readPdf(ctx, fallbackTitle);
      ctx.onBytes(size);
      yield { kind: 'deferred', doc_id: ctx.docId, path: ctx.path, ...pdf };
      return;
    }
    case 'text':
      if (size > STREAM_TEXT_BYTES) {
        const { hash, encoding } = await hashTextFile(ctx.file);
        yield {
          kind: 'stream',
          doc_id: ctx.docId,
          path: ctx.path,
          title: fallbackTitle,
          contentHash: hash,
          windows: () => textWindows(ctx.file, WINDOW_CHARS, ctx.onBytes, encoding),
        };
        return;
      }
      yield memoryDoc(ctx, fallbackTitle, await readTextFile(ctx.file), kind);
      ctx.onBytes(size);
      return;
    case 'markdown':
    case 'rst':
    case 'asciidoc':
    case 'org':
    case 'texinfo':
    case 'docbook':
    case 'man':
      yield memoryDoc(ctx, fallbackTitle, await readTextFile(ctx.file), kind);
      ctx.onBytes(size);
      return;
    case 'html':
      yield memoryDoc(ctx, fallbackTitle, htmlText(await readFile(ctx.file)), kind);
      ctx.onBytes(size);
      return;
    case 'info':
      yield memoryDoc(ctx, fallbackTitle, infoText(await readFile(ctx.file)), kind);
      ctx.onBytes(size);
      return;
    default:
      throw new LoadError(
        `unsupported file type "${extname(name) || basename(name)}${name === ctx.file ? '' : '.gz'}"`,
      );
  }
}

/**
 * A `.gz` file's documents, read from its decompressed bytes as the file inside would be. A text document keeps only
 * its string: the decompressed bytes are let go before it is chunked and embedded.
 */
async function* loadDecompressed(ctx: LoadContext, kind: Kind, size: number): AsyncGenerator<AnyDoc> {
  const fallbackTitle = titleOf(ctx);
  let bytes: Buffer | undefined = await gunzipFile(ctx.file, ctx.maxDecompressedBytes ?? MAX_DECOMPRESSED_BYTES);
  if (kind === 'jsonl') {
    // Progress counts the file's own (compressed) bytes: positions in the decompressed content are scaled to them.
    const scale = size / Math.max(1, bytes.length);
    const scaled = { ...ctx, onBytes: (n: number) => ctx.onBytes(Math.floor(n * scale)) };
    for await (const doc of loadJsonl(scaled, bytes)) yield { kind: 'memory', ...doc };
  } else if (kind === 'pdf')
    yield { kind: 'deferred', doc_id: ctx.docId, path: ctx.path, ...(await readPdf(ctx, fallbackTitle, bytes)) };
  else {
    const text = kind === 'info' ? infoText(bytes) : kind === 'html' ? htmlText(bytes) : textOf(bytes);
    bytes = undefined;
    yield memoryDoc(ctx, fallbackTitle, text, kind);
  }
}

/**
 * reStructuredText saved as `.txt`: Sphinx's `_sources/*.rst.txt`, lighttpd's and Mercurial's documentation. Two
 * directive lines (`.. contents::`, `.. meta::`, `.. note::`) say so; read as plain text, they were chunk text.
 */
const RST_DIRECTIVE = /^\.\. [A-Za-z][\w:-]*::/gm;
const looksLikeRst = (src: string): boolean => (src.match(RST_DIRECTIVE)?.length ?? 0) >= 2;

function memoryDoc(
  ctx: LoadContext,
  fallbackTitle: string,
  src: string,
  given: Exclude<Kind, 'pdf' | 'jsonl'>,
): AnyDoc {
  const kind = given === 'text' && looksLikeRst(src) ? 'rst' : given;
  if (kind === 'docbook' && xmlName(ctx.file) && !isDocbook(src.slice(0, HEAD_BYTES)))
    throw new LoadError('an XML file that is not DocBook: only DocBook XML is read as a document');
  const { title, text, sections, metadata, entries } =
    kind === 'docbook'
      ? extractDocbook(src, fallbackTitle)
      : kind === 'markdown'
        ? extractMarkdown(src, fallbackTitle)
        : kind === 'rst'
          ? extractRst(src, fallbackTitle)
          : kind === 'asciidoc'
            ? extractAsciidoc(src, fallbackTitle)
            : kind === 'org'
              ? extractOrg(src, fallbackTitle)
              : kind === 'texinfo'
                ? extractTexinfo(src, fallbackTitle)
                : kind === 'html'
                  ? extractHtml(src, fallbackTitle)
                  : kind === 'info'
                    ? extractInfo(src, fallbackTitle)
                    : kind === 'man' && isRoff(src.slice(0, HEAD_BYTES))
                      ? extractMan(src, fallbackTitle)
                      : extractPlainText(src, fallbackTitle);
  // A file of markup only (a lone heading, front matter) is a document with no body: recorded, nothing to chunk.
  if (!text.trim())
    return { kind: 'memory', doc_id: ctx.docId, path: ctx.path, title, text: '', sections: [], metadata };
  return {
    kind: 'memory',
    doc_id: ctx.docId,
    path: ctx.path,
    title,
    text,
    sections,
    metadata,
    ...(entries ? { entries } : {}),
  };
}
