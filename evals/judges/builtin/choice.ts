import type { Claim, Name } from './claim.ts';
import type { Evidence } from './evidence.ts';
import { negations } from './polarity.ts';
import type { Question } from './question.ts';
import { association, subjectYear } from './subject.ts';
import { root } from './tokenize.ts';
import type { Outcome } from './verify-claim.ts';

const COMPARATIVE = new Set(
  'more less most least further farther higher lower greater larger smaller fewer bigger longer shorter taller older younger highest lowest largest smallest biggest longest oldest youngest'
    .split(' ')
    .map(root),
);
const EARLY = new Set(['first', 'earliest', 'earlier', 'older', 'oldest', 'before', 'elder', 'eldest'].map(root));
const LATE = new Set(
  ['last', 'latest', 'later', 'younger', 'youngest', 'newer', 'newest', 'recent', 'after'].map(root),
);

/**
 * A choice question ("Who is older, X or Y?") answered by naming an option. The pick is checked by dates when
 * the question is about time order, otherwise by which option the passages tie to the question's predicate.
 * Returns undefined when the passages cannot tell the options apart.
 */
export function judgeChoice(q: Question, answer: Claim, ev: Evidence, options = q.options): Outcome | undefined {
  const roots = new Set(answer.doc.toks.map((t) => t.root));
  const named = options.map((o) => o.roots.length > 0 && o.roots.every((r) => roots.has(r)));
  const both = roots.has('both') || (named[0] && named[1] && roots.has('and'));
  if (both) return undefined;
  const firstNamed = named[0] && named[1] ? firstMention(answer, options) : named.indexOf(true);
  if (firstNamed < 0) return undefined;
  // "X is not about rock groups" picks the other option.
  const pick = negations(answer.doc.toks) % 2 ? 1 - firstNamed : firstNamed;
  const [a, b] = [options[pick]!, options[1 - pick]!];
  // Words of the options' own names say nothing about which one fits ("Dog" in "Chinese Crested Dog").
  const own = new Set(options.flatMap((o) => o.roots));
  const asked = q.predicate.filter((r) => !own.has(r));

  const early = asked.some((r) => EARLY.has(r));
  const late = asked.some((r) => LATE.has(r));
  if (early !== late) {
    const [ya, yb] = [subjectYear(ev, a), subjectYear(ev, b)];
    if (ya !== undefined && yb !== undefined && ya !== yb) {
      const right = early ? ya < yb : ya > yb;
      const reason = `${a.text}: ${ya}, ${b.text}: ${yb}`;
      return right ? outcome('supported', 0.8, reason) : outcome('contradicted', 0.1, reason);
    }
  }
  // "Which band has more members?" is a count, not a property: co-occurrence cannot answer it.
  if (q.doc.toks.some((t) => COMPARATIVE.has(t.root))) return undefined;
  const predicate = asked.filter((r) => !EARLY.has(r) && !LATE.has(r));
  const [sa, sb] = [association(ev, a, predicate), association(ev, b, predicate)];
  // Only a clear difference decides; near ties mean the words do not tell the options apart.
  if (Math.abs(sa.score - sb.score) < 0.25 || Math.max(sa.score, sb.score) < 0.5) return undefined;
  const reason = `the passages tie "${predicate.join(' ')}" to ${sa.score > sb.score ? a.text : b.text}`;
  return sa.score > sb.score
    ? outcome('supported', 0.75, reason, sa.window?.doc)
    : outcome('contradicted', 0.15, reason, sb.window?.doc);
}

function firstMention(answer: Claim, options: Name[]): number {
  const at = options.map((o) => answer.doc.toks.findIndex((t) => t.root === o.roots[0]));
  return at[0]! <= at[1]! ? 0 : 1;
}

const outcome = (verdict: Outcome['verdict'], score: number, reason: string, passage?: number): Outcome => ({
  verdict,
  score,
  coverage: score,
  reason,
  ...(passage !== undefined ? { passage } : {}),
});
