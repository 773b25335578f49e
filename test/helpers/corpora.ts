import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * Chinese passages from the CMRC 2018 contexts in `test/fixtures/cmrc2018/` (CC BY-SA 4.0): each context split into
 * sentences, and every run of 1 to 6 consecutive sentences a passage (about 8,300 from 137 contexts).
 */
export async function chinesePassages(): Promise<string[]> {
  const file = new URL('../fixtures/cmrc2018/contexts.json', import.meta.url);
  const contexts = JSON.parse(await readFile(file, 'utf8')) as string[];
  const out: string[] = [];
  for (const c of contexts) {
    const sentences = c.split(/(?<=[。！？])/).filter((s) => s.trim());
    for (let w = 1; w <= 6; w++)
      for (let i = 0; i + w <= sentences.length; i++) out.push(sentences.slice(i, i + w).join(''));
  }
  return out;
}

const CONSONANTS = 'bcdfghklmnprstvz';
const VOWELS = 'aeiou';

/** A pseudo-word per number: a vocabulary of distinct terms that stems leave apart. */
const word = (n: number): string => {
  let s = '';
  for (let k = n + 1; k > 0; k = Math.floor(k / 80)) s += CONSONANTS[k % 16]! + VOWELS[Math.floor(k / 16) % 5]!;
  return s;
};

/**
 * English-like documents with a Zipf-ish vocabulary of a few thousand terms: `n` documents of `sentences` sentences
 * of 14 words (two sentences: one chunk each).
 */
export function syntheticDocs(n: number, sentences = 2): { _id: string; title: string; text: string }[] {
  const docs = [];
  for (let i = 0; i < n; i++) {
    const pick = (j: number) => word(Math.floor(4000 / (1 + ((i * 31 + j * 17) % 97))) + ((i + j * 7) % 13));
    const sentence = (s: number) =>
      Array.from({ length: 14 }, (_, j) => pick(s * 14 + j))
        .join(' ')
        .replace(/^./, (c) => c.toUpperCase());
    const text = Array.from({ length: sentences }, (_, s) => `${sentence(s)}.`).join(' ');
    docs.push({ _id: `doc-${i}`, title: `Record ${i} ${word(i % 500)}`, text });
  }
  return docs;
}

/** Write records as JSONL. */
export async function writeJsonl(file: string, records: readonly unknown[]): Promise<void> {
  const out = createWriteStream(file);
  for (const r of records)
    if (!out.write(`${JSON.stringify(r)}\n`)) await new Promise<void>((res) => out.once('drain', () => res()));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}
