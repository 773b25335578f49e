import { coverage, numbersIn, questionTerms, termSet } from '../text/index.ts';
import { normaliseScores } from './normalise.ts';
import type { Hit } from './types.ts';

/**
 * Weights on top of the fused score (scaled to its best = 1). Chosen on the dev halves of all five suite sets at
 * once (`npm run eval -- suite --split dev`): heading 0.3 + numbers 0.3 + coverage 0.1 moved single-shot SciFact
 * +0.001, NFCorpus +0.001, CMRC +0.006 nDCG@10, HotpotQA all-supporting@10 +0.019, and manuals answer-in-top-5
 * +0.077; coverage alone at 0.3 cost the manuals 0.04 and helped nothing else.
 */
const W = { heading: 0.3, number: 0.3, coverage: 0.1 };

/**
 * Model-free reranking of fused hits by what BM25 and the hashed vector do not see: the question's terms in the
 * chunk's heading path (what its section is about: "exit codes"), the question's numbers as whole tokens ("exit code
 * 13" is not "v0.1.13"), and coverage of the question's distinct weighted terms (every term beats a few repeated).
 */
export function rerankBuiltin(question: string, hits: readonly Hit[]): Hit[] {
  if (hits.length < 2) return [...hits];
  const q = questionTerms(question);
  const numbers = [...new Set(numbersIn(question))].map(
    (n) => new RegExp(`(?<![\\d.])${n.replaceAll('.', '\\.')}(?![\\d]|\\.\\d)`),
  );
  const base = normaliseScores(hits);
  return hits
    .map((h) => {
      const heading = h.heading_path.length ? coverage(q, termSet(h.heading_path.join('\n'))) : 0;
      const number = numbers.length ? numbers.filter((re) => re.test(h.text)).length / numbers.length : 0;
      const cov = coverage(q, termSet(`${h.title}\n${h.heading_path.join('\n')}\n${h.text}`));
      return { ...h, score: base.get(h.id)! + W.heading * heading + W.number * number + W.coverage * cov };
    })
    .sort((a, b) => b.score - a.score);
}
