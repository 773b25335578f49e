import { ZH_TRADITIONAL_SIMPLIFIED } from './zh-simplified.ts';
import { ZH_TAIWAN_PHRASES } from './zh-tw-phrases.ts';

/** Simplified forms by UTF-16 code unit (the table's traditional characters are all in the BMP). */
let forms: (string | undefined)[] | undefined;
/** Taiwan's phrases by their first character's UTF-16 code unit, longest first. */
let phrases: (readonly (readonly [string, string])[] | undefined)[] | undefined;

/** Each traditional character's simplified form (OpenCC's table, `zh-simplified.ts`), read once. */
function simplifiedForms(): (string | undefined)[] {
  if (!forms) {
    const chars = [...ZH_TRADITIONAL_SIMPLIFIED];
    const table = new Array<string | undefined>(0x10000);
    for (let i = 0; i + 1 < chars.length; i += 2) {
      const code = chars[i]!.charCodeAt(0);
      if (chars[i]!.length !== 1) throw new Error(`${chars[i]} is outside the BMP`);
      table[code] = chars[i + 1]!;
    }
    forms = table;
  }
  return forms;
}

function taiwanPhrases(): NonNullable<typeof phrases> {
  if (!phrases) {
    const table = new Array<[string, string][] | undefined>(0x10000);
    for (const [tw, cn] of ZH_TAIWAN_PHRASES) {
      const first = tw.charCodeAt(0);
      table[first] = [...(table[first] ?? []), [tw, cn]];
    }
    for (const list of table) list?.sort(([a], [b]) => b.length - a.length);
    phrases = table;
  }
  return phrases;
}

/**
 * Text in simplified characters, character by character (`zh-simplified.ts`, OpenCC's table): "整台電腦" reads
 * "整台电脑", in any script's run (a Japanese heading's kanji too, so a word folds the same beside kana or alone). Each
 * character has one form, so the text keeps its length in characters (not always in UTF-16 units: some simplified
 * forms are astral): the dictionary's lookups read a run and its simplified form side by side. A few of the table's
 * characters are simplified ones too (乾 of 乾隆, 吒 of 哪吒): both sides of a comparison read them alike.
 */
export function toSimplifiedChars(text: string): string {
  const table = simplifiedForms();
  let out: string[] | undefined;
  for (let i = 0; i < text.length; i++) {
    const s = table[text.charCodeAt(i)];
    if (s === undefined) {
      out?.push(text[i]!);
      continue;
    }
    out ??= [text.slice(0, i)];
    out.push(s);
  }
  return out ? out.join('') : text;
}

/** Kana (not the middle dot or the long-vowel mark, which Chinese text uses too) or Hangul: Japanese or Korean. */
const KANA_HANGUL = /[\u3040-\u309f\u30a0-\u30fa\u30fd-\u30ff\uac00-\ud7af]/u;

/**
 * A Chinese run with Taiwan's words put as the mainland's (軟體 → 软件, 檔案 → 文件, 預設 → 默认: OpenCC's
 * TWPhrasesRev, `zh-tw-phrases.ts`), in simplified characters; `undefined` when it holds none (or is Japanese or
 * Korean). A second reading, added to the run's own (`toSimplifiedChars`) rather than put in its place: lexical
 * matching (the terms of questions and chunks, the n-gram column and its queries) reads both, so a question in
 * Taiwan's words finds the mainland's and one in the mainland's still finds the same words written in traditional
 * characters (設定 is 设定 and, in Taiwan's words, 设置).
 */
export function mainlandVariant(run: string): string | undefined {
  if (KANA_HANGUL.test(run)) return undefined;
  const table = taiwanPhrases();
  let out: string[] | undefined;
  for (let i = 0; i < run.length; ) {
    const found = table[run.charCodeAt(i)]?.find(([tw]) => run.startsWith(tw, i));
    if (!found) {
      out?.push(run[i]!);
      i++;
      continue;
    }
    out ??= [run.slice(0, i)];
    out.push(found[1]);
    i += found[0].length;
  }
  if (!out) return undefined;
  // A phrase the mainland writes alike (壁紙 for 壁紙) reads no differently: no second reading.
  const variant = toSimplifiedChars(out.join(''));
  return variant === toSimplifiedChars(run) ? undefined : variant;
}

/**
 * A CJK run's readings for lexical matching: in simplified characters, and in the mainland's words when it holds
 * Taiwan's (`mainlandVariant`). The n-gram column holds both (`cjkOnly`) and its queries look up both (`cjkPairs`).
 */
export function zhReadings(run: string): string[] {
  const variant = mainlandVariant(run);
  return variant ? [toSimplifiedChars(run), variant] : [toSimplifiedChars(run)];
}
