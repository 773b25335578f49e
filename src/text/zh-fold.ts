import { ZH_TRADITIONAL_SIMPLIFIED } from './zh-simplified.ts';

let table: ReadonlyMap<string, string> | undefined;

/** Each traditional character's simplified form (OpenCC's table, `zh-simplified.ts`), read once. */
function simplifiedForms(): ReadonlyMap<string, string> {
  if (!table) {
    const forms = [...ZH_TRADITIONAL_SIMPLIFIED];
    const map = new Map<string, string>();
    for (let i = 0; i + 1 < forms.length; i += 2) map.set(forms[i]!, forms[i + 1]!);
    table = map;
  }
  return table;
}

/**
 * Chinese text in simplified characters, character by character: "整台電腦" reads "整台电脑". What lexical matching
 * compares (the terms of questions and chunks, the n-gram column and its queries), so a question in one script finds
 * and is graded on passages in the other. A few of the table's characters are simplified ones too (乾 of 乾隆, 吒 of
 * 哪吒): both sides read them alike, so they still match.
 */
export function toSimplified(text: string): string {
  const forms = simplifiedForms();
  let out: string | undefined;
  let i = 0;
  for (const c of text) {
    const s = forms.get(c);
    if (s !== undefined && out === undefined) out = text.slice(0, i);
    if (out !== undefined) out += s ?? c;
    i += c.length;
  }
  return out ?? text;
}
