import type { Hit } from '../../src/retrieval/index.ts';
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

/** A search hit: chunk `id`, its own document `<id>.txt` unless `fields` say otherwise. */
export const testHit = (id: string, text: string, score: number, fields: Partial<Hit> = {}): Hit => ({
  id,
  source: 's',
  doc_id: id,
  path: `${id}.txt`,
  title: `Doc ${id}`,
  heading_path: [],
  page: null,
  start: 0,
  end: text.length,
  chunk_index: 0,
  text,
  content_hash: id,
  doc_hash: id,
  score,
  ...fields,
});
