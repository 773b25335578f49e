import { access, readdir } from 'node:fs/promises';
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
