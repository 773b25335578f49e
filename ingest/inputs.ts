import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { globBase, globToRegExp, isGlob } from './glob.ts';
import { kindOf } from './loaders/index.ts';

/** A file to ingest: its absolute path, how it is shown, and the id a single-document file gets. */
export type InputFile = { file: string; path: string; docId: string; size: number };

export type Inputs = {
  files: InputFile[];
  /** Inputs that name nothing: a missing path or a pattern without matches. */
  missing: string[];
  /** Whether a file is within this run's inputs (its documents may be deleted if it is gone). */
  covers(file: string): boolean;
};

const toPosix = (p: string) => p.split(sep).join('/');

/** A path relative to the base when it lies below it (stable ids across machines), otherwise absolute. */
export function displayPath(file: string, baseDir: string): string {
  const rel = toPosix(relative(baseDir, file));
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : toPosix(file);
}

/**
 * Expand paths, directories (walked for supported types, skipping hidden entries and node_modules) and globs into
 * a sorted, de-duplicated list of files. A file named explicitly is kept whatever its type, so it can be reported.
 */
export async function resolveInputs(inputs: readonly string[], baseDir: string): Promise<Inputs> {
  const found = new Map<string, number>();
  const missing: string[] = [];
  const covers: ((f: string) => boolean)[] = [];
  for (const input of inputs) {
    if (isGlob(input)) {
      const pattern = globToRegExp(toPosix(resolve(baseDir, input)));
      const base = resolve(baseDir, globBase(input));
      covers.push((f) => pattern.test(toPosix(f)));
      const before = found.size;
      for (const [f, size] of await walk(base)) if (kindOf(f) && pattern.test(toPosix(f))) found.set(f, size);
      if (found.size === before) missing.push(input);
      continue;
    }
    const abs = resolve(baseDir, input);
    const st = await stat(abs).catch(() => undefined);
    if (!st) missing.push(input);
    else if (st.isDirectory()) {
      covers.push((f) => f.startsWith(abs + sep));
      for (const [f, size] of await walk(abs)) if (kindOf(f)) found.set(f, size);
    } else {
      covers.push((f) => f === abs);
      found.set(abs, st.size);
    }
  }
  const files = [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, size]) => ({ file, size, path: displayPath(file, baseDir), docId: displayPath(file, baseDir) }));
  return { files, missing, covers: (f) => covers.some((c) => c(f)) };
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
