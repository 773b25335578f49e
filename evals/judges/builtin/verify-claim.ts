import type { Judgement } from '../types.ts';
import type { Claim } from './claim.ts';
import { bestWindow, type Evidence, findPhrase, inWindow, pairSpeaksOf, type Window, windowToks } from './evidence.ts';
import { polarityConflict, reversal } from './polarity.ts';
import { checkSlot } from './slot.ts';
import { isContent, type Tok } from './tokenize.ts';

export type Outcome = Judgement & { coverage: number; window?: Window };
export type VerifyOptions = {
  /** Share of a claim's plain words a window may leave out (paraphrase); names and numbers may not be missing. */
  slack?: number;
};

const isYear = (n: number) => Number.isInteger(n) && n >= 1000 && n <= 2100;
const sameKindNum = (a: number, b: number) => isYear(a) === isYear(b);

/**
 * Checks a stand-alone statement: the window that covers most of it, then names (found as phrases), numbers,
 * relation slots, negation and reversed direction inside that window.
 */
export function verifyClaim(claim: Claim, ev: Evidence, opts: VerifyOptions = {}): Outcome {
  const terms = claim.terms;
  const span = claim.doc.sents.length;
  const best = terms.length
    ? bestWindow(ev, terms, (w) => span > 1 || pairSpeaksOf(ev, w, claim.names), span)
    : undefined;
  if (!best) return { verdict: 'not_found', score: 0, coverage: 0, reason: 'nothing checkable in the claim' };
  const { window, coverage } = best;
  const at = { passage: window.doc, window, coverage };
  const region = windowToks(ev, window);

  const missingNames = claim.names.filter((n) => n.roots.length && !findPhrase(ev, n.roots).length).map((n) => n.text);
  // A capitalised word opening the claim is not taken for a name, but if the passages never use it, it still
  // names something they do not talk about ("Sydney is the capital...").
  const everywhere = (root: string) => ev.sentRoots.some((doc) => doc.some((s) => s.has(root)));
  const strangers = claim.doc.toks
    .filter((t) => t.cap && t.first && isContent(t) && !everywhere(t.root))
    .map((t) => t.text);
  missingNames.push(...strangers.filter((w) => !missingNames.some((n) => n.includes(w))));
  const windowNums = region.flatMap((t) => (t.num !== undefined ? [t.num] : []));
  const missingNums = claim.numbers.filter((n) => !windowNums.includes(n.num!));
  const wrongNum = missingNums.find((n) => windowNums.some((w) => sameKindNum(w, n.num!)));

  // A name the passages never mention means they are about something else: nothing there can contradict it.
  if (missingNames.length) return notFound(at, `not in the passages: ${missingNames.join(', ')}`);
  if (coverage >= 0.5) {
    if (wrongNum && coverage >= 0.6) {
      const said = windowNums.filter((w) => sameKindNum(w, wrongNum.num!)).join(', ');
      return contradicted(at, `the claim says ${wrongNum.text}; the passage says ${said}`);
    }
    const slot = slotConflict(claim, ev);
    if (slot) return contradicted(at, slot);
    const matchedRoots = new Set(terms.filter((t) => inWindow(ev, window, t)).map((t) => t.root));
    const matched = matchedRegion(region, matchedRoots);
    // Polarity needs a statement: a bare name or noun phrase near a "not" is not negated.
    const statement = terms.length >= 2 && terms.some((t) => t.kind === 'word');
    const rev = statement ? reversal(claim.doc.toks, matched) : undefined;
    if (rev && coverage >= 0.6)
      return contradicted(at, `the claim says "${rev.said}"; the passage says "${rev.found}"`);
    const flip = statement && coverage >= 0.7 ? polarityConflict(claim.doc.toks, region, matchedRoots) : undefined;
    if (flip) {
      return contradicted(
        at,
        flip.negatedInClaim
          ? `the claim negates "${flip.word}"; the passage does not`
          : `the passage negates "${flip.word}"`,
      );
    }
  }
  if (missingNums.length)
    return notFound(at, `number not in the passage: ${missingNums.map((n) => n.text).join(', ')}`);
  const words = terms.filter((t) => t.kind === 'word');
  const missingWords = words.filter((t) => !inWindow(ev, window, t));
  const names = terms.filter((t) => t.kind !== 'word');
  const namesIn = names.every((t) => inWindow(ev, window, t));
  const allowed = Math.floor(words.length * (opts.slack ?? 0.15));
  if (!namesIn || missingWords.length > allowed) {
    const missing = terms.filter((t) => !inWindow(ev, window, t)).map((t) => claim.doc.toks[t.tok]!.text);
    return notFound(at, `no single passage window holds: ${missing.join(', ')}`);
  }
  return {
    verdict: 'supported',
    score: 0.5 + 0.5 * coverage,
    passage: window.doc,
    window,
    coverage,
    reason: `${Math.round(coverage * 100)}% of the claim's terms in passage ${window.doc}`,
  };
}

/** The window's tokens from a little before the first matched term to the last: where negation applies. */
function matchedRegion(region: readonly Tok[], roots: ReadonlySet<string>): Tok[] {
  const idx = region.flatMap((t, i) => (roots.has(t.root) ? [i] : []));
  if (!idx.length) return [];
  return region.slice(Math.max(0, idx[0]! - 3), idx[idx.length - 1]! + 2);
}

function slotConflict(claim: Claim, ev: Evidence): string | undefined {
  const targets = [
    ...claim.names.map((n) => ({ from: n.from, to: n.to, kind: 'name' as const })),
    ...claim.doc.toks.flatMap((t, i) => (t.num !== undefined ? [{ from: i, to: i + 1, kind: 'num' as const }] : [])),
  ];
  for (const target of targets) {
    const slot = checkSlot(claim, target, ev);
    if (slot.state !== 'conflict') continue;
    const said = claim.doc.toks
      .slice(target.from, target.to)
      .map((t) => t.text)
      .join(' ');
    return `the claim puts ${said} after "${slot.anchor}"; the passage has ${slot.found}`;
  }
  return undefined;
}

type At = { passage: number; window: Window; coverage: number };
const contradicted = (at: At, reason: string): Outcome => ({
  verdict: 'contradicted',
  score: 0.1 * (1 - at.coverage),
  ...at,
  reason,
});
const notFound = (at: At, reason: string): Outcome => ({
  verdict: 'not_found',
  score: 0.45 * at.coverage,
  ...at,
  reason,
});
