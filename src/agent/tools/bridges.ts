import { nameOf, nameSpans, type TitleIndex } from '../../text/index.ts';

/** Names (capitalised spans) in a text that the question does not already mention; a sentence's first word is not one. */
export function capitalisedSpans(text: string, question: string): string[] {
  const q = question.toLowerCase();
  const out = new Set<string>();
  for (const s of nameSpans(text))
    if (!s.sentenceStart && s.text.length > 2 && !q.includes(s.text.toLowerCase())) out.add(s.text);
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
