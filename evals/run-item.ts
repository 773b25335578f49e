import type { QueryResponse } from '../src/agent/types.ts';
import type { Deps } from '../src/deps.ts';
import { askOnce } from '../src/service/ask.ts';
import type { EvalItem } from './datasets/types.ts';
import { type CheckedClaim, checkAnswer } from './judges/check-answer.ts';
import type { Judge } from './judges/types.ts';
import { type TraceView, viewTrace } from './trace-view.ts';

export type EvalMode = 'agent' | 'single-shot' | 'no-retrieval';

export type ItemResult = {
  item: EvalItem;
  answer: string;
  refused: boolean;
  ms: number;
  claims: CheckedClaim[];
  view?: TraceView;
  response?: QueryResponse;
};

/**
 * One question in one mode, through the same code path as HTTP (`askOnce`), then its claims judged against the
 * chunks its trace logged: the cited chunks first (so [n] points at chunks[n - 1]), then the rest it retrieved.
 * The no-retrieval baseline asks the reasoner to answer from no evidence at all.
 */
export async function runItem(
  deps: Deps,
  item: EvalItem,
  mode: EvalMode,
  source: string,
  judge: Judge,
): Promise<ItemResult> {
  const started = performance.now();
  if (mode === 'no-retrieval') {
    const answer = await deps.reasoner.compose(
      { question: item.question, evidence: [] },
      { signal: new AbortController().signal, usage: () => {} },
    );
    const claims = answer.trim() ? await checkAnswer({ answer, chunks: [], judge, question: item.question }) : [];
    return { item, answer, refused: !answer.trim(), ms: performance.now() - started, claims };
  }
  const response = await askOnce(deps, { question: item.question, sources: [source], mode });
  const ms = performance.now() - started;
  const records = await deps.traces.get(response.run_id);
  const view = records ? viewTrace(records) : undefined;
  let claims: CheckedClaim[] = [];
  if (response.status === 'answered' && view) {
    const cited = [...response.citations].sort((a, b) => a.n - b.n).map((c) => view.chunks.get(c.chunk_id) ?? c.text);
    const citedIds = new Set(response.citations.map((c) => c.chunk_id));
    const rest = [...view.chunks].filter(([id]) => !citedIds.has(id)).map(([, text]) => text);
    claims = await checkAnswer({
      answer: response.answer,
      chunks: [...cited, ...rest],
      judge,
      question: item.question,
    });
  }
  if (view) view.trajectory.latencyMs = response.timings.total_ms;
  return {
    item,
    answer: response.status === 'answered' ? response.answer : '',
    refused: response.status === 'refused',
    ms,
    claims,
    view,
    response,
  };
}
