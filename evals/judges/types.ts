/** What a judge decides about one claim against the passages it may rely on. */
export type Verdict = 'supported' | 'contradicted' | 'not_found';

export type Judgement = {
  verdict: Verdict;
  /** Confidence that the claim is supported, in [0, 1]; ≥ 0.5 goes with 'supported'. */
  score: number;
  /** Index into the passages of the one that decided the verdict, when there is one. */
  passage?: number;
  reason: string;
};

/** Optional context: the question a short answer replies to turns "Delhi" into a checkable statement. */
export type JudgeContext = { question?: string };

export interface Judge {
  readonly id: string;
  judge(claim: string, passages: string[], signal?: AbortSignal, context?: JudgeContext): Promise<Judgement>;
}

export const isSupported = (j: Judgement): boolean => j.verdict === 'supported';
