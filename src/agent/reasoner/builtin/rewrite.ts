import { zhRegExp } from '../../../text/index.ts';
import type { Rewrite } from '../types.ts';

/**
 * Normalise whitespace and split a multi-part question into sub-questions: several question sentences, or
 * "X and Y?" where both sides are questions of their own. The whole question is always the first query.
 */
export function rewriteQuestion(raw: string): Rewrite {
  const question = raw.replace(/\s+/g, ' ').trim();
  const parts = question
    .split(/(?<=[?？])\s*/u)
    .map((p) => p.trim())
    // A bracketed remark after the question ("… ? (I use Debian)", a follow-up's carried topic) asks nothing.
    .filter((p) => p.length > 3 && !/^(?:\([^()]*\)\s*)+$/.test(p));
  const subqueries = parts.length > 1 ? parts : splitConjunction(question);
  return { question, subqueries: subqueries.length > 1 ? subqueries : [] };
}

const WH = /^(what|who|whom|whose|when|where|why|how|which|is|are|was|were|do|does|did|can|could|should)\b/i;

const CONJOINED = zhRegExp(/^(.+?),?\s+(?:and|also|以及|并且)\s+((?:what|who|when|where|why|how|which)\b.+)$/iu);

function splitConjunction(q: string): string[] {
  const m = q.match(CONJOINED);
  if (!m || !WH.test(m[1]!)) return [];
  return [m[1]!.replace(/[,，]$/, '').trim() + '?', m[2]!.trim()];
}
