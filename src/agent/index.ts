export { CallTimeout, guardedCall } from './call.ts';
export { splitClaims } from './claims.ts';
export { callKey, GuardrailStop, Guardrails } from './guardrails.ts';
export { createBuiltinReasoner } from './reasoner/builtin/index.ts';
export type { Claim, Grade, GradeAction, Reasoner, ReasonerContext, Rewrite, Verdict } from './reasoner/types.ts';
export { type AgentDeps, runAgent } from './run-agent.ts';
export * from './types.ts';
