/**
 * Capitalised spans — the names a text mentions ("Marie Curie", "Bank of England", "ADAR1"): runs of capitalised
 * words, joined by the small words names contain. The one pattern the agent uses for names (entities of follow-up
 * questions, bridge entities, key question terms).
 */
const SPAN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+(?:of|the|de|von|and)?\s*\p{Lu}[\p{L}\p{N}&.'-]*)*/gu;
/** What may stand before a sentence's first word: the text's start or sentence punctuation, then space or quotes. */
const SENTENCE_START = /(?:^|[.!?:;。！？]["”’')\]]*)\s*["“‘'(]*$/u;

export type NameSpan = { text: string; start: number; sentenceStart: boolean };

export function nameSpans(text: string): NameSpan[] {
  const out: NameSpan[] = [];
  for (const m of text.matchAll(SPAN)) {
    const raw = m[0].replace(/[.'-]+$/u, '');
    const start = m.index ?? 0;
    out.push({ text: raw, start, sentenceStart: SENTENCE_START.test(text.slice(Math.max(0, start - 8), start)) });
  }
  return out;
}
