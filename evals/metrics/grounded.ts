import { CJK_CHAR } from '../../src/text/index.ts';

/**
 * Folder-QA answer checks with the manuals-dev normalisation (its README and ../shared/acceptance/L1-manuals-dev):
 * lower case, whitespace collapsed, nothing else, so an answer like `--ignore-case` must appear as written.
 */
export const looseNormalize = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A letter or digit of a script that puts spaces between its words (not Chinese, Japanese or Korean). */
const spacedWord = (c: string | undefined): boolean => !!c && /[\p{L}\p{N}]/u.test(c) && !CJK_CHAR.test(c);

/**
 * The loose form without Markdown's inline marks (`` ` `` and `*`, which a rendered page does not show) and with only
 * the spaces that separate two words kept: a space beside punctuation, or beside a CJK character (those scripts put
 * none between words), is dropped.
 */
const wordSpaced = (s: string): string =>
  looseNormalize(s.replace(/[`*]/g, '')).replace(/ /g, (_, i: number, t: string) =>
    spacedWord(t[i - 1]) && spacedWord(t[i + 1]) ? ' ' : '',
  );

/**
 * Whether any accepted answer occurs inside one of the texts; each text is checked alone. Both sides are compared
 * loosely normalised with only the spaces between two words kept: a gold span copied from a text dump has a space
 * wherever an HTML tag was (`kzonecheck , kzonesign`, `看下在" /etc/hosts.deny "裡`), where the page, and grounded's
 * extracted text, have none (`kzonecheck, kzonesign`, `看下在"/etc/hosts.deny"裡`); one copied from a Markdown
 * file's source keeps the marks its rendered text has not ("compiled with the `-pg` option", "It *cannot* trace"). Every answer that
 * `looseNormalize` finds (the manuals-dev and L1 check) is still found: the comparison only drops spaces and those marks.
 */
export function holdsAnswer(texts: readonly string[], answers: readonly string[]): boolean {
  const golds = answers.map(wordSpaced).filter(Boolean);
  if (!golds.length) return false;
  return texts.some((t) => {
    const hay = wordSpaced(t);
    return golds.some((g) => hay.includes(g));
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
