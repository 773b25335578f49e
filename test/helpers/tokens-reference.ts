import { CJK_CHAR as CJK } from '../../src/text/cjk.ts';

/**
 * What a token is, as Unicode regular expressions say it (the definition `tokens` in `src/text/tokenize.ts` reads
 * code by code): runs of letters and digits of the lowercased NFKC text, CJK characters one each, Latin parts of a
 * mixed run whole.
 */
export function referenceTokens(text: string): string[] {
  const out: string[] = [];
  for (const [w] of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!CJK.test(w)) {
      out.push(w);
      continue;
    }
    let latin = '';
    for (const ch of w) {
      if (CJK.test(ch)) {
        if (latin) out.push(latin);
        latin = '';
        out.push(ch);
      } else latin += ch;
    }
    if (latin) out.push(latin);
  }
  return out;
}
