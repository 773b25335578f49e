import { createHash } from 'node:crypto';

export type Split = 'dev' | 'test';
export type SplitOption = Split | 'all';
export const SPLITS: readonly SplitOption[] = ['dev', 'test', 'all'];

/**
 * The half a query belongs to, from its id alone: SHA-256 of the id's UTF-8 bytes; first byte < 128 → `dev`,
 * else `test`. In shell: `printf %s "$ID" | sha256sum` — the first two hex digits below 80 mean dev. The same id
 * lands in the same half on every machine and whatever other queries a dataset holds; over many ids the halves
 * are equal in expectation (a fair coin per id).
 */
export function splitOf(id: string): Split {
  return createHash('sha256').update(id, 'utf8').digest()[0]! < 128 ? 'dev' : 'test';
}

/** The items of one half (or all of them), in their original order. */
export function pickSplit<T extends { id: string }>(items: readonly T[], split: SplitOption): T[] {
  return split === 'all' ? [...items] : items.filter((i) => splitOf(i.id) === split);
}
