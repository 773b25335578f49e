import type { GradeInput } from '../../src/agent/reasoner/types.ts';
import type { Hit } from '../../src/retrieval/types.ts';

/** Hits as the evidence the grade reads, each found by the question. */
export const asEvidence = (question: string, hits: readonly Hit[]) =>
  hits.map((h, i) => ({ ...h, n: i + 1, found_by: question }));

/** What the grade is given for a question over a source: these hits, one search made, nothing left to try. */
export const gradeInput = (question: string, hits: readonly Hit[], source = 'manuals'): GradeInput => ({
  question,
  subqueries: [],
  evidence: asEvidence(question, hits),
  tried: [{ source, mode: 'hybrid', query: question }],
  source,
  mode: 'hybrid',
  untriedSources: [],
  untriedModes: [],
  canHop: false,
  linked: false,
  links: [],
  focus: [],
});
