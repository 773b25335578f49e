import { existsSync, readFileSync } from 'node:fs';
import { tokens } from '../../src/text/tokenize.ts';
import { referenceTokens } from '../../test/helpers/tokens-reference.ts';

const SCIFACT = '../shared/datasets/scifact/corpus.jsonl';
const CMRC = '../shared/datasets/cmrc2018/queries.json';

/** Up to `n` texts of SciFact's JSONL corpus (title and text), or none when the dataset is not beside the checkout. */
function scifact(n: number): string[] {
  if (!existsSync(SCIFACT)) return [];
  return readFileSync(SCIFACT, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)
    .map((l) => {
      const j = JSON.parse(l) as { title?: string; text?: string };
      return `${j.title ?? ''}\n${j.text ?? ''}`;
    });
}

/** CMRC's distinct passages, or none. */
function cmrc(): string[] {
  if (!existsSync(CMRC)) return [];
  const q = JSON.parse(readFileSync(CMRC, 'utf8')) as { queries: { context: string }[] };
  return [...new Set(q.queries.map((x) => x.context))];
}

const perText = (texts: readonly string[], f: (t: string) => unknown): number => {
  for (const t of texts.slice(0, 200)) f(t);
  const s = performance.now();
  for (const t of texts) f(t);
  return ((performance.now() - s) * 1000) / texts.length;
};

/**
 * `npm run bench -- tokens`: `tokens` (read code by code) against the Unicode regular expressions that define it
 * (the baseline, same process), per text of SciFact's abstracts (English) and CMRC's passages (Chinese) when
 * `../shared/datasets` is beside the checkout, else of a generated English text. Three rounds; every text must
 * give the same tokens both ways.
 */
export async function benchTokens(): Promise<void> {
  const sets = (
    [
      ['English (SciFact abstracts)', scifact(3000)],
      ['Chinese (CMRC passages)', cmrc()],
    ] as [string, string[]][]
  ).filter(([, t]) => t.length > 0);
  if (sets.length === 0)
    sets.push([
      'English (generated)',
      Array.from({ length: 2000 }, (_, i) => `Chunk ${i}: the retrieval ledger's café — v2.${i} `.repeat(20)),
    ]);
  for (const [name, texts] of sets) {
    for (const t of texts)
      if (tokens(t).join('\u0000') !== referenceTokens(t).join('\u0000'))
        throw new Error(`tokens differ on ${t.slice(0, 80)}`);
    for (let round = 1; round <= 3; round++) {
      const base = perText(texts, referenceTokens);
      const ours = perText(texts, tokens);
      console.log(
        `${name}, round ${round}: tokens ${ours.toFixed(1)} µs/text, regular expressions ${base.toFixed(1)} µs/text (×${(base / ours).toFixed(2)})`,
      );
    }
  }
}
