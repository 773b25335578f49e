import { z } from 'zod';
import { runAgent } from '../agent/run-agent.ts';
import type { AgentEvent, ChatTurn, Limits, QueryResponse } from '../agent/types.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { ChunkFilter } from '../retrieval/index.ts';
import { currentRequest, Tracer } from '../trace/index.ts';
import { stoppedByShutdown } from './run-control.ts';

/**
 * Per-request limits. Each may lower the operator's setting (GROUNDED_MAX_STEPS, …), never raise it: a larger value
 * is cut to the setting, and the response and the trace's `start` record say which limits the run had.
 */
export const LimitsInput = z
  .object({
    max_steps: z.number().int().min(1).max(100).optional(),
    token_budget: z.number().int().min(1).max(2_000_000).optional(),
    deadline_ms: z.number().int().min(1).max(600_000).optional(),
    top_k: z.number().int().min(1).max(50).optional(),
  })
  .strict();

/** The limits a run actually had, in the request's own names; returned with every response. */
export type EffectiveLimits = { max_steps: number; token_budget: number; deadline_ms: number; top_k: number };
export type AskResponse = QueryResponse & { limits: EffectiveLimits };

export type AskRequest = {
  question: string;
  history?: ChatTurn[];
  sources?: string[];
  mode?: 'agent' | 'single-shot';
  limits?: z.infer<typeof LimitsInput>;
  /** Narrows every search of the run (metadata, documents), inside LanceDB. */
  filter?: ChunkFilter;
};

/** The sources a request may read: the named ones (each must exist) or all of them. */
export async function resolveSources(deps: Deps, wanted: readonly string[] | undefined): Promise<string[]> {
  const all = (await deps.store.listSources()).map((s) => s.name);
  if (!wanted?.length) {
    if (all.length === 0 && deps.scope.sources !== '*')
      throw new AppError('unknown_source', `none of the sources this key (${deps.scope.key}) may read exists yet`, {
        field: 'sources',
      });
    if (all.length === 0)
      throw new AppError('unavailable', 'no sources are ingested yet; run `npm run ingest -- <path> --source <name>`');
    return all;
  }
  const unknown = wanted.filter((s) => !all.includes(s));
  if (unknown.length)
    throw new AppError(
      'unknown_source',
      `unknown source(s): ${unknown.join(', ')}; known: ${all.join(', ') || 'none'}`,
      { field: 'sources', unknown, known: all },
    );
  return [...new Set(wanted)];
}

const lower = (asked: number | undefined, configured: number) =>
  asked === undefined ? configured : Math.min(asked, configured);

/** The run's limits: the configured ones, lowered (never raised) by the request's. */
export function limitsFor(deps: Deps, l: AskRequest['limits'] = {}): Limits {
  const c = deps.config;
  return {
    maxSteps: lower(l.max_steps, c.GROUNDED_MAX_STEPS),
    tokenBudget: lower(l.token_budget, c.GROUNDED_TOKEN_BUDGET),
    deadlineMs: lower(l.deadline_ms, c.GROUNDED_DEADLINE_MS),
    callTimeoutMs: c.GROUNDED_CALL_TIMEOUT_MS,
    maxRetries: c.GROUNDED_MAX_RETRIES,
    topK: lower(l.top_k, c.GROUNDED_TOP_K),
  };
}

const effective = (l: Limits): EffectiveLimits => ({
  max_steps: l.maxSteps,
  token_budget: l.tokenBudget,
  deadline_ms: l.deadlineMs,
  top_k: l.topK,
});

/**
 * One question through the agent, the single code path for HTTP, chat completions and evals: resolve sources,
 * run, and save the trace whatever happens (answered, refused, aborted or failed).
 */
