import { CHUNKER_VERSION, type ChunkParams } from './chunk.ts';
import { sha256 } from './hash.ts';
import type { LoadedDoc } from './types.ts';

/** The hash of an extracted document: its text, title and structure. */
export const extractedHash = (doc: LoadedDoc): string =>
  sha256(`${JSON.stringify([doc.title, doc.sections ?? null])}\0${doc.text}`);

/**
 * What the manifest compares to decide whether a document changed: its content, where it is shown from, and the
 * chunking settings (changing the chunk size re-chunks everything).
 */
export const docHash = (content: string, path: string, params: ChunkParams): string =>
  sha256(`${CHUNKER_VERSION}\0${params.maxTokens}\0${params.overlapTokens}\0${path}\0${content}`).slice(0, 32);
