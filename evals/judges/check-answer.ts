import pLimit from 'p-limit';
import { type AnswerClaim as Claim, splitClaims } from '../../src/text/index.ts';
import type { JudgedClaim } from '../metrics/factuality.ts';
import type { Judge } from './types.ts';

export type CitationCheck = { citation: number; chunk?: number; supports: boolean };
/** A claim with its verdict against all chunks and one check per citation it carried; feeds the factuality metrics. */
export type CheckedClaim = Claim &
  JudgedClaim & { score: number; reason: string; passage?: number; citationChecks: CitationCheck[] };

export type CheckAnswerInput = {
  answer: string;
  /** The chunks the trace logged for this answer, in the order the answer's [n] markers number them. */
  chunks: readonly string[];
  judge: Judge;
  question?: string;
  /** What [1] refers to: chunks[1 - citationBase]. Answers usually count from 1. */
  citationBase?: number;
  concurrency?: number;
  signal?: AbortSignal;
};

/**
 * The factuality pipeline for one answer: split into claims, judge each against all logged chunks
 * (faithfulness), then each citation against its own chunk (citation precision and recall). A citation that
 * points at no logged chunk supports nothing.
 */
export async function checkAnswer(input: CheckAnswerInput): Promise<CheckedClaim[]> {
  const base = input.citationBase ?? 1;
  const limit = pLimit(input.concurrency ?? 4);
  const passages = [...input.chunks];
  const context = input.question ? { question: input.question } : undefined;
  return Promise.all(
    splitClaims(input.answer).map((claim) =>
      limit(async () => {
        const j = await input.judge.judge(claim.text, passages, input.signal, context);
        const citationChecks: CitationCheck[] = [];
        for (const citation of claim.citations) {
          const chunk = citation - base;
          const text = input.chunks[chunk];
          if (text === undefined) {
            citationChecks.push({ citation, supports: false });
            continue;
          }
          const c = await input.judge.judge(claim.text, [text], input.signal, context);
          citationChecks.push({ citation, chunk, supports: c.verdict === 'supported' });
        }
        const checked: CheckedClaim = {
          ...claim,
          verdict: j.verdict,
          score: j.score,
          reason: j.reason,
          citationChecks,
        };
        if (j.passage !== undefined) checked.passage = j.passage;
        return checked;
      }),
    ),
  );
}
