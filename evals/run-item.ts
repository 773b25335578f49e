import type { ChatTurn, QueryResponse } from '../src/agent/types.ts';
import type { Deps } from '../src/deps.ts';
import { askOnce } from '../src/service/ask.ts';
import type { DocTexts } from './corpus.ts';
import type { EvalItem } from './datasets/types.ts';
import { type CheckedClaim, checkAnswer } from './judges/check-answer.ts';
import type { Judge } from './judges/types.ts';
import { type CitationCheck, checkCitations } from './metrics/grounded.ts';
import { type TraceView, viewTrace } from './trace-view.ts';

export type EvalMode = 'agent' | 'single-shot' | 'no-retrieval' | 'bm25';
export const EVAL_MODES: readonly EvalMode[] = ['agent', 'single-shot', 'no-retrieval', 'bm25'];

/** Chunks the BM25-alone baseline ranks: enough for ten distinct documents when documents have several chunks. */
const BM25_TOP_CHUNKS = 50;

export type ItemResult = {
  item: EvalItem;
  answer: string;
  refused: boolean;
  ms: number;
  claims: CheckedClaim[];
  view?: TraceView;
  response?: QueryResponse;
  /** Texts of the chunks the answer cites, in citation order. */
  citedChunks?: string[];
  /** A retrieval-only baseline (BM25 alone): it ranks, it does not answer. */
  retrievalOnly?: boolean;
  /** Citations whose text equals the document's text at their offsets. */
  citationCheck?: CitationCheck;
};

/**
 * One question in one mode, through the same code path as HTTP (`askOnce`), then its claims judged against the
 * chunks its trace logged: the cited chunks first (so [n] points at chunks[n - 1]), then the rest it retrieved. A
 * follow-up (`history`) is asked in its conversation (`conversation`); the BM25 and no-retrieval baselines read it
 * alone, as asked. The no-retrieval baseline asks the reasoner to answer from no evidence at all. Without a judge,
 * claims are not checked; with the documents' texts, each citation's offsets are checked against its document.
 */
export async function runItem(
  deps: Deps,
  item: EvalItem,
  mode: EvalMode,
  source: string,
  judge?: Judge,
  docs?: DocTexts,
): Promise<ItemResult> {
  const started = performance.now();
  if (mode === 'bm25') return bm25Alone(deps, item, source, started);
  if (mode === 'no-retrieval') {
    const answer = await deps.reasoner.compose(
      { question: item.question, evidence: [] },
      { signal: new AbortController().signal, usage: () => {} },
    );
    const claims =
      judge && answer.trim() ? await checkAnswer({ answer, chunks: [], judge, question: item.question }) : [];
    return { item, answer, refused: !answer.trim(), ms: performance.now() - started, claims };
  }
  const history = item.history && (await conversation(deps, item.history, source, mode));
  const asked = performance.now();
  const response = await askOnce(deps, {
    question: item.question,
    sources: [source],
    mode,
    ...(history && { history }),
  });
  const ms = performance.now() - asked;
  const records = await deps.traces.get(response.run_id);
  const view = records ? viewTrace(records) : undefined;
  let claims: CheckedClaim[] = [];
  const cited = [...response.citations].sort((a, b) => a.n - b.n).map((c) => view?.chunks.get(c.chunk_id) ?? c.text);
  if (judge && response.status === 'answered' && view) {
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
  let citationCheck: CitationCheck | undefined;
  if (docs && response.citations.length) {
    const texts = new Map<string, string | undefined>();
    for (const c of response.citations) if (!texts.has(c.doc_id)) texts.set(c.doc_id, await docs.get(c.doc_id));
    citationCheck = checkCitations(response.citations, (id) => texts.get(id));
  }
  return {
    item,
    answer: response.status === 'answered' ? response.answer : '',
    refused: response.status === 'refused',
    ms,
    claims,
    view,
    response,
    citedChunks: cited,
    ...(citationCheck ? { citationCheck } : {}),
  };
}

/**
 * A follow-up's conversation as a chat frontend sends it: each earlier user turn asked in order, with the conversation
 * so far, and our answer to it after it (a refusal says nothing, so it is left out).
 */
async function conversation(
  deps: Deps,
  turns: readonly string[],
  source: string,
  mode: 'agent' | 'single-shot',
): Promise<ChatTurn[]> {
  const out: ChatTurn[] = [];
  for (const content of turns) {
    const r = await askOnce(deps, {
      question: content,
      sources: [source],
      mode,
      ...(out.length && { history: [...out] }),
    });
    out.push({ role: 'user', content });
    if (r.status === 'answered' && r.answer.trim()) out.push({ role: 'assistant', content: r.answer });
  }
  return out;
}

/**
 * LanceDB's full-text search alone on the same source table (`/v1/search` with `mode: "bm25"`): no vectors, no
 * fusion, no agent. Its ranking is read like an agent run's, so the same retrieval metrics apply.
 */
async function bm25Alone(deps: Deps, item: EvalItem, source: string, started: number): Promise<ItemResult> {
  const hits = await deps.retriever.search({
    query: item.question,
    sources: [source],
    topK: BM25_TOP_CHUNKS,
    mode: 'bm25',
  });
  const ms = performance.now() - started;
  const view: TraceView = {
    rankedDocs: [...new Set(hits.map((h) => h.doc_id))],
    rankedChunks: hits.map((h) => h.id),
    chunks: new Map(hits.map((h) => [h.id, h.text])),
    trajectory: { steps: 1, toolCalls: [{ name: 'search', args: { source, mode: 'bm25' } }], stopReason: 'ranked' },
    steps: [{ type: 'retrieval', summary: `bm25 on ${source}: ${hits.length} chunks`, ms }],
  };
  return { item, answer: '', refused: false, ms, claims: [], view, retrievalOnly: true };
}
