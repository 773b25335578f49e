import { readFile } from 'node:fs/promises';

/**
 * JSON Lines split on "\n" only: corpora carry U+0085 and U+2028 inside their text, which a generic line
 * splitter would treat as line ends. Blank lines are skipped; a bad line fails with its number.
 */
export function parseJsonl<T = unknown>(text: string, source = 'input'): T[] {
  const out: T[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      out.push(JSON.parse(line) as T);
    } catch (e) {
      throw new Error(`${source}:${i + 1}: not JSON (${(e as Error).message})`);
    }
  });
  return out;
}

export const readJsonl = async <T = unknown>(path: string): Promise<T[]> =>
  parseJsonl<T>(await readFile(path, 'utf8'), path);
