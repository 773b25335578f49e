import { statesClaim } from '../text/index.ts';
import type { Tracer } from '../trace/index.ts';
import { finishAnswer } from './finish.ts';
import { GuardrailStop } from './guardrails.ts';
import type { Grade } from './reasoner/types.ts';
import { type AgentDeps, RunSteps } from './run-steps.ts';
import type { AgentEvent, AgentInput, QueryResponse, RefusalReason, StopReason } from './types.ts';

export type { AgentDeps } from './run-steps.ts';

/**
 * The agent loop: condense → rewrite → first round → (grade → act)* → compose → verify. The first round's ranking
 * is single-shot's; later steps (a sub-question, a focused search, a mode or source switch, links on sources that
 * have them) add evidence and promote a chunk only when it covers what the top chunks do not. Yields typed events
 * as it goes; every step is recorded on the tracer; returns the final response (also the last `done` event's).
 */
export async function* runAgent(
  input: AgentInput,
  deps: AgentDeps,
  tracer: Tracer,
): AsyncGenerator<AgentEvent, QueryResponse> {
  const run = new RunSteps(input, deps, tracer);
  let stop: StopReason = 'answered';
  let refusal: { reason: RefusalReason; detail?: string } | undefined;
  let caveat: string | undefined;
  let question = input.question;
  let grade: Grade | undefined;
  try {
    question = await run.condense();
    const { question: q, subqueries } = yield* run.rewrite(question);
    question = q;
    yield* run.firstRound(question, subqueries);
    for (;;) {
      grade = yield* run.grade(question, subqueries);
      const a = grade.action;
      if (a.type === 'answer') {
        caveat = a.caveat;
        break;
      }
      if (a.type === 'refuse' || input.mode !== 'agent') {
        stop = 'refused';
        refusal = a.type === 'refuse' ? { reason: a.reason, detail: a.detail } : { reason: 'insufficient_coverage' };
        break;
      }
      yield* run.act(a, question, grade.reason);
    }
  } catch (e) {
    if (!(e instanceof GuardrailStop)) throw e;
    yield* run.guardrail(e);
    stop = e.reason;
    const looped = e.reason === 'duplicate_call' || e.reason === 'no_progress';
    // A search that found nothing new leaves the best chunks without the question's focus: refuse, naming it.
    const unseen = run.unseenFocus;
    // Otherwise loops and repeats end the search, not the answer: answer from what was found if it was good enough,
    // and not from chunks a switch of mode after weak hybrid evidence promoted (`switched_mode`; a claim and a
    // follow-up excepted, as there).
    const switched = run.weakSwitch && run.modePromoted && !statesClaim(question) && !run.followUp;
    const usable =
      looped && grade !== undefined && grade.action.type !== 'refuse' && grade.coverage >= 0.5 && !switched;
    if (looped && unseen.length)
      refusal = { reason: 'missing_focus', detail: `no passage about ${unseen.join(', ')} that answers the question` };
    else if (!usable) refusal = { reason: looped ? 'insufficient_coverage' : 'budget_exhausted' };
  }
  run.recordRanking();
  return yield* finishAnswer({ ...run.finishing(), question, refusal, caveat, stop, input, tracer });
}
