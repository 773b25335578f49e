import { findNames, type Term } from './claim.ts';
import { sideOf } from './polarity.ts';
import { analyze, type Doc, type Tok } from './tokenize.ts';

/** A claim is checked against a window: one sentence, or two adjacent ones (a pronoun often links them). */
export type Window = { doc: number; from: number; to: number };
export type Evidence = {
  docs: Doc[];
  sentRoots: Set<string>[][];
  sentSides: Set<string>[][];
  /** Token index where each sentence's first name starts: the likely antecedent of the next sentence's "he". */
  subjects: (number | undefined)[][];
};
export type Hit = { doc: number; tok: number };

type Analysed = { doc: Doc; roots: Set<string>[]; sides: Set<string>[]; subjects: (number | undefined)[] };

// An eval asks many questions of one corpus, so the same chunks come back run after run: each passage is analysed
// once (bounded; the analysis is read-only once built).
const PASSAGES = new Map<string, Analysed>();
const PASSAGE_CACHE_MAX = 4096;

function analysePassage(text: string): Analysed {
  const hit = PASSAGES.get(text);
  if (hit) return hit;
  const doc = analyze(text);
  const roots = doc.sents.map((s) => new Set(doc.toks.slice(s.from, s.to).map((t) => t.root)));
  // Same-side words stand in for each other ("raises" for "increases"): keep each sentence's sides too.
  const sides = roots.map((r) => new Set([...r].flatMap((x) => (sideOf(x) ? [sideKey(x)] : []))));
  const subjects = doc.sents
    .map((s) => findNames(doc.toks.slice(s.from, s.to))[0]?.from)
    .map((f, i) => (f === undefined ? f : f + doc.sents[i]!.from));
  const out = { doc, roots, sides, subjects };
  if (PASSAGES.size >= PASSAGE_CACHE_MAX) PASSAGES.delete(PASSAGES.keys().next().value!);
  PASSAGES.set(text, out);
  return out;
}

export function buildEvidence(passages: readonly string[]): Evidence {
  const parts = passages.map(analysePassage);
  return {
    docs: parts.map((p) => p.doc),
    sentRoots: parts.map((p) => p.roots),
    sentSides: parts.map((p) => p.sides),
    subjects: parts.map((p) => p.subjects),
  };
}

const sideKey = (r: string) => {
  const s = sideOf(r)!;
  return `${s.pair}:${s.side}`;
};

const ANAPHORA = new Set('he she it they his her its their this these those such both there him them the'.split(' '));

/**
 * Whether a sentence continues the previous one's subject: it opens with a pronoun or "The <noun>" ("It was
 * founded in 1874"), not with a name of its own ("Stanford University is..."). Only then are two sentences read
 * as one window; otherwise glued paragraphs about different things would vouch for each other.
 */
export function continues(d: Doc, s: number): boolean {
  const { from, to } = d.sents[s]!;
  const first = d.toks[from]!;
  if (!ANAPHORA.has(first.root)) return false;
  const next = d.toks[from + 1];
  return first.root !== 'the' || (from + 1 < to && next !== undefined && !next.cap);
}

/**
 * Single sentences, pairs whose second sentence continues the first, and, for a claim written as several
 * sentences (`span` > 1), any run of up to `span` + 1 sentences: a long answer may quote a whole paragraph.
 */
export function* windows(ev: Evidence, span = 1): Generator<Window> {
  for (let doc = 0; doc < ev.docs.length; doc++) {
    const d = ev.docs[doc]!;
    for (let s = 0; s < d.sents.length; s++) {
      yield { doc, from: s, to: s + 1 };
      if (span > 1) {
        for (let to = s + 2; to <= Math.min(d.sents.length, s + span + 1); to++) yield { doc, from: s, to };
      } else if (s + 1 < d.sents.length && continues(d, s + 1)) yield { doc, from: s, to: s + 2 };
    }
  }
}

export function inWindow(ev: Evidence, w: Window, term: Term): boolean {
  for (let s = w.from; s < w.to; s++) {
    if (ev.sentRoots[w.doc]![s]!.has(term.root)) return true;
    if (sideOf(term.root) && ev.sentSides[w.doc]![s]!.has(sideKey(term.root))) return true;
  }
  return false;
}

export const windowToks = (ev: Evidence, w: Window): Tok[] => {
  const d = ev.docs[w.doc]!;
  return d.toks.slice(d.sents[w.from]!.from, d.sents[w.to - 1]!.to);
};

/** Weighted share of the terms a window holds. */
export function coverage(ev: Evidence, w: Window, terms: readonly Term[]): number {
  const total = terms.reduce((s, t) => s + t.weight, 0);
  if (!total) return 0;
  return terms.reduce((s, t) => s + (inWindow(ev, w, t) ? t.weight : 0), 0) / total;
}

/** The window covering most of the terms; the smaller window wins ties. */
export function bestWindow(
  ev: Evidence,
  terms: readonly Term[],
  accept: (w: Window) => boolean = () => true,
  span = 1,
): { window: Window; coverage: number } | undefined {
  let best: { window: Window; coverage: number } | undefined;
  for (const w of windows(ev, span)) {
    if (!accept(w)) continue;
    const c = coverage(ev, w, terms);
    // Equal coverage: the smaller window, so a pair does not drag in a neighbour's negations and numbers.
    const size = w.to - w.from;
    if (!best || c > best.coverage + 1e-9 || (c > best.coverage - 1e-9 && size < best.window.to - best.window.from)) {
      best = { window: w, coverage: c };
    }
  }
  return best;
}

/**
 * Where the roots occur in this order within one sentence, at most `maxGap` tokens apart: how a name is found
 * ("Robert Sheehan" in "Robert Michael Sheehan", but not "Panama City Air Force Base" from scattered words).
 */
export function findPhrase(ev: Evidence, roots: readonly string[], maxGap = 3): Hit[] {
  const hits: Hit[] = [];
  if (!roots.length) return hits;
  ev.docs.forEach((d, doc) => {
    d.toks.forEach((t, i) => {
      if (t.root !== roots[0]) return;
      let at = i;
      for (const r of roots.slice(1)) {
        let next = -1;
        for (let j = at + 1; j <= at + maxGap && j < d.toks.length && d.toks[j]!.sent === t.sent; j++) {
          if (d.toks[j]!.root === r) {
            next = j;
            break;
          }
        }
        if (next < 0) return;
        at = next;
      }
      hits.push({ doc, tok: i });
    });
  });
  return hits;
}

/** Whether a hit lies inside a window. */
export const hitIn = (ev: Evidence, h: Hit, w: Window): boolean => {
  const t = ev.docs[h.doc]!.toks[h.tok]!;
  return h.doc === w.doc && t.sent >= w.from && t.sent < w.to;
};

/**
 * A two-sentence window speaks of a name from its first sentence only if that name is the sentence's subject
 * (its first name): "It stars Jackie Chan and Owen Wilson. He voiced McQueen" says nothing of Jackie Chan.
 */
export function pairSpeaksOf(ev: Evidence, w: Window, names: readonly { roots: string[] }[]): boolean {
  if (w.to - w.from < 2) return true;
  const subject = ev.subjects[w.doc]![w.from];
  return names.every((n) => {
    const hits = findPhrase(ev, n.roots).filter((h) => hitIn(ev, h, w));
    const sents = hits.map((h) => ev.docs[h.doc]!.toks[h.tok]!.sent);
    return !hits.length || sents.includes(w.to - 1) || hits.some((h) => h.tok === subject);
  });
}
