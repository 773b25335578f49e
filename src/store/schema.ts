import { arrow } from './arrow.ts';
import { METADATA_COLUMN, type Metadata } from './metadata.ts';

const { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } = arrow;

/** One chunk as stored. `heading_path` is kept as a JSON array string; `page` is null outside PDFs. */
export type ChunkRow = {
  id: string;
  source: string;
  doc_id: string;
  path: string;
  title: string;
  heading_path: string[];
  page: number | null;
  start: number;
  end: number;
  chunk_index: number;
  text: string;
  content_hash: string;
  doc_hash: string;
  /** The document's metadata (front matter, JSONL fields or the upload's), on every chunk so filters see it. */
  metadata?: Metadata;
  vector: Float32Array;
};

/** A stored chunk without its vector, as search returns it. */
export type StoredChunk = Omit<ChunkRow, 'vector'>;

/**
 * Full-text columns: `fts_text` (title + headings + text, stemmed English), `cjk_text` (n-gram, Chinese) and
 * `ident_text` (the identifiers of the same text — options, snake_case and dotted names, versions — whole).
 */
export const FTS_COLUMN = 'fts_text';
export const CJK_COLUMN = 'cjk_text';
export const IDENT_COLUMN = 'ident_text';

export const chunkSchema = (dims: number) =>
  new Schema([
    new Field('id', new Utf8(), false),
    new Field('source', new Utf8(), false),
    new Field('doc_id', new Utf8(), false),
    new Field('path', new Utf8(), false),
    new Field('title', new Utf8(), false),
    new Field('heading_path', new Utf8(), false),
    new Field('page', new Int32(), true),
    new Field('start', new Int32(), false),
    new Field('end', new Int32(), false),
    new Field('chunk_index', new Int32(), false),
    new Field('text', new Utf8(), false),
    new Field(FTS_COLUMN, new Utf8(), false),
    new Field(CJK_COLUMN, new Utf8(), false),
    new Field(IDENT_COLUMN, new Utf8(), true),
    new Field('content_hash', new Utf8(), false),
    new Field('doc_hash', new Utf8(), false),
    new Field('vector', new FixedSizeList(dims, new Field('item', new Float32(), true)), false),
    metadataField(),
  ]);

/** Arrow's JSON extension type on a string column: Lance stores it as JSONB and its `json_*` functions read it. */
export const metadataField = () =>
  new Field(METADATA_COLUMN, new Utf8(), true, new Map([['ARROW:extension:name', 'arrow.json']]));

/** Per-source manifest: which documents were ingested, from where, with what content and which chunks. */
export type ManifestEntry = {
  doc_id: string;
  path: string;
  origin: string;
  doc_hash: string;
  chunk_ids: string[];
  title: string;
  ingested_at: string;
};

export const manifestSchema = new Schema([
  new Field('doc_id', new Utf8(), false),
  new Field('path', new Utf8(), false),
  new Field('origin', new Utf8(), false),
  new Field('doc_hash', new Utf8(), false),
  new Field('chunk_ids', new Utf8(), false),
  new Field('title', new Utf8(), false),
  new Field('ingested_at', new Utf8(), false),
]);

/** How a source's link-following was chosen, and what ingestion measured to decide it. */
export type LinksMode = 'auto' | 'on' | 'off';
export type LinkStats = {
  /** Documents, and those whose title is shaped like a name (not taken from a file name). */
  documents: number;
  name_titles: number;
  /** Name-shaped titles that another document mentions, among the chunks scanned. */
  mentioned: number;
  chunks_scanned: number;
};

/**
 * What ingestion learned about a source, read by the agent instead of guessing per question. `links`: whether the
 * titles behave as entity names other documents mention (a wiki), so the agent may follow them as links.
 */
export type SourceCapabilities = { links?: boolean; links_mode?: LinksMode; link_stats?: LinkStats };

/** The registry of sources: which embedder filled each, when it was last ingested, and what it is like. */
export type SourceMeta = {
  name: string;
  embedder_id: string;
  dimensions: number;
  created_at: string;
  last_ingest: string;
  capabilities: SourceCapabilities;
};

export const sourcesSchema = new Schema([
  new Field('name', new Utf8(), false),
  new Field('embedder_id', new Utf8(), false),
  new Field('dimensions', new Int32(), false),
  new Field('created_at', new Utf8(), false),
  new Field('last_ingest', new Utf8(), false),
  new Field('capabilities', new Utf8(), true),
]);
