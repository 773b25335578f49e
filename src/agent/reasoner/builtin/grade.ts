import type { Grade, GradeAction, GradeInput } from '../types.ts';
import { coverage, keyCoverage, questionTerms, termSet } from './coverage.ts';

const TOP = 5;

/**
 * Grade the evidence by how much of the question (and of each sub-question) the best chunks cover, then pick
 * the next action: answer, follow bridges (multi-hop), search a sub-question, switch source or mode, or refuse.
 */
export function gradeEvidence(input: GradeInput): Grade {
  const top = input.evidence.slice(0, TOP);
  const sets = top.map((e) => termSet(`${e.title}\n${e.text}`));
  const union = new Set(sets.flatMap((s) => [...s]));
  const q = questionTerms(input.question);
  const best = Math.max(0, ...sets.map((s) => coverage(q, s)));
  const all = coverage(q, union);
  const keys = keyCoverage(q, union);
  const subqueries = input.subqueries.map((query) => {
    const sq = questionTerms(query);
    const score = Math.max(0, ...sets.map((s) => coverage(sq, s)));
    return { query, covered: score >= 0.5, score: round(score) };
  });
  const decide = (action: GradeAction, reason: string): Grade => ({ coverage: round(all), subqueries, action, reason });
  const why = `best chunk covers ${pct(best)} of the question, top ${top.length} cover ${pct(all)}, key terms ${pct(keys)}`;

  const weak = top.length === 0 || all < 0.5 || keys < 0.5;
  if (weak) {
    const next = input.untriedSources[0];
    if (next) return decide({ type: 'switch_source', source: next }, `weak evidence in ${input.source} (${why})`);
    const mode = input.untriedModes[0];
    if (mode && top.length > 0)
      return decide({ type: 'switch_mode', mode }, `weak evidence with ${input.mode} (${why})`);
    const reason = top.length === 0 || all < 0.25 ? 'no_evidence' : 'insufficient_coverage';
    return decide({ type: 'refuse', reason }, `no source supports the question (${why})`);
  }
  const uncovered = subqueries.find((s) => !s.covered && !input.tried.some((t) => t.query === s.query));
  if (uncovered)
    return decide({ type: 'search', query: uncovered.query }, `sub-question not covered: ${uncovered.query}`);
  // One chunk rarely holds a two-hop answer: when no single chunk covers the question, or the best chunks link
  // to other documents, follow the bridges once (the hop keeps its pairs only if they cover more, or are linked).
  if (!input.hopped && top.length > 1 && (best < 0.8 || input.links.length > 0))
    return decide(
      { type: 'hop' },
      input.links.length
        ? `the best chunks link to ${input.links.slice(0, 3).join(', ')} (${why})`
        : `no single chunk covers the question (${why})`,
    );
  return decide({ type: 'answer' }, `evidence covers the question (${why})`);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number) => `${Math.round(x * 100)}%`;
