import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitSentences } from '../../src/text/index.ts';

/**
 * A realistic synthetic corpus for scale benchmarks, built from the shared datasets' sentences with a fixed seed:
 * each document is a few runs of consecutive sentences, the first run and the title from one real document, later
 * runs from the same document or another one of the same dataset. Term statistics, sentence shapes and titles are
 * real; no two chunks repeat (runs start at random sentences), so near-duplicate collapse does not distort search.
 * About 2.2 chunks per document at the default chunk size, as the corpus behind `../shared/MEASUREMENTS.md`.
 */

/** The shared datasets (`../shared/datasets`), or GROUNDED_BENCH_DATASETS. */
export const DATASETS =
  process.env.GROUNDED_BENCH_DATASETS ?? fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));

type Doc = { title: string; sentences: string[] };
type Pool = { docs: Doc[][]; queries: string[] };

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sentencesOf = (text: string) =>
  splitSentences(text)
    .map((s) => text.slice(s.start, s.end).trim())
    .filter((s) => s.length > 20);

async function jsonl(file: string): Promise<Record<string, string>[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string>);
}

/** The sentence pools (one per dataset, documents kept whole) and a mixed set of real queries. */
export async function loadPool(datasets: string): Promise<Pool> {
  const beir = async (dir: string) =>
    (await jsonl(join(datasets, dir, 'corpus.jsonl')))
      .map((d) => ({ title: d.title ?? '', sentences: sentencesOf(d.text ?? '') }))
      .filter((d) => d.sentences.length >= 2);
  const hotpot = Object.entries(
    JSON.parse(await readFile(join(datasets, 'hotpotqa', 'corpus.json'), 'utf8')) as Record<string, string[]>,
  )
    .map(([title, ss]) => ({ title, sentences: ss.map((s) => s.trim()).filter((s) => s.length > 20) }))
    .filter((d) => d.sentences.length >= 2);
  const docs = [await beir('scifact'), await beir('nfcorpus'), hotpot];
  const q = async (file: string) => (await jsonl(file)).map((x) => x.text!);
  const hotpotQs = (
    JSON.parse(await readFile(join(datasets, 'hotpotqa', 'questions.json'), 'utf8')) as { question: string }[]
  ).map((x) => x.question);
  const queries = interleave([
    await q(join(datasets, 'scifact', 'mini', 'queries.jsonl')),
    await q(join(datasets, 'nfcorpus', 'queries.jsonl')),
    hotpotQs,
  ]);
  return { docs, queries };
}

const interleave = (lists: string[][]): string[] => {
  const out: string[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
};

/** Words per generated document: 90–530, median ~235 (2.2 chunks of 256 tokens on average). */
const docWords = (r: () => number) => Math.round(90 + 440 * r() ** 1.6);

/** Documents `g0`, `g1`, … as BEIR JSONL lines (`_id`, `title`, `text`). Same seed, same corpus. */
export function* generateDocs(pool: Pool, count: number, seed = 20261201): Generator<string> {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  // Datasets weighted by their size, so each contributes its share of the sentences.
  const weights = pool.docs.map((d) => d.length);
  const total = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < count; i++) {
    let x = r() * total;
    let set = 0;
    while (x >= weights[set]!) x -= weights[set++]!;
    const docs = pool.docs[set]!;
    const first = pick(docs);
    const target = docWords(r);
    const parts: string[] = [];
    let words = 0;
    let from = first;
    while (words < target) {
      const start = Math.floor(r() * from.sentences.length);
      const run = 2 + Math.floor(r() * 4);
      for (let k = start; k < Math.min(from.sentences.length, start + run) && words < target; k++) {
        const s = from.sentences[k]!;
        parts.push(s);
        words += s.split(' ').length;
      }
      from = r() < 0.5 ? first : pick(docs);
    }
    // A blank line now and then: paragraphs, as real documents have.
    const text = parts.map((s, k) => (k > 0 && k % 6 === 0 ? `\n\n${s}` : k > 0 ? ` ${s}` : s)).join('');
    yield JSON.stringify({ _id: `g${i}`, title: first.title, text });
  }
}

/** Write `count` documents to `file`. */
export async function writeCorpus(pool: Pool, count: number, file: string, seed?: number): Promise<void> {
  const out = createWriteStream(file);
  for (const line of generateDocs(pool, count, seed)) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}
