import type { ChunkFilter, Hit, RetrievalMode, Retriever } from '../retrieval/index.ts';
import type { Store } from '../store/index.ts';
import type { Tracer } from '../trace/index.ts';
import { CallTimeout, guardedCall } from './call.ts';
import { finishAnswer } from './finish.ts';
import { callKey, GuardrailStop, Guardrails } from './guardrails.ts';
import { createBuiltinReasoner } from './reasoner/builtin/index.ts';
import type { Grade, Reasoner, ReasonerContext } from './reasoner/types.ts';
import { EvidencePool } from './state.ts';
import { expansionTerms } from './tools/expansion.ts';
import { followBridges, linksFrom } from './tools/hop.ts';
import { titleIndexFor } from './tools/title-index.ts';
import type { AgentEvent, AgentInput, QueryResponse, RefusalReason, StopReason } from './types.ts';

export type AgentDeps = { retriever: Retriever; store: Store; reasoner: Reasoner; now?: () => number };

const MODES: RetrievalMode[] = ['hybrid', 'vector', 'bm25'];
const MAX_NAMED = 6;
const fallback = createBuiltinReasoner();

/**
 * The agent loop: condense → rewrite → retrieve (with feedback) → grade → search again / hop / switch / answer or
 * refuse → compose → verify. Yields typed events as it goes; every step is recorded on the tracer; returns the
 * final response (also the payload of the last `done` event).
 */
