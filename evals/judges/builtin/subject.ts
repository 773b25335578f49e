import type { Name } from './claim.ts';
import { coverage, type Evidence, findPhrase, hitIn, type Window, windows, windowToks } from './evidence.ts';
import type { Tok } from './tokenize.ts';

/**
 * How strongly the passages tie a subject (a name) to a predicate: the best coverage among its windows. Windows
 * lacking a `required` root (a proper word of the predicate, such as "American") score zero.
 */
export function association(
  ev: Evidence,
  subject: Name,
  predicate: readonly string[],
  required: ReadonlySet<string> = new Set(),
): { score: number; window?: Window } {
  const hits = findPhrase(ev, subject.roots);
  const terms = [...new Set(predicate)].map((root, tok) => ({ root, weight: 1, kind: 'word' as const, tok }));
  let best: { score: number; window?: Window } = { score: 0 };
  if (!terms.length) return best;
  for (const w of windows(ev)) {
    if (!hits.some((h) => hitIn(ev, h, w))) continue;
    const roots = new Set(windowToks(ev, w).map((t) => t.root));
    if ([...required].some((r) => !roots.has(r))) continue;
    const score = coverage(ev, w, terms);
    if (score > best.score) best = { score, window: w };
  }
  return best;
}

/** The tokens right after a subject's first mention, where "X is an American writer" puts its descriptors. */
export function afterSubject(ev: Evidence, subject: Name, span = 12): Tok[] {
  const hit = findPhrase(ev, subject.roots)[0];
  if (!hit) return [];
  const toks = ev.docs[hit.doc]!.toks;
  const sent = toks[hit.tok]!.sent;
  const own = new Set(subject.roots);
  return toks
    .slice(hit.tok, hit.tok + subject.roots.length + span + 2)
    .filter((t) => t.sent === sent && !own.has(t.root))
    .slice(0, span);
}

/** The sentence that introduces a subject (its first mention), where its dates and descriptors usually are. */
function homeSentence(ev: Evidence, subject: Name): Tok[] | undefined {
  const hit = findPhrase(ev, subject.roots)[0];
  if (!hit) return undefined;
  const sent = ev.docs[hit.doc]!.toks[hit.tok]!.sent;
  return windowToks(ev, { doc: hit.doc, from: sent, to: sent + 1 });
}

const isYear = (t: Tok) => t.num !== undefined && Number.isInteger(t.num) && t.num >= 1000 && t.num <= 2100;

/** The first year in the subject's home sentence: a birth, founding or release year more often than not. */
export function subjectYear(ev: Evidence, subject: Name): number | undefined {
  return homeSentence(ev, subject)?.find(isYear)?.num;
}
