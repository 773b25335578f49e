/**
 * Folder-QA answer checks with the manuals-dev normalisation (its README and ../shared/acceptance/L1-manuals-dev):
 * lower case, whitespace collapsed, nothing else, so an answer like `--ignore-case` must appear as written.
 */
export const looseNormalize = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Whether any accepted answer occurs (loosely normalised) inside one of the texts; each text is checked alone. */
export function holdsAnswer(texts: readonly string[], answers: readonly string[]): boolean {
  const golds = answers.map(looseNormalize).filter(Boolean);
  if (!golds.length) return false;
  return texts.some((t) => {
    const hay = looseNormalize(t);
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
