import type { ChunkRow } from '../../src/store/index.ts';

/** One chunk per text, each its own document (`d<n>`, numbered from `from`), with the given vectors. */
export function plainRows(
  source: string,
  texts: readonly string[],
  vectors: readonly ChunkRow['vector'][],
  from = 0,
): ChunkRow[] {
  return texts.map((text, i) => ({
    id: `c${from + i}`,
    source,
    doc_id: `d${from + i}`,
    path: `d${from + i}.txt`,
    title: '',
    heading_path: [],
    page: null,
    start: 0,
    end: text.length,
    chunk_index: 0,
    text,
    content_hash: `h${from + i}`,
    doc_hash: `h${from + i}`,
    vector: vectors[i]!,
  }));
}
