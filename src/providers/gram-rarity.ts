import { ENGLISH_STEMS } from '../text/english-words.ts';
import { charGramCount, charGrams } from './char-grams.ts';

/**
 * A static idf for character n-grams, with no corpus: how rare a gram is among the 45,597 stems of the bundled
 * English lexicon (`src/text/english-words.ts`), as log((N + 1) / (df + 1)) / log(N + 1) in (0, 1]. Grams of
 * English morphology ("ing>", "tion", "<co") score low; grams of names, technical terms and numbers, high (a gram
 * in no stem scores 1). Counted once, on first use (tens of ms), into an open-addressing table of ~127k grams.
 */
export function gramRarity(hash: number): number {
  table ??= buildTable();
  const t = table;
  const mask = t.keys.length - 1;
  for (let i = slot(hash, t.bits); ; i = (i + 1) & mask) {
    if (t.counts[i] === 0) return 1;
    if (t.keys[i] === hash) return Math.log((t.stems + 1) / (t.counts[i]! + 1)) / Math.log(t.stems + 1);
  }
}

type Table = { bits: number; keys: Uint32Array; counts: Uint16Array; stems: number };
let table: Table | undefined;

const slot = (hash: number, bits: number) => Math.imul(hash, 0x9e3779b1) >>> (32 - bits);

function buildTable(): Table {
  const bits = 18; // 2^18 slots for ~127k distinct grams: under half full
  const keys = new Uint32Array(1 << bits);
  const counts = new Uint16Array(1 << bits);
  const mask = keys.length - 1;
  const words = ENGLISH_STEMS.split(' ').filter((w) => w);
  const grams = new Uint32Array(charGramCount(words.reduce((m, w) => Math.max(m, w.length), 0)));
  for (const w of words) {
    const n = charGrams(w, grams);
    for (let g = 0; g < n; g++) {
      const h = grams[g]!;
      let i = slot(h, bits);
      while (counts[i] !== 0 && keys[i] !== h) i = (i + 1) & mask;
      keys[i] = h;
      if (counts[i]! < 0xffff) counts[i]!++;
    }
  }
  return { bits, keys, counts, stems: words.length };
}
