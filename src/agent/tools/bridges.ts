import { nameOf, type TitleIndex } from '../../text/index.ts';

/** Capitalised spans (names) in a text that the question does not already mention. */
export function capitalisedSpans(text: string, question: string): string[] {
  const q = question.toLowerCase();
  const out = new Set<string>();
  // Not after a sentence end: "Two" or "Though" opening a sentence is not a name.
  for (const m of text.matchAll(
    /(?<=[^\s.!?:;"”]\s+)([A-Z][\p{L}\p{N}'-]+(?:\s+(?:of|the|de|and)?\s*[A-Z][\p{L}\p{N}'-]+)*)/gu,
  )) {
    const s = m[1]!;
    if (s.length > 2 && !q.includes(s.toLowerCase())) out.add(s);
  }
  return [...out].slice(0, 4);
}

/** Titles of other documents a paragraph mentions (links), leaving out those the question names itself. */
export function linksOf(p: { title: string; text: string }, question: string, titles: TitleIndex): string[] {
  if (!titles.size) return [];
  const q = question.toLowerCase();
  return titles.mentions(p.text).filter((t) => t !== p.title && !q.includes(nameOf(t).toLowerCase()));
}

/** Bridge entities of a paragraph: the documents it links to, else the names it mentions. */
export function bridgesOf(
  p: { title: string; text: string },
  question: string,
  titles: TitleIndex,
): { bridges: string[]; linked: boolean } {
  const links = linksOf(p, question, titles).slice(0, 4);
  return links.length
    ? { bridges: links, linked: true }
    : { bridges: capitalisedSpans(p.text, question), linked: false };
}
