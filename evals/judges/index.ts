export { type BuiltinJudgeOptions, createBuiltinJudge } from './builtin/index.ts';
export { type CheckAnswerInput, type CheckedClaim, type CitationCheck, checkAnswer } from './check-answer.ts';
export { CONTRADICTION_SUITE, runContradictionSuite, type SuiteCase, type SuiteResult } from './contradiction-suite.ts';
export { createLlmJudge, type LlmJudgeOptions } from './llm.ts';
export { createOverlapJudge } from './overlap.ts';
export { isSupported, type Judge, type JudgeContext, type Judgement, type Verdict } from './types.ts';
