import type { QueryResponse } from '../../agent/types.ts';

/** What the run learned on its way to refusing: where it looked and which parts of the question stayed uncovered. */
export type RefusalContext = { searched: readonly string[]; uncovered: readonly string[] };

const GUARDRAIL_STOPS: Partial<Record<QueryResponse['stop_reason'], string>> = {
  max_steps: 'the step limit was reached',
  token_budget: 'the token budget ran out',
  deadline: 'the time limit was reached',
  duplicate_call: 'the search started repeating itself',
  no_progress: 'further searches found nothing new',
  aborted: 'the request was cancelled',
};

/**
 * A refusal reaches a chat frontend as a normal message, so it must say what was missing in words: the parts of
 * the (condensed) question no passage covered, the sources searched, and why the search stopped.
 */
export function refusalNote(r: QueryResponse, ctx: RefusalContext): string {
  if (r.status !== 'refused') return '';
  const missing = (ctx.uncovered.length ? ctx.uncovered : [r.question]).map((q) => `"${q}"`).join(', ');
  const where = ctx.searched.length ? ` in ${ctx.searched.join(', ')}` : '';
  const stopped = GUARDRAIL_STOPS[r.stop_reason];
  return (
    `\n\nWhat was missing: no passage${where} supports an answer to ${missing}` +
    `${stopped ? `; ${stopped}` : ''} (reason: ${r.refusal_reason ?? r.stop_reason}).`
  );
}

/** An answered claim's caveat, said after the answer: what no passage of the sources mentions. */
export function caveatNote(r: QueryResponse): string {
  return r.status === 'answered' && r.caveat ? `\n\nNot in the sources: ${r.caveat}.` : '';
}
