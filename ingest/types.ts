import type { Metadata } from '../src/store/index.ts';

/** A span of a document's extracted text that shares one heading path and page. Offsets are [start, end). */
export type Section = { start: number; end: number; heading_path: string[]; page: number | null };

/**
 * A long entry of a definition list: its terms ("shared_buffers (integer)", "-h, --help") and where it starts (its
 * first term) and ends (its description's end). A chunk that starts inside it, past its terms, carries the terms as
 * the last part of its heading path, so a chunk cut from the middle of a setting's description still names it.
 */
export type DefinitionEntry = { start: number; end: number; term: string };

/** One document as a loader extracted it. Chunk offsets point into `text`. */
export type LoadedDoc = {
  doc_id: string;
  /** Where the document can be found, as shown in citations (a path relative to the job's base, or a URL). */
  path: string;
  title: string;
  text: string;
  /** Heading / page structure covering `text`; absent means one untitled section over all of it. */
  sections?: Section[];
  /**
   * Where each page starts in `text` (page n at index n-1), for paginated documents whose sections run across pages:
   * a chunk's page is then the page its first character is on rather than its section's.
   */
  pageStarts?: number[];
  /** Per-document metadata (front matter, JSONL fields, the upload's), stored with every chunk. */
  metadata?: Metadata;
  /** Long definition-list entries, in order (`DefinitionEntry`). */
  entries?: DefinitionEntry[];
};

/** A window of a document too large to hold at once, with its offset into the whole extracted text. */
export type TextWindow = { offset: number; text: string };

/**
 * A document read in windows (large plain-text files), so memory stays bounded whatever its size. `contentHash` is
 * known before the windows are read, so an unchanged document is skipped without reading it again.
 */
export type StreamedDoc = {
  doc_id: string;
  path: string;
  title: string;
  contentHash: string;
  metadata?: Metadata;
  windows(): AsyncIterable<TextWindow>;
};

/** A document whose bytes are hashed before its (costly) extraction runs: PDFs. */
export type DeferredDoc = {
  doc_id: string;
  path: string;
  contentHash: string;
  metadata?: Metadata;
  load(): Promise<LoadedDoc>;
};

export type AnyDoc =
  | ({ kind: 'memory' } & LoadedDoc)
  | ({ kind: 'deferred' } & DeferredDoc)
  | ({ kind: 'stream' } & StreamedDoc);

/** Field names for JSONL documents (defaults: id/_id, title, text/contents). */
export type JsonlFields = { id?: string; title?: string; text?: string };

/** Everything a loader needs about one file. */
export type LoadContext = {
  /** Absolute path of the file. */
  file: string;
  /** The file as shown in citations and reports. */
  path: string;
  /** The document id a single-document file gets. */
  docId: string;
  /** Metadata given with the file (an upload's); it wins over what the file itself says. */
  metadata?: Metadata;
  jsonlFields: JsonlFields;
  pdf: { extract(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfText> };
  /** A problem with part of the file (a broken JSONL line); the rest is still loaded. */
  onIssue(reason: string): void;
  /** Largest decompressed size of a `.gz` file (default 64 MB). */
  maxDecompressedBytes?: number;
  /** Bytes of the file consumed so far, for progress. */
  onBytes(bytes: number): void;
  signal?: AbortSignal;
};

/**
 * One line of text on a PDF page as the extraction worker found it: its text (words spaced by their gaps), where it
 * starts and ends horizontally and its baseline (PDF points, y upwards), the font size (the largest a good part of it
 * is set in), and whether it is set in bold type (when the font's name tells).
 */
export type PdfLine = { text: string; x: number; end: number; y: number; size: number; bold?: boolean };
/** A PDF's pages, each as its lines in drawing order, and its title from the document info. */
export type PdfText = { pages: PdfLine[][]; title?: string };

/** A file that cannot be ingested at all: the reason is reported and the job carries on. */
export class LoadError extends Error {
  override name = 'LoadError';
}
