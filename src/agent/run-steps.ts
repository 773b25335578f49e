import { type ChunkFilter, type Hit, type RerankStage, type Retriever, rerankHits } from '../retrieval/index.ts';
import type { Store } from '../store/index.ts';
import type { Tracer } from '../trace/index.ts';
import { CallTimeout, guardedCall } from './call.ts';
import { callKey, GuardrailStop, type Guardrails } from './guardrails.ts';
import { createBuiltinReasoner } from './reasoner/builtin/index.ts';
import type { Reasoner, ReasonerContext } from './reasoner/types.ts';
import type { EvidencePool } from './state.ts';
import { expansionTerms } from './tools/expansion.ts';
import { titleIndexFor } from './tools/title-index.ts';
import type { AgentEvent, AgentInput } from './types.ts';

export type AgentDeps = {
  retriever: Retriever;
  /** Reorders each search's best hits before they enter the pool. */
  rerank?: RerankStage;
  store: Store;
  reasoner: Reasoner;
  now?: () => number;
};
export type Tokens = { input: number; output: number };

const MAX_NAMED = 6;
const fallback = createBuiltinReasoner();

/**
 * The steps of one run that touch the outside world — a reasoner decision, a search, the first round on a
 * source — each under the guardrails and each traced. The loop in run-agent.ts decides which to take.
 */
export class RunSteps {
  readonly timings = { retrieval_ms: 0, reasoning_ms: 0 };
  readonly foundBy = new Map<string, string>();
  retrievals = 0;
  private readonly now: () => number;

