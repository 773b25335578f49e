import type { RetrievalMode } from '../retrieval/index.ts';
import type { Tracer } from '../trace/index.ts';
import { finishAnswer } from './finish.ts';
import { GuardrailStop, Guardrails } from './guardrails.ts';
import type { Grade } from './reasoner/types.ts';
import { type AgentDeps, RunSteps } from './run-steps.ts';
import { EvidencePool } from './state.ts';
import { followBridges, linksFrom } from './tools/hop.ts';
import type { AgentEvent, AgentInput, QueryResponse, RefusalReason, StopReason } from './types.ts';

export type { AgentDeps } from './run-steps.ts';

const MODES: RetrievalMode[] = ['hybrid', 'vector', 'bm25'];

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
  const pool = new EvidencePool(input.sources[0]!, 'hybrid');
  const steps = new RunSteps(input, deps, tracer, guard, pool);
  const { foundBy } = steps;
  const decide = steps.decide.bind(steps);
  const retrieve = steps.retrieve.bind(steps);
  const untriedSources = input.sources.slice(1);
  const triedModes = new Set<RetrievalMode>(['hybrid']);
  const agentic = input.mode === 'agent';
  tracer.record(0, 'start', {
    question: input.question,
    sources: input.sources,
    mode: input.mode,
    limits: input.limits,
    reasoner: deps.reasoner.id,
    history_turns: input.history?.length ?? 0,
  });

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

    yield* steps.firstRound(question, subqueries, agentic);
    for (;;) {
      guard.beforeStep();
      const links =
        agentic && !pool.hopped ? await linksFrom(question, pool.ranking, await deps.store.source(pool.source)) : [];
      const evidence = pool.evidence(foundBy);
      const g = await decide('grade', (r, ctx) =>
        r.grade(
          {
            question,
            subqueries,
            evidence,
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
          evidence: evidence.map((e) => e.id),
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
        if (i < 0) throw new Error(`switch to ${a.source}: not an untried source`); // reasoners check this
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
        yield* steps.firstRound(question, subqueries, agentic);
      } else if (a.type === 'switch_mode') {
        if (triedModes.has(a.mode)) throw new Error(`mode ${a.mode} was already tried on ${pool.source}`); // reasoners check this
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
    timings: steps.timings,
    retrievals: steps.retrievals,
    now,
  });
  return final;
}
