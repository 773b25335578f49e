import { type ChunkDraft, type ChunkParams, DocumentChunker } from './chunk.ts';
import type { StreamedDoc } from './types.ts';

/** Consecutive slices of at most `size` items. */
export function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * The chunks of a streamed document in parts of at most `size`, read window by window: only the current window
 * and one part are held at a time.
 */
export async function* streamedParts(
  doc: StreamedDoc,
  source: string,
  params: ChunkParams,
  size: number,
  onChunkMs: (ms: number) => void = () => {},
): AsyncGenerator<ChunkDraft[]> {
  const chunker = new DocumentChunker(
    { source, doc_id: doc.doc_id, path: doc.path, title: doc.title, metadata: doc.metadata },
    params,
  );
  let buf: ChunkDraft[] = [];
  for await (const w of doc.windows()) {
    const t0 = performance.now();
    const drafts = chunker.section(w.text, { start: 0, end: w.text.length, heading_path: [], page: null }, w.offset);
    onChunkMs(performance.now() - t0);
    for (const d of drafts) buf.push(d);
    while (buf.length >= size) {
      yield buf.slice(0, size);
      buf = buf.slice(size);
    }
  }
  if (buf.length > 0) yield buf;
}