export async function* ask(deps: Deps, req: AskRequest, signal?: AbortSignal): AsyncGenerator<AgentEvent, AskResponse> {
  const sources = await resolveSources(deps, req.sources);
  const runId = deps.newId();
  const c = deps.config;
  const secrets = [
    ...deps.keys.secrets,
    c.GROUNDED_LLM_API_KEY,
    c.GROUNDED_EMBED_API_KEY,
    c.GROUNDED_RERANK_API_KEY,
    c.GROUNDED_DB_API_KEY,
  ].filter((k): k is string => !!k && k.length >= 4);
  const startedAt = deps.now();
  const request = currentRequest();
  const context: Record<string, unknown> = {
    ...(request ? { request_id: request.requestId, trace_id: request.traceId } : {}),
    ...(req.filter ? { filter: req.filter } : {}),
    // The scope the run was made under: which key, and what it could read.
    scope: { key: deps.scope.key, role: deps.scope.role, sources: deps.scope.sources },
  };
  const tracer = new Tracer(runId, deps.now, secrets, context);
  const log = deps.logger.child({ run_id: runId, ...context });
  const limits = limitsFor(deps, req.limits);
  const withLimits = (r: QueryResponse): AskResponse => ({ ...r, limits: effective(limits) });
  // A shutdown stops the run as a client leaving does; the caller then gets a 503 instead of the stopped run's reply.
  const shutdown = deps.runs.shutdownSignal;
  const linked = linkSignals([shutdown, signal]);
  const run = runAgent(
    {
      question: req.question,
      history: req.history,
      sources,
      mode: req.mode ?? 'agent',
      limits,
      runId,
      signal: linked.signal,
    },
    {
      retriever: req.filter ? deps.retriever.forRequest({ filter: req.filter }) : deps.retriever,
      rerank: deps.rerank,
      store: deps.store,
      reasoner: deps.reasoner,
      now: deps.now,
    },
    tracer,
  );
  let response: AskResponse;
  const held: AgentEvent[] = [];
  try {
    // Events pass through as they come (the `done` event gains the limits); once the shutdown has fired they wait
    // for the outcome, so a stopped run's refusal is never sent.
    let next = await run.next();
    for (; !next.done; next = await run.next()) {
      const ev: AgentEvent =
        next.value.type === 'done' ? { type: 'done', response: withLimits(next.value.response) } : next.value;
      if (shutdown?.aborted) held.push(ev);
      else yield ev;
    }
    response = withLimits(next.value);
    log.info(
      {
        status: response.status,
        stop_reason: response.stop_reason,
        refusal_reason: response.refusal_reason,
        citations: response.citations.length,
        usage: response.usage,
        total_ms: response.timings.total_ms,
      },
      'run finished',
    );
    deps.metrics?.run(response);
  } catch (e) {
    tracer.record(tracer.records.at(-1)?.step ?? 0, 'error', { error: e instanceof Error ? e.message : String(e) });
    tracer.record(tracer.records.at(-1)?.step ?? 0, 'stop', {
      reason: linked.signal.aborted ? 'aborted' : 'error',
      status: 'refused',
      answer: '',
      citations: [],
      usage: {},
    });
    log.warn({ err: e instanceof Error ? e.message : String(e) }, 'run failed');
    deps.metrics?.failedRun(linked.signal.aborted ? 'aborted' : 'error', (deps.now() - startedAt) / 1000);
    throw shutdown?.aborted ? stoppedByShutdown(runId) : e;
  } finally {
    linked.unlink();
    await run.return(undefined as never); // a caller that stopped early leaves no suspended run behind
    await deps.traces.save(runId, tracer.records).catch((e) => log.error({ err: String(e) }, 'trace not saved'));
  }
  if (shutdown?.aborted && response.stop_reason === 'aborted') throw stoppedByShutdown(runId);
  yield* held;
  return response;
}

/**
 * One signal aborted when any of the given ones is, with the first one's reason. Plain listeners, removed by
 * `unlink`, so a long-lived signal (the shutdown) holds nothing of finished runs.
 */
function linkSignals(signals: readonly (AbortSignal | undefined)[]): { signal: AbortSignal; unlink(): void } {
  const ctl = new AbortController();
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (e: Event) => ctl.abort((e.target as AbortSignal).reason);
  for (const s of present) {
    if (s.aborted) ctl.abort(s.reason);
    else s.addEventListener('abort', onAbort, { once: true });
  }
  const unlink = () => {
    for (const s of present) s.removeEventListener('abort', onAbort);
  };
  return { signal: ctl.signal, unlink };
}

/** Drain a run to its final response (for callers that do not stream). */
export async function askOnce(deps: Deps, req: AskRequest, signal?: AbortSignal): Promise<AskResponse> {
  const gen = ask(deps, req, signal);
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
  }
}
