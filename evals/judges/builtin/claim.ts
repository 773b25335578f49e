import { NAME_LINKS } from './lexicon.ts';
import { isNegator, MONTH_ROOTS } from './polarity.ts';
import { analyze, type Doc, fold, isContent, type Tok } from './tokenize.ts';

/** A term the evidence must contain; names and numbers weigh double, they carry most of a claim's facts. */
export type Term = { root: string; weight: number; kind: 'word' | 'name' | 'num'; tok: number };
/** A proper name as token indexes [from, to) into the claim, and the content roots that must appear in order. */
export type Name = { from: number; to: number; roots: string[]; text: string };
export type Claim = { doc: Doc; terms: Term[]; names: Name[]; numbers: Tok[] };

export function analyzeClaim(text: string): Claim {
  const doc = analyze(text);
  const names = withTitles(doc, findNames(doc.toks));
  const inName = new Set(names.flatMap((n) => range(n.from, n.to)));
  const byRoot = new Map<string, Term>();
  doc.toks.forEach((t, i) => {
    if (!isContent(t) || isNegator(t)) return;
    const kind = t.num !== undefined ? 'num' : inName.has(i) ? 'name' : 'word';
    const term: Term = { root: t.root, weight: kind === 'word' ? 1 : 2, kind, tok: i };
    const seen = byRoot.get(t.root);
    if (!seen || seen.weight < term.weight) byRoot.set(t.root, term);
  });
  // A claim made only of function words ("And There's More") is still a phrase to find.
  if (!byRoot.size)
    for (const [i, t] of doc.toks.entries()) byRoot.set(t.root, { root: t.root, weight: 1, kind: 'word', tok: i });
  return { doc, terms: [...byRoot.values()], names, numbers: doc.toks.filter((t) => t.num !== undefined) };
}

/**
 * Quoted titles ("The Map Against the World") are names too, whatever their case: their words must be found
 * together, not scattered. They replace the capitalised runs inside them.
 */
function withTitles(doc: Doc, names: Name[]): Name[] {
  const titles: Name[] = [];
  for (const m of doc.text.matchAll(/["“]([^"”\n]{1,100})["”]/g)) {
    const start = (m.index ?? 0) + 1;
    const end = start + m[1]!.length;
    const idx = doc.toks.flatMap((t, i) => (t.start >= start && t.start < end ? [i] : []));
    const toks = idx.map((i) => doc.toks[i]!);
    const roots = toks.filter(isContent).map((t) => t.root);
    if (roots.length < 2) continue;
    titles.push({ from: idx[0]!, to: idx[idx.length - 1]! + 1, roots, text: m[1]! });
  }
  const inside = (n: Name) => titles.some((t) => n.from >= t.from && n.to <= t.to);
  return [...titles, ...names.filter((n) => !inside(n))].sort((a, b) => a.from - b.from);
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const isNameWord = (t: Tok) => t.cap && !t.stop && !MONTH_ROOTS.has(t.root);
// Only spaces, hyphens, apostrophes, and the period after an initial ("J. Smith") may sit inside a name.
const joins = (gap: string, prev: Tok) => /^(\s*|[-'’])$/.test(gap) || (gap.trim() === '.' && prev.text.length === 1);

/**
 * Runs of capitalised words, with linking words inside ("Rock and Roll Hall of Fame") and numbers after
 * ("Interstate 890"). A lone capitalised word that opens a sentence is not a name: it may just be capitalised.
 */
export function findNames(toks: readonly Tok[]): Name[] {
  const names: Name[] = [];
  for (let i = 0; i < toks.length; i++) {
    if (!isNameWord(toks[i]!)) continue;
    let end = i + 1;
    for (let j = i + 1; j < toks.length && joins(toks[j]!.gap, toks[j - 1]!) && toks[j]!.sent === toks[i]!.sent; j++) {
      const t = toks[j]!;
      if (isNameWord(t) || (t.num !== undefined && !t.cap && end === j)) end = j + 1;
      else if (!NAME_LINKS.has(fold(t.text))) break;
    }
    const span = toks.slice(i, end);
    if (span.length === 1 && toks[i]!.first) continue;
    names.push({
      from: i,
      to: end,
      roots: span.filter(isContent).map((t) => t.root),
      text: span.map((t) => t.text).join(' '),
    });
    i = end - 1;
  }
  return names;
}
