import { CJK_CHAR } from '../../src/text/index.ts';

/**
 * Folder-QA answer checks with the manuals-dev normalisation (its README and ../shared/acceptance/L1-manuals-dev):
 * lower case, whitespace collapsed, so an answer like `--ignore-case` must appear as written; `holdsAnswer` also
 * reads our own sets' spans copied from text dumps (below).
 */
export const looseNormalize = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A letter or digit of a script that puts spaces between its words (not Chinese, Japanese or Korean). */
const spacedWord = (c: string | undefined): boolean => !!c && /[\p{L}\p{N}]/u.test(c) && !CJK_CHAR.test(c);

/** Markdown's inline marks around a span, which a rendered page does not show: `` `-pg` ``, `*cannot*`, `**not**`. */
const unmarked = (s: string): string => s.replace(/`+([^`]+?)`+/g, '$1').replace(/(\*{1,2})(?=\S)([^*]*?\S)\1/g, '$2');

/**
 * The loose form without Markdown's inline marks and with only the spaces that separate two words kept: a space
 * beside punctuation, or beside a CJK character (those scripts put none between words), is dropped.
 */
const wordSpaced = (s: string): string =>
  looseNormalize(unmarked(s)).replace(/ /g, (_, i: number, t: string) =>
    spacedWord(t[i - 1]) && spacedWord(t[i + 1]) ? ' ' : '',
  );

/**
 * Whether any accepted answer occurs inside one of the texts; each text is checked alone. An answer counts as
 * `looseNormalize` finds it (the manuals-dev and L1 check), or with both sides read by `wordSpaced`: a gold span
 * copied from a text dump has a space wherever an HTML tag was (`kzonecheck , kzonesign`, `看下在" /etc/hosts.deny
 * "裡`), where the page, and grounded's extracted text, have none (`kzonecheck, kzonesign`,
 * `看下在"/etc/hosts.deny"裡`); one copied from a Markdown file's source keeps the marks its rendered text has not
 * ("compiled with the `-pg` option", "It *cannot* trace").
 */
export function holdsAnswer(texts: readonly string[], answers: readonly string[]): boolean {
  const golds = answers.filter((a) => a.trim()).map((a) => ({ loose: looseNormalize(a), spaced: wordSpaced(a) }));
  if (!golds.length) return false;
  return texts.some((t) => {
    const loose = looseNormalize(t);
    if (golds.some((g) => loose.includes(g.loose))) return true;
    const spaced = wordSpaced(t);
    return golds.some((g) => g.spaced !== '' && spaced.includes(g.spaced));
  });
}

/**
 * Grounded answer: the system answered, and an accepted answer is inside the answer text or one of the
 * given cited texts (whole cited chunks, or only the cited spans for the acceptance script's stricter reading).
 */
export const groundedAnswer = (
  answered: boolean,
  answer: string,
  cited: readonly string[],
  answers: readonly string[],
): number => (answered && holdsAnswer([answer, ...cited], answers) ? 1 : 0);

/** A citation is exact when its text is the document's extracted text sliced at its offsets. */
export type CitationCheck = { exact: number; total: number };

export function checkCitations(
  citations: readonly { doc_id: string; start: number; end: number; text: string }[],
  docText: (docId: string) => string | undefined,
): CitationCheck {
  let exact = 0;
  for (const c of citations) if (docText(c.doc_id)?.slice(c.start, c.end) === c.text) exact++;
  return { exact, total: citations.length };
}
