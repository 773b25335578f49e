import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ManifestEntry, Metadata } from '../src/store/index.ts';
import { globBase, globToRegExp, isGlob } from './glob.ts';
import { readableKind } from './loaders/index.ts';

/**
 * A file to ingest: its absolute path, how it is shown, and the id a single-document file gets; `origin` (default:
 * the path) is what the manifest records it came from, `metadata` is given with it (an upload's).
 */
export type InputFile = {
  file: string;
  path: string;
  docId: string;
  size: number;
  origin?: string;
  metadata?: Metadata;
};

/** A file already on disk whose name the caller gives (an HTTP upload): its document id, never its path. */
export type GivenFile = { file: string; id: string; size: number; metadata?: Metadata };

/**
 * Given files as inputs: each is known by its id (`upload:<id>` in the manifest), and nothing else in the source is
 * taken as gone, so an upload never deletes other documents.
 */
export const givenInputs = (files: readonly GivenFile[]): Inputs => ({
  files: files.map((f) => ({
    file: f.file,
    size: f.size,
    path: f.id,
    docId: f.id,
    origin: `upload:${f.id}`,
    metadata: f.metadata,
  })),
  missing: [],
  unsupported: [],
  covers: () => false,
});

export type Inputs = {
  files: InputFile[];
  /** Inputs that name nothing: a missing path or a pattern without matches. */
  missing: string[];
  /** Files a directory or glob walk passed over because ingest does not read their type (as shown, sorted). */
  unsupported: string[];
  /** Whether a file is within this run's inputs (its documents may be deleted if it is gone). */
  covers(file: string): boolean;
};

const toPosix = (p: string) => p.split(sep).join('/');

const below = (file: string, dir: string): string | undefined => {
  const rel = toPosix(relative(dir, file));
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : undefined;
};

/**
 * How a file is named in document ids and citations — never by an absolute server path: relative to the base (the
 * CLI's working directory) when it lies below it, otherwise relative to `root`, the folder holding what was named
 * (so `/srv/docs/handbook` gives `handbook/w.md`, and `/srv/docs/w.md` gives `w.md`).
 */
export function displayPath(file: string, baseDir: string, root = dirname(file)): string {
  return below(file, baseDir) ?? below(file, root) ?? toPosix(file).split('/').pop()!;
}

/**
 * Expand paths, directories (walked for supported types, skipping hidden entries and node_modules) and globs into
 * a sorted, de-duplicated list of files. A file named explicitly is kept whatever its type, so it can be reported;
 * one of another type found by a walk (a file without an extension whose start is not text, too) is listed in
 * `unsupported`.
 */
export async function resolveInputs(inputs: readonly string[], baseDir: string): Promise<Inputs> {
  // file → [size, the folder holding the input it was found by]
  const found = new Map<string, [number, string]>();
  const missing: string[] = [];
  const passedOver = new Map<string, string>();
  const covers: ((f: string) => boolean)[] = [];
  for (const input of inputs) {
    if (isGlob(input)) {
      const pattern = globToRegExp(toPosix(resolve(baseDir, input)));
      const base = resolve(baseDir, globBase(input));
      covers.push((f) => pattern.test(toPosix(f)));
      const before = found.size;
      for (const [f, size] of await walk(base)) {
        if (!pattern.test(toPosix(f))) continue;
        if (await readableKind(f)) found.set(f, [size, dirname(base)]);
        else passedOver.set(f, dirname(base));
      }
      if (found.size === before) missing.push(input);
      continue;
    }
    const abs = resolve(baseDir, input);
    const st = await stat(abs).catch(() => undefined);
    if (!st) missing.push(input);
    else if (st.isDirectory()) {
      covers.push((f) => f.startsWith(abs + sep));
      for (const [f, size] of await walk(abs)) {
        if (await readableKind(f)) found.set(f, [size, dirname(abs)]);
        else passedOver.set(f, dirname(abs));
      }
    } else {
      covers.push((f) => f === abs);
      found.set(abs, [st.size, dirname(abs)]);
    }
  }
  const files = [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, [size, root]]) => {
      const path = displayPath(file, baseDir, root);
      return { file, size, path, docId: path };
    });
  const unsupported = [...passedOver]
    .filter(([f]) => !found.has(f))
    .map(([f, root]) => displayPath(f, baseDir, root))
    .sort();
  return { files, missing, unsupported, covers: (f) => covers.some((c) => c(f)) };
}

/** An id written before ids were portable: an absolute server path (POSIX or Windows). */
const isServerPath = (id: string) => isAbsolute(id) || /^[A-Za-z]:[\\/]/.test(id);

/**
 * A file the source already holds keeps the id it was given then, however it is named now (a file ingested with
 * its folder, then on its own, is still the same document) — unless that id is an absolute server path: such a
 * document takes its portable id, and the old one is deleted as gone.
 */
export function keepKnownIds(files: InputFile[], manifest: ReadonlyMap<string, ManifestEntry>): void {
  // Single-document files only: a JSONL file's documents are named by their records.
  const byOrigin = new Map<string, ManifestEntry | null>();
  for (const e of manifest.values()) byOrigin.set(e.origin, byOrigin.has(e.origin) ? null : e);
  for (const f of files) {
    const known = byOrigin.get(f.origin ?? f.file);
    if (known && known.doc_id !== f.docId && !isServerPath(known.doc_id)) {
      f.docId = known.doc_id;
      f.path = known.path;
    }
  }
}

async function walk(dir: string, out = new Map<string, number>()): Promise<Map<string, number>> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const full = join(dir, e.name);
    if (e.isDirectory()) await walk(full, out);
    else if (e.isFile() || e.isSymbolicLink()) {
      const st = await stat(full).catch(() => undefined);
      if (st?.isFile()) out.set(full, st.size);
    }
  }
  return out;
}
