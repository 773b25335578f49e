import type { Tracer } from '../trace/index.ts';
import { buildCitations } from './citations.ts';
import { joinClaims, splitClaims } from './claims.ts';
import { GuardrailStop, type Guardrails } from './guardrails.ts';
import type { Reasoner, ReasonerContext } from './reasoner/types.ts';
import type { EvidencePool } from './state.ts';
import type { AgentEvent, AgentInput, Citation, QueryResponse, RefusalReason, StopReason } from './types.ts';

type Decide = <T>(
  name: string,
  call: (r: Reasoner, ctx: ReasonerContext) => Promise<T>,
) => Promise<{ value: T; tokens: { input: number; output: number } }>;

export type FinishInput = {
  question: string;
  pool: EvidencePool;
  foundBy: Map<string, string>;
  refusal: { reason: RefusalReason; detail?: string } | undefined;
  /** What the evidence of an answered claim does not mention (the grade's caveat). */
  caveat?: string | undefined;
  stop: StopReason;
  input: AgentInput;
  guard: Guardrails;
  tracer: Tracer;
  decide: Decide;
  timings: { retrieval_ms: number; reasoning_ms: number };
  retrievals: number;
  now: () => number;
};

const REFUSAL_TEXT: Record<RefusalReason, string> = {
  no_evidence: 'I could not find anything in the knowledge base about this question.',
  missing_focus: 'The knowledge base does not cover what this question is about.',
  insufficient_coverage: 'The knowledge base does not contain enough to answer this question reliably.',
  conflicting_evidence: 'The sources disagree on this question, so I will not pick an answer.',
  budget_exhausted: 'I ran out of my step, token or time budget before finding a reliable answer.',
};

/** Compose, verify (drop or re-cite unsupported claims), then stream the answer and its citations and record the stop. */
export async function* finishAnswer(f: FinishInput): AsyncGenerator<AgentEvent, QueryResponse> {
  let refusal = f.refusal;
  let stop = f.stop;
  let answer = '';
  let citations: Citation[] = [];
  const evidence = f.pool.evidence(f.foundBy);
  try {
    if (!refusal) {
      f.guard.beforeStep();
      const draft = await f.decide('compose', (r, ctx) => r.compose({ question: f.question, evidence }, ctx));
      f.tracer.record(
        f.guard.steps,
        'answer',
        { draft: draft.value, evidence: evidence.map((e) => ({ n: e.n, chunk_id: e.id })) },
        { tokens: draft.tokens },
      );
      const claims = splitClaims(draft.value);
      f.guard.beforeStep();
      const verdicts = await f.decide('verify', (r, ctx) => r.verify({ claims, evidence }, ctx));
      const kept = claims.flatMap((c, i) =>
        verdicts.value[i]?.supported ? [{ text: c.text, cites: verdicts.value[i]!.cites }] : [],
      );
      f.tracer.record(
        f.guard.steps,
        'verify',
        {
          claims: claims.map((c, i) => ({
            text: c.text,
            cites: c.cites,
            supported: verdicts.value[i]?.supported ?? false,
            reason: verdicts.value[i]?.reason ?? 'no verdict',
            recited: verdicts.value[i]?.cites,
          })),
          kept: kept.length,
          removed: claims.length - kept.length,
        },
        { tokens: verdicts.tokens },
      );
      if (kept.length === 0)
        refusal = { reason: 'insufficient_coverage', detail: 'no sentence of the evidence held up' };
      else {
        const built = buildCitations(kept, evidence);
        answer = joinClaims(built.claims);
        citations = built.citations;
      }
    }
  } catch (e) {
    if (!(e instanceof GuardrailStop)) throw e;
    f.tracer.record(f.guard.steps, 'guardrail', { name: e.reason, detail: e.detail });
    stop = e.reason;
    refusal = { reason: 'budget_exhausted' };
  }
  if (refusal) {
    const detail = refusal.detail ? ` ${refusal.detail[0]!.toUpperCase()}${refusal.detail.slice(1)}.` : '';
    answer = `${REFUSAL_TEXT[refusal.reason]}${detail}`;
    citations = [];
    if (stop === 'answered') stop = 'refused';
  }
  const response: QueryResponse = {
    answer,
    status: refusal ? 'refused' : 'answered',
    ...(refusal ? { refusal_reason: refusal.reason } : {}),
    ...(refusal?.detail ? { refusal_detail: refusal.detail } : {}),
    ...(f.caveat && !refusal ? { caveat: f.caveat } : {}),
    citations,
    run_id: f.input.runId,
    question: f.question,
    stop_reason: stop,
    usage: {
      input_tokens: f.guard.tokensIn,
      output_tokens: f.guard.tokensOut,
      total_tokens: f.guard.tokens,
      steps: f.guard.steps,
      retrievals: f.retrievals,
    },
    timings: {
      total_ms: Math.round(f.guard.elapsed()),
      retrieval_ms: Math.round(f.timings.retrieval_ms),
      reasoning_ms: Math.round(f.timings.reasoning_ms),
    },
  };
  f.tracer.record(f.guard.steps, 'stop', {
    reason: stop,
    status: response.status,
    refusal_reason: refusal?.reason,
    refusal_detail: refusal?.detail,
    caveat: response.caveat,
    answer,
    citations,
    usage: response.usage,
    timings: response.timings,
  });
  for (const piece of answer.match(/\S+\s*/g) ?? []) yield { type: 'answer.delta', text: piece };
  for (const c of citations) yield { type: 'citation', citation: c };
  yield { type: 'done', response };
  return response;
}
