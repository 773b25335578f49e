import type { Name } from './claim.ts';
import type { Evidence } from './evidence.ts';
import { MONTH_ROOTS } from './polarity.ts';
import type { Question } from './question.ts';
import { afterSubject, association, subjectYear } from './subject.ts';
import { isContent, root } from './tokenize.ts';
import type { Outcome } from './verify-claim.ts';

/** What the passages say about a yes/no question's proposition: holds, fails, or cannot say. */
export type Proposition = { holds: boolean; reason: string; passage?: number };

/**
 * "Are X and Y both Z?" holds when every subject's passage window carries the predicate; "Are X and Y of the
 * same nationality?" compares what the subjects' introducing sentences say (years, or capitalised descriptors
 * such as "American").
 */
export function evaluateProposition(q: Question, ev: Evidence): Proposition {
  const subjects = (q.pair.length ? q.pair : q.names.slice(0, 1)).filter((n) => n.roots.length);
  const predicate = q.predicate;
  if (q.same && subjects.length >= 2) return same(q, ev, subjects);
  if (!subjects.length || !predicate.length) return { holds: false, reason: 'no subject or predicate to check' };
  const weak = subjects
    .map((s) => ({ s, a: association(ev, s, predicate, q.proper) }))
    .filter(({ a }) => a.score < 0.5);
  if (weak.length)
    return {
      holds: false,
      reason: `the passages do not tie ${weak.map((w) => w.s.text).join(', ')} to "${predicate.join(' ')}"`,
    };
  return { holds: true, reason: `every subject is tied to "${predicate.join(' ')}"` };
}

// Attributes whose values are proper words (places, nationalities, taxa): compare capitalised descriptors.
const PROPER_ATTRIBUTES = new Set(
  [
    'nationality',
    'country',
    'citizenship',
    'origin',
    'state',
    'city',
    'continent',
    'family',
    'genus',
    'place',
    'location',
  ].map(root),
);

function same(q: Question, ev: Evidence, subjects: Name[]): Proposition {
  const [a, b] = subjects as [Name, Name];
  if (q.predicate.includes('year')) {
    const [ya, yb] = [subjectYear(ev, a), subjectYear(ev, b)];
    if (ya !== undefined && yb !== undefined) return { holds: ya === yb, reason: `${a.text}: ${ya}, ${b.text}: ${yb}` };
  }
  const proper = q.predicate.some((r) => PROPER_ATTRIBUTES.has(r));
  const [da, db] = [descriptors(ev, a, proper), descriptors(ev, b, proper)];
  const shared = [...da].filter((d) => db.has(d));
  return {
    holds: shared.length > 0,
    reason: shared.length ? `both described as ${shared.join(', ')}` : 'no descriptor in common',
  };
}

/**
 * What the passages first say a subject is: the words right after its first mention ("is an American
 * television producer"), capitalised ones for places and nationalities, plain ones for kinds of work.
 */
function descriptors(ev: Evidence, subject: Name, proper: boolean): Set<string> {
  const near = afterSubject(ev, subject).filter((t) => isContent(t) && t.num === undefined && !MONTH_ROOTS.has(t.root));
  return new Set(near.filter((t) => (proper ? t.cap : !t.cap)).map((t) => t.root));
}

/**
 * Judges a "yes"/"no" answer by the proposition. A "no" counts as supported when the passages do not bear the
 * proposition out: a closed-world reading, sound only when the passages are meant to answer the question.
 */
export function judgeYesNo(yes: boolean, q: Question, ev: Evidence): Outcome {
  const p = evaluateProposition(q, ev);
  const at = p.passage !== undefined ? { passage: p.passage } : {};
  if (yes === p.holds)
    return { verdict: 'supported', score: 0.7, coverage: 0.7, reason: `${yes ? 'yes' : 'no'}: ${p.reason}`, ...at };
  return yes
    ? { verdict: 'not_found', score: 0.3, coverage: 0.3, reason: `yes, but ${p.reason}`, ...at }
    : { verdict: 'contradicted', score: 0.1, coverage: 0.1, reason: `no, but ${p.reason}`, ...at };
}
