import { findNames, type Name } from './claim.ts';
import { analyze, type Doc, isContent } from './tokenize.ts';

/**
 * What a question asks, read from its surface: a yes/no question ("Are X and Y both Z?"), a choice between
 * named options ("Who is older, X or Y?"), or an open wh-question with a slot the answer fills.
 */
export type Question = {
  text: string;
  doc: Doc;
  kind: 'yesno' | 'choice' | 'wh';
  names: Name[];
  /** For choices: the options as names of the question. */
  options: Name[];
  /** Names joined by "and"/"or" ("X and Y", "between X and Y"): the subjects of yes/no and implicit choices. */
  pair: Name[];
  /** The question asks for sameness ("the same nationality"). */
  same: boolean;
  /** For wh-questions: the character span of the wh-phrase ("what city"), to be replaced by the answer. */
  wh?: { start: number; end: number };
  /** Content roots that say what is asked (the predicate), without the options, wh-words and names. */
  predicate: string[];
  /** Predicate roots written with a capital inside the sentence ("American", "Cupressaceae"): not to be missed. */
  proper: Set<string>;
};

const AUX = new Set('be do does did can could has have had will would should may might must'.split(' '));
const WH = new Set(['who', 'whom', 'whose', 'what', 'which', 'where', 'when', 'how']);

export function analyzeQuestion(text: string): Question {
  const doc = analyze(text);
  const toks = doc.toks;
  const names = findNames(toks);
  const or = toks.findIndex((t, i) => t.root === 'or' && i > 0);
  const options =
    or > 0
      ? choiceOptions(
          names,
          or,
          toks.map((t) => t.gap),
        )
      : [];
  const whAt = toks.findIndex((t) => WH.has(t.root));
  // A yes/no question is asked ("?") and opens with its auxiliary ("Are X and Y...?", or "X and Y, are ...?");
  // a statement that merely contains "is" (a SciFact claim) is not one.
  const questionMark = /\?\s*$/.test(text);
  const auxFirst = toks.some((t, i) => AUX.has(t.root) && (i === 0 || /,/.test(t.gap)));
  const kind = options.length === 2 ? 'choice' : whAt < 0 && questionMark && auxFirst ? 'yesno' : 'wh';
  const pair = coordinated(names, toks);
  const subjects = kind === 'choice' ? options : kind === 'yesno' ? (pair.length ? pair : names.slice(0, 1)) : [];
  const inSubject = new Set(subjects.flatMap((o) => range(o.from, o.to)));
  const asked = toks.filter((t, i) => isContent(t) && !inSubject.has(i) && !WH.has(t.root) && !AUX.has(t.root));
  const predicate = asked.map((t) => t.root);
  const proper = new Set(asked.filter((t) => t.cap && !t.first).map((t) => t.root));
  const same = toks.some((t) => t.root === 'same');
  const q: Question = { text: doc.text, doc, kind, names, options, pair, same, predicate, proper };
  if (kind === 'wh' && whAt >= 0) q.wh = whSpan(doc, whAt);
  return q;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * The two names around "or": the one right after it, and the one right before it, or else the nearest one
 * that opens a comma-separated part ("Which band was founded first, Hole, the band that ..., or The Wolfhounds?").
 */
function choiceOptions(names: Name[], or: number, gaps: string[]): Name[] {
  const after = names.find((n) => n.from === or + 1 || n.from === or + 2);
  const before =
    names.find((n) => n.to === or) ??
    [...names].reverse().find((n) => n.to < or && /,/.test(gaps[n.from] ?? '')) ??
    [...names].reverse().find((n) => n.to < or);
  return after && before ? [before, after] : [];
}

/** The first two names with only "and", "or", "both" or a comma between them. */
function coordinated(names: Name[], toks: Doc['toks']): Name[] {
  for (let i = 0; i + 1 < names.length; i++) {
    const [a, b] = [names[i]!, names[i + 1]!];
    const between = toks.slice(a.to, b.from);
    if (between.length <= 2 && between.every((t) => ['and', 'or', 'both', 'the'].includes(t.root))) return [a, b];
    if (!between.length && /,/.test(toks[b.from]!.gap)) return [a, b];
  }
  return [];
}

/** The wh-word and the lower-case noun after it ("what city", "which county"): the slot the answer fills. */
function whSpan(doc: Doc, at: number): { start: number; end: number } {
  const toks = doc.toks;
  let end = at;
  const next = toks[at + 1];
  if (next && !next.cap && isContent(next) && next.sent === toks[at]!.sent) end = at + 1;
  const last = toks[end]!;
  return { start: toks[at]!.start, end: last.start + last.text.length };
}
