import { isCjkToken, STOP_WORDS, stem, tokens } from '../text/index.ts';
import type { Embedder } from './embedder.ts';
import { fnv1a } from './hash.ts';

const WORD_WEIGHT = 1;
const BIGRAM_WEIGHT = 0.5;
const CHARGRAM_WEIGHT = 0.35;

/**
 * Offline, deterministic embedder: signed feature hashing of stemmed words, word bigrams and character 3–5-grams
 * of each content word (morphology and abbreviations the stemmer misses), CJK as character uni/bigrams;
 * sublinear term weights, L2-normalised. No model, no download.
 */
export function createBuiltinEmbedder(dimensions = 1024): Embedder {
  if (!Number.isInteger(dimensions) || dimensions < 16)
    throw new RangeError(`dimensions must be an integer >= 16, got ${dimensions}`);
  return {
    id: `builtin-hash-v1`,
    dimensions,
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (const t of texts) {
        signal?.throwIfAborted();
        out.push(embedOne(t, dimensions));
      }
      return out;
    },
  };
}

export function embedOne(text: string, dims: number): Float32Array {
  const counts = new Map<string, number>();
  const add = (f: string, w: number) => counts.set(f, (counts.get(f) ?? 0) + w);
  const toks = tokens(text);
  let prev: string | undefined;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (isCjkToken(t)) {
      add(`w:${t}`, WORD_WEIGHT);
      const n = toks[i + 1];
      if (n && isCjkToken(n)) add(`b:${t}${n}`, WORD_WEIGHT);
      prev = undefined;
      continue;
    }
    if (STOP_WORDS.has(t)) {
      prev = undefined;
      continue;
    }
    const s = stem(t);
    add(`w:${s}`, WORD_WEIGHT);
    if (prev) add(`b:${prev} ${s}`, BIGRAM_WEIGHT);
    prev = s;
    const padded = `<${t}>`;
    for (let n = 3; n <= 5; n++)
      for (let j = 0; j + n <= padded.length; j++) add(`c:${padded.slice(j, j + n)}`, CHARGRAM_WEIGHT);
  }
  const v = new Float32Array(dims);
  for (const [f, c] of counts) {
    const h = fnv1a(f);
    const sign = h & 0x80000000 ? -1 : 1;
    const w = c > 0 ? Math.log1p(c) : 0;
    v[h % dims]! += sign * w;
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dims; i++) v[i]! /= norm;
  return v;
}
