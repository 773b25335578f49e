import type { SourceReader } from '../../store/index.ts';
import { TitleIndex } from '../../text/index.ts';

const cache = new WeakMap<SourceReader, { at: number; index: Promise<TitleIndex> }>();

/**
 * The title index of a source's documents (read from its manifest, one row per document), built once per source
 * handle and refreshed after a minute, so new ingests are picked up.
 */
export function titleIndexFor(src: SourceReader, now = Date.now()): Promise<TitleIndex> {
  const hit = cache.get(src);
  if (hit && now - hit.at < 60_000) return hit.index;
  const index = src.documentTitles().then((titles) => new TitleIndex(titles));
  cache.set(src, { at: now, index });
  return index;
}
