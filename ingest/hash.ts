import { createHash } from 'node:crypto';

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * A chunk's id: stable across runs for the same text at the same place in the same document. The occurrence index
 * tells apart identical passages repeated within one document.
 */
export const chunkId = (source: string, docId: string, text: string, occurrence: number): string =>
  sha256(`${source}\0${docId}\0${occurrence}\0${text}`).slice(0, 32);

export const contentHash = (text: string): string => sha256(text).slice(0, 32);
