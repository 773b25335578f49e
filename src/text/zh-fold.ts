import { ZH_TRADITIONAL_SIMPLIFIED } from './zh-simplified.ts';
import { ZH_TAIWAN_PHRASES } from './zh-tw-phrases.ts';

let forms: ReadonlyMap<string, string> | undefined;
/** Taiwan's phrases by their first character, longest first. */
let phrases: ReadonlyMap<string, readonly (readonly [string, string])[]> | undefined;

/** Each traditional character's simplified form (OpenCC's table, `zh-simplified.ts`), read once. */
function simplifiedForms(): ReadonlyMap<string, string> {
  if (!forms) {
    const chars = [...ZH_TRADITIONAL_SIMPLIFIED];
    const map = new Map<string, string>();
    for (let i = 0; i + 1 < chars.length; i += 2) map.set(chars[i]!, chars[i + 1]!);
    forms = map;
  }
  return forms;
}

function taiwanPhrases(): NonNullable<typeof phrases> {
  if (!phrases) {
    const map = new Map<string, [string, string][]>();
    for (const [tw, cn] of ZH_TAIWAN_PHRASES) {
      const first = String.fromCodePoint(tw.codePointAt(0)!);
      map.set(first, [...(map.get(first) ?? []), [tw, cn]]);
    }
    for (const list of map.values()) list.sort(([a], [b]) => b.length - a.length);
    phrases = map;
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
  let out: string | undefined;
  let i = 0;
  for (const c of text) {
    const s = table.get(c);
    if (s !== undefined && out === undefined) out = text.slice(0, i);
    if (out !== undefined) out += s ?? c;
    i += c.length;
  }
  return out ?? text;
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
  return text.replace(CJK_RUN, (run) => (KANA_HANGUL.test(run) ? run : toSimplifiedChars(mainlandWords(run))));
}

/** Taiwan's words of a Chinese run in the mainland's, longest first. */
function mainlandWords(run: string): string {
  const table = taiwanPhrases();
  let out: string | undefined;
  for (let i = 0; i < run.length; ) {
    const c = String.fromCodePoint(run.codePointAt(i)!);
    const found = table.get(c)?.find(([tw]) => run.startsWith(tw, i));
    if (found && out === undefined) out = run.slice(0, i);
    if (out !== undefined) out += found ? found[1] : c;
    i += found ? found[0].length : c.length;
  }
  return out ?? run;
}
