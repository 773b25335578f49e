import { zhRegExp } from '../../../text/index.ts';
import type { Rewrite } from '../types.ts';

/**
 * Bracketed remarks after a question's last question mark ("… ? (I use Debian)", a follow-up's carried topic): they
 * ask nothing. A bracket that asks ("(is the default safe?)") or comes before the question mark is part of the
 * question.
 */
const REMARKS = /(?<=[?？])(?:\s*\([^()?？]*[^()?？\s][^()?？]*\))+\s*$/u;

/** The question without its closing remarks (`REMARKS`). */
export const withoutRemarks = (question: string): string => question.replace(REMARKS, '');

/**
 * Normalise whitespace and split a multi-part question into sub-questions: several question sentences, or
 * "X and Y?" where both sides are questions of their own. The whole question is always the first query. Closing
 * remarks are no sub-question; they tell where every part stands, so each sub-question keeps them ("Which file do I
 * edit?" alone is about any file), and grading counts a sub-question's coverage on its own words (`gradeEvidence`).
 */
export function rewriteQuestion(raw: string): Rewrite {
  const question = raw.replace(/\s+/g, ' ').trim();
  const asked = withoutRemarks(question);
  const remarks = question.slice(asked.length);
  const parts = asked
    .split(/(?<=[?？])\s*/u)
    .map((p) => p.trim())
    // A part that is only brackets asks nothing.
    .filter((p) => p.length > 3 && !/^(?:\([^()]*\)\s*)+$/.test(p));
  const subqueries = parts.length > 1 ? parts : splitConjunction(asked);
  return { question, subqueries: subqueries.length > 1 ? subqueries.map((q) => q + remarks) : [] };
}

const WH = /^(what|who|whom|whose|when|where|why|how|which|is|are|was|were|do|does|did|can|could|should)\b/i;

const CONJOINED = zhRegExp(/^(.+?),?\s+(?:and|also|以及|并且)\s+((?:what|who|when|where|why|how|which)\b.+)$/iu);

function splitConjunction(q: string): string[] {
  const m = q.match(CONJOINED);
  if (!m || !WH.test(m[1]!)) return [];
  return [m[1]!.replace(/[,，]$/, '').trim() + '?', m[2]!.trim()];
}
