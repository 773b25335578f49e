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
    for (const [tw, cn] of ZH_TAIWAN_PHRASES) (table[tw.charCodeAt(0)] ??= []).push([tw, cn]);
    for (const list of table) list?.sort(([a], [b]) => b.length - a.length);
    phrases = table;
  }
  return phrases;
}

/**
 * Chinese text in simplified characters, character by character (`zh-simplified.ts`, OpenCC's table): "整台電腦" reads
 * "整台电脑". Each character has one form, so the text keeps its length: the dictionary's lookups read a run and its
 * simplified form side by side. A few of the table's characters are simplified ones too (乾 of 乾隆, 吒 of 哪吒): both
 * sides of a comparison read them alike, so they still match.
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

/** A run of Han characters, kana or Hangul; one holding kana or Hangul is Japanese or Korean, and left as written. */
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;
const KANA_HANGUL = /[\u3040-\u30ff\uac00-\ud7af]/u;

/**
 * Chinese text as lexical matching compares it (the terms of questions and chunks, the n-gram column and its
 * queries): Taiwan's words in the mainland's (軟體 → 軟件, 檔案 → 文件, 預設 → 默認: OpenCC's TWPhrasesRev,
 * `zh-tw-phrases.ts`), then in simplified characters (`toSimplifiedChars`). So a question in one script, or in
 * Taiwan's words, finds and is graded on passages in the other. Japanese and Korean runs are left as written.
 */
export function toSimplified(text: string): string {
  return text.replace(CJK_RUN, simplifiedRun);
}

/** One run of CJK characters as `toSimplified` reads it. */
export function simplifiedRun(run: string): string {
  return KANA_HANGUL.test(run) ? run : toSimplifiedChars(mainlandWords(run));
}

/** Taiwan's words of a Chinese run in the mainland's, longest first. */
function mainlandWords(run: string): string {
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
  return out ? out.join('') : run;
}