export async function* runAgent(
  input: AgentInput,
  deps: AgentDeps,
  tracer: Tracer,
): AsyncGenerator<AgentEvent, QueryResponse> {
  const now = deps.now ?? Date.now;
  const guard = new Guardrails(input.limits, now, input.signal);
  const timings = { retrieval_ms: 0, reasoning_ms: 0 };
  const foundBy = new Map<string, string>();
  const pool = new EvidencePool(input.sources[0]!, 'hybrid');
  const untriedSources = input.sources.slice(1);
  const triedModes = new Set<RetrievalMode>(['hybrid']);
  let retrievals = 0;
  const agentic = input.mode === 'agent';
  tracer.record(0, 'start', {
    question: input.question,
    sources: input.sources,
    mode: input.mode,
    limits: input.limits,
    reasoner: deps.reasoner.id,
    history_turns: input.history?.length ?? 0,
  });

  /** One reasoner decision under the per-call timeout; a failed model call falls back to the builtin decision. */
  async function decide<T>(
    name: string,
    call: (r: Reasoner, ctx: ReasonerContext) => Promise<T>,
  ): Promise<{ value: T; tokens: { input: number; output: number } }> {
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
    const started = now();
    try {
      const value = await guardedCall((signal) => call(deps.reasoner, ctxFor(signal)), {
        name,
        timeoutMs: Math.min(input.limits.callTimeoutMs, Math.max(1, guard.remainingMs())),
        idempotent: false,
        retries: 0,
        signal: input.signal,
      });
      return { value, tokens };
    } catch (e) {
      if (e instanceof GuardrailStop || deps.reasoner === fallback) throw e;
      const detail = e instanceof Error ? e.message : String(e);
      const kind = e instanceof CallTimeout ? 'call_timeout' : 'reasoner_error';
      tracer.record(guard.steps, 'guardrail', { name: kind, call: name, detail, fallback: 'builtin' });
      return { value: await call(fallback, ctxFor(input.signal ?? new AbortController().signal)), tokens };
    } finally {
      timings.reasoning_ms += now() - started;
    }
  }

  /** Run one search (idempotent: retried on failure), add its hits to the pool and trace them. */
  async function* retrieve(
    query: string,
    purpose: string,
    opts: { expansion?: ReturnType<typeof expansionTerms>; mustProgress?: boolean; filter?: ChunkFilter } = {},
  ): AsyncGenerator<AgentEvent, Hit[]> {
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
    const started = now();
    const hits = await guardedCall(
      (signal) =>
        deps.retriever.search(
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
    const ms = now() - started;
    timings.retrieval_ms += ms;
    retrievals++;
    pool.tried.push({ source: pool.source, mode: pool.mode, query });
    const fresh = pool.add(hits);
    for (const h of hits) if (!foundBy.has(h.id)) foundBy.set(h.id, purpose);
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
      round: retrievals,
      source: pool.source,
      mode: pool.mode,
      queries: [query],
      hits: hits.map((h) => ({ chunk_id: h.id, doc_id: h.doc_id, title: h.title, score: h.score })),
      new_chunks: fresh,
    };
    if (fresh === 0 && opts.mustProgress) {
      tracer.record(guard.steps, 'guardrail', {
        name: 'no_progress',
        detail: `search ${JSON.stringify(query)} found no new chunk`,
      });
      throw new GuardrailStop('no_progress', `search ${JSON.stringify(query)} found no new chunk`);
    }
    return hits;
  }

  /** First round on the active source: the question, sub-questions, then (agent) the question expanded by feedback. */
  async function* firstRound(question: string, subqueries: string[]): AsyncGenerator<AgentEvent, void> {
    const main = yield* retrieve(question, 'question');
    const lists = [{ hits: main, weight: 1 }];
    if (agentic && main.length > 0) {
      const expansion = expansionTerms(question, main);
      if (expansion.length) {
        lists[0]!.weight = 0.9;
        lists.unshift({ hits: yield* retrieve(question, 'feedback', { expansion }), weight: 1 });
      }
      for (const sq of subqueries) lists.push({ hits: yield* retrieve(sq, 'sub-question'), weight: 0.9 });
      // Documents the question names by title are evidence in their own right (comparison questions name both).
      const named = (await titleIndexFor(await deps.store.source(pool.source))).mentions(question);
      if (named.length > 0 && named.length <= MAX_NAMED)
        lists.push({
          hits: yield* retrieve(question, 'named in the question', { filter: { titles: named } }),
          weight: 0.9,
        });
    }
    pool.merge(lists);
  }

  let stop: StopReason = 'answered';
  let refusal: RefusalReason | undefined;
  let question = input.question;
  let subqueries: string[] = [];
  let lastGrade: Grade | undefined;
  try {
    if (input.history?.length) {
      guard.beforeStep();
      const { value, tokens } = await decide('condense', (r, ctx) => r.condense(input.history!, input.question, ctx));
      tracer.record(
        guard.steps,
        'condense',
        { original: input.question, condensed: value, turns: input.history.length },
        { tokens },
      );
      question = value;
    }
    guard.beforeStep();
    const rw = agentic
      ? await decide('rewrite', (r, ctx) => r.rewrite(question, ctx))
      : { value: { question: question.replace(/\s+/g, ' ').trim(), subqueries: [] }, tokens: { input: 0, output: 0 } };
    question = rw.value.question || question;
    subqueries = rw.value.subqueries.filter((s) => s && s !== question);
    tracer.record(
      guard.steps,
      'rewrite',
      { question, subqueries, queries: [question, ...subqueries] },
      { tokens: rw.tokens },
    );
    yield { type: 'rewrite', question, queries: [question, ...subqueries] };

    yield* firstRound(question, subqueries);
    for (;;) {
      guard.beforeStep();
      const links =
        agentic && !pool.hopped ? await linksFrom(question, pool.ranking, await deps.store.source(pool.source)) : [];
      const g = await decide('grade', (r, ctx) =>
        r.grade(
          {
            question,
            subqueries,
            evidence: pool.evidence(foundBy),
            tried: pool.tried,
            source: pool.source,
            mode: pool.mode,
            untriedSources: agentic ? untriedSources : [],
            untriedModes: agentic ? MODES.filter((m) => !triedModes.has(m)).slice(0, 1) : [],
            hopped: pool.hopped || !agentic,
            links,
          },
          ctx,
        ),
      );
      lastGrade = g.value;
      const a = g.value.action;
      tracer.record(
        guard.steps,
        'grade',
        {
          coverage: g.value.coverage,
          subqueries: g.value.subqueries,
          action: a,
          reason: g.value.reason,
          evidence: pool.evidence(foundBy).map((e) => e.id),
        },
        { tokens: g.tokens },
      );
      yield {
        type: 'grade',
        coverage: g.value.coverage,
        action: a.type,
        reason: g.value.reason,
        subqueries: g.value.subqueries,
      };
      if (a.type === 'answer') break;
      if (a.type === 'refuse' || !agentic) {
        stop = 'refused';
        refusal = a.type === 'refuse' ? a.reason : 'insufficient_coverage';
        break;
      }
      if (a.type === 'search') {
        const hits = yield* retrieve(a.query, 'reasoner query', { mustProgress: true });
        pool.merge([
          { hits: pool.ranking, weight: 1 },
          { hits, weight: 0.9 },
        ]);
      } else if (a.type === 'hop') {
        pool.hopped = true;
        const src = await deps.store.source(pool.source);
        const hop = yield* followBridges(question, pool.ranking, src, (q, purpose, filter) =>
          retrieve(q, purpose, { filter }),
        );
        tracer.record(guard.steps, 'hop', {
          accepted: hop.accepted,
          reason: hop.why,
          chunk_ids: hop.ranking.map((h) => h.id).slice(0, 20),
        });
        pool.ranking = hop.ranking;
      } else if (a.type === 'switch_source') {
        const i = untriedSources.indexOf(a.source);
        if (i < 0) throw new GuardrailStop('duplicate_call', `switch to ${a.source}: not an untried source`);
        untriedSources.splice(i, 1);
        tracer.record(guard.steps, 'switch', {
          kind: 'source',
          from: pool.source,
          to: a.source,
          reason: g.value.reason,
        });
        yield { type: 'switch', kind: 'source', from: pool.source, to: a.source, reason: g.value.reason };
        pool.source = a.source;
        pool.mode = 'hybrid';
        pool.hopped = false;
        yield* firstRound(question, subqueries);
      } else if (a.type === 'switch_mode') {
        if (triedModes.has(a.mode))
          throw new GuardrailStop('duplicate_call', `mode ${a.mode} was already tried on ${pool.source}`);
        triedModes.add(a.mode);
        tracer.record(guard.steps, 'switch', { kind: 'mode', from: pool.mode, to: a.mode, reason: g.value.reason });
        yield { type: 'switch', kind: 'mode', from: pool.mode, to: a.mode, reason: g.value.reason };
        pool.mode = a.mode;
        pool.merge([
          { hits: pool.ranking, weight: 1 },
          { hits: yield* retrieve(question, 'mode switch', { mustProgress: true }), weight: 0.7 },
        ]);
      }
    }
  } catch (e) {
    if (!(e instanceof GuardrailStop)) throw e;
    tracer.record(guard.steps, 'guardrail', { name: e.reason, detail: e.detail });
    yield { type: 'guardrail', name: e.reason, detail: e.detail };
    stop = e.reason;
    // Loops and repeats end the search, not the answer: answer from what was found if it was good enough.
    const usable =
      (e.reason === 'duplicate_call' || e.reason === 'no_progress') &&
      lastGrade !== undefined &&
      lastGrade.action.type !== 'refuse' &&
      lastGrade.coverage >= 0.5;
    if (!usable)
      refusal =
        e.reason === 'duplicate_call' || e.reason === 'no_progress' ? 'insufficient_coverage' : 'budget_exhausted';
  }

  tracer.record(guard.steps, 'rank', {
    chunk_ids: pool.ranking.map((h) => h.id),
    doc_ids: pool.ranking.map((h) => h.doc_id),
  });
  const final = yield* finishAnswer({
    question,
    pool,
    foundBy,
    refusal,
    stop,
    input,
    guard,
    tracer,
    decide,
    timings,
    retrievals,
    now,
  });
  return final;
}
