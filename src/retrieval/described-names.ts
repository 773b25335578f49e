import type { SourceTable } from '../store/index.ts';
import { DescribedNames, folderNames } from '../text/index.ts';

/** Documents read for descriptions: the first chunks of each (where a README or manual page says what it is about). */
const OPENING_CHUNKS = 3;
/** A source of more documents than this is read no further (an encyclopaedia, not a folder). */
const MAX_OPENING_ROWS = 20_000;
const REFRESH_MS = 60_000;

type Entry = { at: number; names: Promise<DescribedNames | undefined>; failed?: boolean };
const cache = new WeakMap<SourceTable, Entry>();

/**
 * The programs a source's documents describe, by package folder (see `DescribedNames`), read once per source handle.
 * A handle serving a published version reads rows that never change (a newer ingest publishes another version, which
 * the store opens as a new handle); one reading the latest rows (a source never published, a writer's) is read again
 * after a minute so new ingests count, searches meanwhile going on with the last reading. A source whose documents
 * are not in folders of three or more packages (a JSONL corpus, one manual) has none, and only its paths are read to
 * find that out.
 */
export function describedNamesFor(src: SourceTable, now = Date.now()): Promise<DescribedNames | undefined> {
  const hit = cache.get(src);
  if (hit && ((src.servedVersion !== undefined && !hit.failed) || now - hit.at < REFRESH_MS)) return hit.names;
  const read = build(src);
  if (!hit || hit.failed) {
    // A source that cannot be read for descriptions is searched without them, and read again after a minute.
    const entry: Entry = {
      at: now,
      names: read.catch(() => {
        entry.failed = true;
        return undefined;
      }),
    };
    cache.set(src, entry);
    return entry.names;
  }
  cache.set(src, { at: now, names: hit.names });
  // A failed reading keeps the last one.
  read.then(
    (names) => cache.get(src)?.at === now && cache.set(src, { at: now, names: Promise.resolve(names) }),
    () => {},
  );
  return hit.names;
}

async function build(src: SourceTable): Promise<DescribedNames | undefined> {
  const firsts = await src.scanChunks(['path'], 'chunk_index = 0', MAX_OPENING_ROWS + 1);
  if (firsts.length > MAX_OPENING_ROWS) return undefined;
  const folders = firsts.map((r) => folderNames(String(r.path)));
  const depth = sharedDepth(folders);
  if (new Set(folders.map((f) => f[depth]).filter(Boolean)).size < 3) return undefined;
  const rows = await src.scanChunks(
    ['path', 'text'],
    `chunk_index < ${OPENING_CHUNKS}`,
    OPENING_CHUNKS * MAX_OPENING_ROWS,
  );
  const chunks = rows.flatMap((r) => {
    const group = folderNames(String(r.path))[depth];
    return group ? [{ text: String(r.text), group }] : [];
  });
  const names = new DescribedNames(chunks);
  return names.size ? names : undefined;
}

/** How many leading folders every document shares (the corpus root): the next one is its package. */
function sharedDepth(folders: readonly string[][]): number {
  const first = folders[0] ?? [];
  let depth = 0;
  while (depth < first.length && folders.every((f) => f[depth] === first[depth])) depth++;
  return depth;
}