  constructor(
    private readonly input: AgentInput,
    private readonly deps: AgentDeps,
    private readonly tracer: Tracer,
    private readonly guard: Guardrails,
    private readonly pool: EvidencePool,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** One reasoner decision under the per-call timeout; a failed model call falls back to the builtin decision. */
  async decide<T>(
    name: string,
    call: (r: Reasoner, ctx: ReasonerContext) => Promise<T>,
  ): Promise<{ value: T; tokens: Tokens }> {
    const { guard, tracer, input } = this;
    const tokens = { input: 0, output: 0 };
    const ctxFor = (signal: AbortSignal): ReasonerContext => ({
      signal,
      usage: (i, o) => {
        tokens.input += i;
        tokens.output += o;
        guard.addTokens(i, o);
      },
      llm: (c) => tracer.record(guard.steps, 'llm', { ...c }),
    });
    const started = this.now();
    try {
      const value = await guardedCall((signal) => call(this.deps.reasoner, ctxFor(signal)), {
        name,
        timeoutMs: Math.min(input.limits.callTimeoutMs, Math.max(1, guard.remainingMs())),
        idempotent: false,
        retries: 0,
        signal: input.signal,
      });
      return { value, tokens };
    } catch (e) {
      if (e instanceof GuardrailStop || this.deps.reasoner === fallback) throw e;
      const detail = e instanceof Error ? e.message : String(e);
      const kind = e instanceof CallTimeout ? 'call_timeout' : 'reasoner_error';
      tracer.record(guard.steps, 'guardrail', { name: kind, call: name, detail, fallback: 'builtin' });
      return { value: await call(fallback, ctxFor(input.signal ?? new AbortController().signal)), tokens };
    } finally {
      this.timings.reasoning_ms += this.now() - started;
    }
  }

  /** Run one search (idempotent: retried on failure), add its hits to the pool and trace them. */
  async *retrieve(
    query: string,
    purpose: string,
    opts: { expansion?: ReturnType<typeof expansionTerms>; mustProgress?: boolean; filter?: ChunkFilter } = {},
  ): AsyncGenerator<AgentEvent, Hit[]> {
    const { guard, tracer, input, pool } = this;
    const key = callKey('search', {
      source: pool.source,
      mode: pool.mode,
      query,
      expansion: opts.expansion?.map((t) => t.term).join(' ') ?? '',
      filter: JSON.stringify(opts.filter ?? {}),
    });
    if (!guard.firstCall(key))
      throw new GuardrailStop(
        'duplicate_call',
        `search ${JSON.stringify(query)} on ${pool.source}/${pool.mode} was already made`,
      );
    guard.beforeStep();
    const started = this.now();
    const searched = await guardedCall(
      (signal) =>
        this.deps.retriever.search(
          {
            query,
            sources: [pool.source],
            topK: Math.max(input.limits.topK, 10),
            mode: pool.mode,
            expansion: opts.expansion,
            filter: opts.filter,
          },
          signal,
        ),
      {
        name: 'search',
        timeoutMs: input.limits.callTimeoutMs,
        idempotent: true,
        retries: input.limits.maxRetries,
        signal: input.signal,
        onRetry: (attempt, e) =>
          tracer.record(guard.steps, 'error', { call: 'search', attempt, error: String(e), retrying: true }),
      },
    );
    const ms = this.now() - started;
    this.timings.retrieval_ms += ms;
    const hits = await this.rerank(query, searched);
    this.retrievals++;
    pool.tried.push({ source: pool.source, mode: pool.mode, query });
    const fresh = pool.add(hits);
    for (const h of hits) if (!this.foundBy.has(h.id)) this.foundBy.set(h.id, purpose);
    tracer.record(
      guard.steps,
      'retrieval',
      {
        source: pool.source,
        mode: pool.mode,
        purpose,
        queries: [query, ...(opts.expansion?.map((t) => `${t.term}^${t.weight.toFixed(3)}`) ?? [])],
        ...(opts.filter ? { filter: opts.filter } : {}),
        hits: hits.map((h) => ({
          chunk_id: h.id,
          doc_id: h.doc_id,
          source: h.source,
          title: h.title,
          score: h.score,
          text: h.text,
        })),
        new_chunks: fresh,
      },
      { duration_ms: ms },
    );
    yield {
      type: 'retrieval',
      round: this.retrievals,
      source: pool.source,
      mode: pool.mode,
      queries: [query],
      hits: hits.map((h) => ({ chunk_id: h.id, doc_id: h.doc_id, title: h.title, score: h.score })),
      new_chunks: fresh,
    };
    if (fresh === 0 && opts.mustProgress)
      throw new GuardrailStop('no_progress', `search ${JSON.stringify(query)} found no new chunk`);
    return hits;
  }

  /** The rerank stage, if any, on one search's hits: traced whether it applied or fell back to the fused order. */
  private async rerank(query: string, hits: Hit[]): Promise<Hit[]> {
    const stage = this.deps.rerank;
    if (!stage) return hits;
    const timeoutMs = Math.min(stage.timeoutMs, Math.max(1, this.guard.remainingMs()));
    const r = await rerankHits({ ...stage, timeoutMs }, query, hits, { signal: this.input.signal, now: this.now });
    this.timings.retrieval_ms += r.outcome.ms;
    this.tracer.record(this.guard.steps, 'rerank', { ...r.outcome }, { duration_ms: r.outcome.ms });
    return r.hits;
  }

  /**
   * First round on the active source: the question; then (agent mode) the question expanded by feedback from the
   * first results, each sub-question, and the documents the question names by title.
   */
  async *firstRound(
    question: string,
    subqueries: readonly string[],
    agentic: boolean,
  ): AsyncGenerator<AgentEvent, void> {
    const main = yield* this.retrieve(question, 'question');
    const lists = [{ hits: main, weight: 1 }];
    if (agentic && main.length > 0) {
      const expansion = expansionTerms(question, main);
      if (expansion.length) {
        lists[0]!.weight = 0.9;
        lists.unshift({ hits: yield* this.retrieve(question, 'feedback', { expansion }), weight: 1 });
      }
      for (const sq of subqueries) lists.push({ hits: yield* this.retrieve(sq, 'sub-question'), weight: 0.9 });
      // Documents the question names by title are evidence in their own right (comparison questions name both).
      const named = (await titleIndexFor(await this.deps.store.source(this.pool.source))).mentions(question);
      if (named.length > 0 && named.length <= MAX_NAMED)
        lists.push({
          hits: yield* this.retrieve(question, 'named in the question', { filter: { titles: named } }),
          weight: 0.9,
        });
    }
    this.pool.merge(lists);
  }
}
