import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { decodeEntities } from '../../ingest/loaders/html-entities.ts';
import { kindOf } from '../../ingest/loaders/index.ts';
import { DocTexts } from '../corpus.ts';
import type { EvalItem } from '../datasets/types.ts';
import { holdsAnswer } from '../metrics/grounded.ts';

/**
 * The plain BM25 passage baseline of a folder-QA dataset (the idea of manuals-dev's bm25_baseline.py, written
 * afresh): every file's visible text (HTML without script/style/head/comments, tags → spaces, entities decoded)
 * cut into windows of 200 words every 100 words; lowercase alphanumeric tokens; BM25 with k1 0.9, b 0.4 and
 * idf ln(1 + (N − n + 0.5)/(n + 0.5)). An item scores 1 when a top-5 passage holds an accepted answer. Chinese,
 * Japanese and Korean text, written without spaces, counts each character as a word of the window and is searched
 * by its character pairs (a lone character by itself): read as space-separated words, a Chinese page was a window or
 * two of no tokens but its Latin ones.
 * Independent of grounded's index and chunking, so it says how findable the answers are at all. Files that are not
 * text as they are — PDFs and gzip-compressed files (`manual.pdf.gz`) — are read through ingest's loaders for their
 * text alone; read as bytes they would hold no words.
 */
export type PassageBm25Options = { window?: number; stride?: number; k1?: number; b?: number; topK?: number };

const CJK = String.raw`\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af`;
const TOKEN = new RegExp(`[a-z0-9]+|[${CJK}]+`, 'g');
const CJK_RUN = new RegExp(`^[${CJK}]`);
/** Lowercase alphanumeric words, and the character pairs of CJK runs (a run of one character: itself). */
const tokens = (s: string): string[] =>
  (s.toLowerCase().match(TOKEN) ?? []).flatMap((t) => {
    if (!CJK_RUN.test(t)) return [t];
    const chars = [...t];
    return chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i]! + c);
  });
/** The window's words: whitespace-separated words, a CJK character each; as [start, end) offsets into the text. */
const WORD = new RegExp(`[${CJK}]|[^\\s${CJK}]+`, 'gu');
const wordSpans = (text: string): [number, number][] =>
  [...text.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length]);

export function visibleText(src: string, file: string): string {
  if (!/\.x?html?$/i.test(file)) return src;
  const stripped = src.replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, ' ');
  return decodeEntities(stripped.replace(/<[^>]+>/g, ' '));
}

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(full)));
    else if (e.isFile()) out.push(full);
  }
  return out.sort();
}

export class PassageBm25 {
  private readonly tfs: Map<string, number>[] = [];
  private readonly lens: number[] = [];
  private readonly idf = new Map<string, number>();
  private avgdl = 0;

  private constructor(
    readonly passages: { file: string; text: string }[],
    private readonly k1: number,
    private readonly b: number,
  ) {
    const df = new Map<string, number>();
    for (const p of passages) {
      const tf = new Map<string, number>();
      const toks = tokens(p.text);
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
      this.tfs.push(tf);
      this.lens.push(toks.length);
    }
    const n = passages.length;
    this.avgdl = this.lens.reduce((s, l) => s + l, 0) / Math.max(1, n);
    for (const [t, c] of df) this.idf.set(t, Math.log(1 + (n - c + 0.5) / (c + 0.5)));
  }

  static async fromFolder(dir: string, o: PassageBm25Options = {}): Promise<PassageBm25> {
    const window = o.window ?? 200;
    const stride = o.stride ?? 100;
    const passages: { file: string; text: string }[] = [];
    const extracted = new DocTexts(dir);
    try {
      for (const f of await files(dir)) {
        const file = relative(dir, f);
        // A file ingest cannot read holds no passage here either.
        const text =
          /\.gz$/i.test(f) || kindOf(f) === 'pdf'
            ? ((await extracted.get(file).catch(() => undefined)) ?? '')
            : visibleText(await readFile(f, 'utf8'), f);
        const words = wordSpans(text);
        for (let i = 0; i < Math.max(1, words.length - window + stride); i += stride) {
          if (i > 0 && i >= words.length) break;
          const last = words[Math.min(i + window, words.length) - 1];
          const slice = last ? text.slice(words[i]![0], last[1]) : '';
          passages.push({ file, text: slice.replace(/\s+/g, ' ') });
        }
      }
    } finally {
      await extracted.close();
    }
    return new PassageBm25(passages, o.k1 ?? 0.9, o.b ?? 0.4);
  }

  /** Indexes of the best passages with a positive score, best first. */
  search(query: string, k = 5): number[] {
    const q = tokens(query).filter((t) => this.idf.has(t));
    const scored: [number, number][] = [];
    this.tfs.forEach((tf, i) => {
      let s = 0;
      const norm = this.k1 * (1 - this.b + (this.b * this.lens[i]!) / this.avgdl);
      for (const t of q) {
        const c = tf.get(t);
        if (c) s += (this.idf.get(t)! * c * (this.k1 + 1)) / (c + norm);
      }
      if (s > 0) scored.push([s, i]);
    });
    return scored
      .sort((a, b) => b[0] - a[0] || b[1] - a[1])
      .slice(0, k)
      .map(([, i]) => i);
  }

  /** 1 when a top-k passage holds an accepted answer of the item. */
  answerAtK(item: EvalItem, k = 5): number {
    const answers = item.answers ?? (item.answer ? [item.answer] : []);
    return holdsAnswer(
      this.search(item.question, k).map((i) => this.passages[i]!.text),
      answers,
    )
      ? 1
      : 0;
  }
}
