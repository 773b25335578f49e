import type { Claim } from './claim.ts';
import { continues, type Evidence } from './evidence.ts';
import { NAME_LINKS } from './lexicon.ts';
import { MONTH_ROOTS } from './polarity.ts';
import { fold, isContent, type Tok } from './tokenize.ts';

/**
 * The relation slot of a name or number: the word that governs it ("directed by ___", "founded in ___") and
 * what fills that slot in the passages. "directed by Neil Gaiman" against "directed by Robert Zemeckis,
 * written by Neil Gaiman" is a conflict even though every word of the claim occurs in the passage.
 */
export type Slot = { state: 'confirmed' | 'conflict' | 'neutral'; anchor?: string; found?: string };
export type Target = { from: number; to: number; kind: 'name' | 'num' };

const nameish = (t: Tok) => (t.cap && !t.stop) || t.num !== undefined || MONTH_ROOTS.has(t.root);
const LIST_LINKS = new Set([...NAME_LINKS, 'and', '&']);

export function checkSlot(claim: Claim, target: Target, ev: Evidence): Slot {
  const toks = claim.doc.toks;
  const found = findAnchor(toks, target.from);
  if (!found) return { state: 'neutral' };
  const { anchor, from } = found;
  const want = toks.slice(from, target.to);
  // The words between the anchor and the target ("by" in "directed by"): the passage must use the same ones,
  // or its slot may be another relation ("starring X" is not "starred in X").
  const via = toks
    .slice(toks.indexOf(anchor) + 1, from)
    .filter((t) => !DETERMINERS.has(t.root))
    .map((t) => t.root);
  // Sentences about something else can use the same verb: the passage sentence must name the claim's subject
  // (its first other name), or, for a claim without names, share one more word beside the anchor.
  const subject = claim.names.find((n) => (n.to <= target.from || n.from >= target.to) && n.roots.length);
  const context = new Set(
    toks.filter((t, i) => isContent(t) && t !== anchor && (i < target.from || i >= target.to)).map((t) => t.root),
  );
  const wantRoots = want.filter(isContent).map((t) => t.root);
  let conflict: string | undefined;
  for (const d of ev.docs) {
    for (let i = 0; i < d.toks.length; i++) {
      const t = d.toks[i]!;
      if (t.root !== anchor.root) continue;
      const s = d.sents[t.sent]!;
      const sentence = d.toks.slice(s.from, s.to);
      // "He received his Ph.D. at ..." speaks of the previous sentence's subject.
      const before = t.sent > 0 && continues(d, t.sent) ? d.toks.slice(d.sents[t.sent - 1]!.from, s.from) : [];
      const about = subject
        ? hasPhrase(sentence, subject.roots) || hasPhrase(before, subject.roots)
        : !context.size || sentence.some((x) => x !== t && context.has(x.root));
      if (!about) continue;
      // The target itself where the slot starts, whatever its case ("subtitled "...and other tips"").
      const at = slotStart(d.toks, i, via);
      if (at >= 0 && hasPhrase(d.toks.slice(at, Math.min(s.to, at + 2 + 3 * wantRoots.length)), wantRoots)) {
        const first = d.toks.slice(at, at + 3).findIndex((x) => x.root === wantRoots[0]);
        if (first >= 0) return { state: 'confirmed', anchor: anchor.text };
      }
      const filler = fillerAfter(d.toks, i, via);
      if (!filler.length) continue;
      if (contains(filler, want, target.kind)) return { state: 'confirmed', anchor: anchor.text };
      if (sameKind(filler, target.kind)) conflict ??= filler.map((x) => x.text).join(' ');
    }
  }
  return conflict
    ? { state: 'conflict', anchor: anchor.text, found: conflict }
    : { state: 'neutral', anchor: anchor.text };
}

/**
 * The nearest plain content word before the target, within four tokens, with no other name in between. A date's
 * parts are stepped over, so "born on July 7, 1984" anchors 1984 on "born".
 */
function findAnchor(toks: readonly Tok[], start: number): { anchor: Tok; from: number } | undefined {
  let from = start;
  const datePart = (t: Tok | undefined) => t !== undefined && (t.num !== undefined || MONTH_ROOTS.has(t.root));
  while (from > 0 && datePart(toks[from - 1]) && !/[;:()]/.test(toks[from]!.gap)) from--;
  for (let i = from - 1; i >= Math.max(0, from - 4); i--) {
    const t = toks[i]!;
    if (t.sent !== toks[from]!.sent || /[,;:()]/.test(toks[i + 1]!.gap)) return undefined;
    if (nameish(t)) return undefined;
    if (isContent(t)) return { anchor: t, from };
  }
  return undefined;
}

const DETERMINERS = new Set(['the', 'a', 'an']);

/** Where the slot after an anchor starts: past the given linking words ("by", "in") and determiners; -1 if they differ. */
function slotStart(toks: readonly Tok[], at: number, via: readonly string[]): number {
  let j = at + 1;
  const sent = toks[at]!.sent;
  const skipDeterminers = () => {
    while (j < toks.length && DETERMINERS.has(toks[j]!.root)) j++;
  };
  for (const v of via) {
    skipDeterminers();
    if (toks[j]?.root !== v || toks[j]!.sent !== sent) return -1;
    j++;
  }
  skipDeterminers();
  return j;
}

/** The run of names, numbers and dates that follows a word and the given linking words ("by", "in"). */
export function fillerAfter(toks: readonly Tok[], at: number, via: readonly string[]): Tok[] {
  const j = slotStart(toks, at, via);
  if (j < 0) return [];
  const sent = toks[at]!.sent;
  const run: Tok[] = [];
  for (let k = j; k < toks.length && k < j + 12 && toks[k]!.sent === sent; k++) {
    const t = toks[k]!;
    if (k > j && /[()[\];:]/.test(t.gap)) break;
    if (nameish(t)) run.push(t);
    else if (!(run.length && LIST_LINKS.has(fold(t.text)))) break;
  }
  return run;
}

/** Whether the filler is (part of) the target; sharing any name word counts ("Walter Coy" for "Walter Darwin Coy"). */
function contains(filler: readonly Tok[], want: readonly Tok[], kind: Target['kind']): boolean {
  if (kind === 'num') return want.every((w) => w.num === undefined || filler.some((f) => f.num === w.num));
  const roots = new Set(filler.map((f) => f.root));
  return want.some((w) => isContent(w) && roots.has(w.root));
}

const sameKind = (filler: readonly Tok[], kind: Target['kind']) =>
  kind === 'num' ? filler.some((f) => f.num !== undefined) : filler.some((f) => f.cap && !MONTH_ROOTS.has(f.root));

/** The roots in this order among the tokens, at most three apart. */
function hasPhrase(toks: readonly Tok[], roots: readonly string[]): boolean {
  if (!roots.length) return false;
  return toks.some((t, i) => {
    if (t.root !== roots[0]) return false;
    let at = i;
    for (const r of roots.slice(1)) {
      const next = toks.findIndex((x, j) => j > at && j <= at + 3 && x.root === r);
      if (next < 0) return false;
      at = next;
    }
    return true;
  });
}
