import { hasMetadata, type Metadata } from '../src/store/index.ts';
import { CHUNKER_VERSION, type ChunkParams } from './chunk.ts';
import { sha256 } from './hash.ts';
import type { LoadedDoc } from './types.ts';

/** The hash of an extracted document: its text, title and structure (pages and long entries too, when it has them). */
export const extractedHash = (doc: LoadedDoc): string =>
  sha256(
    `${JSON.stringify([doc.title, doc.sections ?? null, ...(doc.pageStarts ? [doc.pageStarts] : []), ...(doc.entries ? [doc.entries] : [])])}\0${doc.text}`,
  );

/** Metadata as text with its keys in order, so the same metadata always hashes the same. */
const metadataText = (m: Metadata): string =>
  JSON.stringify(Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/**
 * What the manifest compares to decide whether a document changed: its content, where it is shown from, its
 * metadata (when it has any: documents without keep the hash they had before metadata existed), and the chunking
 * settings (changing the chunk size re-chunks everything).
 */
export const docHash = (content: string, path: string, params: ChunkParams, metadata?: Metadata): string =>
  sha256(
    `${CHUNKER_VERSION}\0${params.maxTokens}\0${params.overlapTokens}\0${path}\0${content}` +
      (hasMetadata(metadata) ? `\0${metadataText(metadata)}` : ''),
  ).slice(0, 32);
