import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SuiteDataset } from './registry.ts';

/** Where the folder sets of this repository live: `evals/datasets/bundled/<set>/` (questions.jsonl + corpus/). */
export const BUNDLED_DIR = fileURLToPath(new URL('../datasets/bundled/', import.meta.url));

/** A folder set whose corpus is not built yet, with the command that builds it. */
export type UnbuiltSet = { key: string; build: string };

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

/**
 * The folder sets under `dir`: every folder holding a `questions.jsonl` or a script that builds one. A set is ready
 * when its questions and its `corpus/` are there (corpora are not stored in the repository, and two sets' questions
 * are built with them); the others are named with their `build-corpus.sh` or `build-corpus.ts`.
 */
export async function folderSets(dir: string = BUNDLED_DIR): Promise<{ ready: SuiteDataset[]; unbuilt: UnbuiltSet[] }> {
  const ready: SuiteDataset[] = [];
  const unbuilt: UnbuiltSet[] = [];
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const key of names) {
    const here = join(dir, key);
    const sh = join(here, 'build-corpus.sh');
    const ts = join(here, 'build-corpus.ts');
    const [questions, hasSh, hasTs] = await Promise.all([join(here, 'questions.jsonl'), sh, ts].map(exists));
    if (!questions && !hasSh && !hasTs) continue;
    const corpus = join(here, 'corpus');
    if (questions && (await exists(corpus)) && (await readdir(corpus)).length > 0) ready.push({ key, path: key });
    else
      unbuilt.push({
        key,
        build: hasSh ? `bash ${sh}` : hasTs ? `node --import tsx ${ts}` : `put its documents in ${corpus}`,
      });
  }
  return { ready, unbuilt };
}

/**
 * The groups of folder sets a change is judged on, from `groups.json` beside the sets (`{"dev-en": ["debian-manuals",
 * …], "held-out-en": […], …}`): the development sets, tuned on, and the held-out ones, measured once untouched when
 * written and then only quoted. `npm run eval -- folders` adds a pooled row for each group and `--groups` runs the
 * sets of some. None when the file is missing; a set in two groups, or a file of another shape, is an error.
 */
export async function folderGroups(dir: string = BUNDLED_DIR): Promise<Record<string, string[]>> {
  const file = join(dir, 'groups.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
  const shape = `${file}: write an object of group names, each a list of set folder names`;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(shape);
  const seen = new Map<string, string>();
  for (const [group, sets] of Object.entries(parsed)) {
    if (!Array.isArray(sets) || !sets.every((x) => typeof x === 'string')) throw new Error(`${shape} (${group})`);
    for (const set of sets) {
      const other = seen.get(set);
      if (other === group) throw new Error(`${file}: ${set} is listed twice in ${group}`);
      if (other !== undefined) throw new Error(`${file}: ${set} is in two groups, ${other} and ${group}`);
      seen.set(set, group);
    }
  }
  return parsed as Record<string, string[]>;
}
