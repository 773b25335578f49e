import {
  type ChunkFilter,
  type Hit,
  type RerankStage,
  type RetrievalMode,
  rerankHits,
  type Searcher,
} from '../retrieval/index.ts';
import type { SourceReader, StoreReader } from '../store/index.ts';
import { pairsAcrossWords } from '../text/index.ts';
import type { Tracer } from '../trace/index.ts';
import { CallTimeout, guardedCall } from './call.ts';
import { callKey, GuardrailStop, Guardrails } from './guardrails.ts';
import { createBuiltinReasoner } from './reasoner/builtin/index.ts';
import type { Grade, GradeAction, Reasoner, ReasonerContext } from './reasoner/types.ts';
import { EvidencePool } from './state.ts';
import { extendChain } from './tools/chain.ts';
import { expansionTerms } from './tools/expansion.ts';
import { checkAbsentWords, checkFocus, checkOwner, remembering } from './tools/focus.ts';
import { followBridges, linksFrom } from './tools/hop.ts';
import { titleIndexFor } from './tools/title-index.ts';
import { condensedOther, userTurns } from './turns.ts';
import type { AgentEvent, AgentInput } from './types.ts';

export type AgentDeps = {
  retriever: Searcher;
  store: StoreReader;
  reasoner: Reasoner;
  /** An HTTP reranker over each search's hits (GROUNDED_RERANKER); absent, the retriever's order stands. */
  rerank?: RerankStage;
  now?: () => number;
};
export type Tokens = { input: number; output: number };
type Decision = Exclude<GradeAction, { type: 'answer' | 'refuse' }>;

const MAX_NAMED = 6;
/**
 * Chunks a search brings into the run: enough for the ranking to name ten documents when documents have several
 * chunks (NFCorpus dev nDCG@10 +0.022 against ten chunks; the first ten hits are the same either way).
 */
const SEARCH_HITS = 20;
/**
 * The full-text weight a search for a focus term the best chunks lack gives that term, beside the question: among a
 * long question's words one rare term does not lift its chunk ("… over IPv6 …" ranked the chunk saying what happens
 * for IPv6 below 30 others). Over the folder sets 1, 2 and 4 found the same chunks; 2 is taken.
 */
const FOCUS_WEIGHT = 2;
const MODES: RetrievalMode[] = ['hybrid', 'vector', 'bm25'];
const fallback = createBuiltinReasoner();

/**
 * The steps of one run — reasoner decisions, searches, rounds and actions — each under the guardrails and each
 * traced. The flow that chooses between them is in run-agent.ts.
 */
export class RunSteps {
  readonly timings = { retrieval_ms: 0, reasoning_ms: 0 };
  readonly foundBy = new Map<string, string>();
  readonly guard: Guardrails;
  readonly pool: EvidencePool;
  retrievals = 0;
  /** Focus terms the source has but the last graded evidence does not hold (agent mode). */
  unseenFocus: string[] = [];
  /**
   * The user's own words, when condensing with the conversation changed them (a follow-up); a question that stands on
   * its own, history or not, is graded as a first question is. A model's condensing mostly rewords any question it
   * is given with a history: under the `llm` reasoner nearly every question asked after other turns is a follow-up.
   */
  followUp: string | undefined;
  /**
   * Whether the builtin grader, finding the hybrid evidence weak, switched the retrieval mode on the active source
   * (a model may switch for other reasons: its switches set nothing), and whether a search in the switched mode then
   * promoted chunks into the evidence. Evidence covering the question only after such a switch is refused
   * (`switched_mode` in the builtin grade; `runAgent` when the run then stops for no progress).
   */
  weakSwitch = false;
  modePromoted = false;
  /** Whether the last grade was the builtin grader's (the builtin reasoner, or the fallback of a failed model call). */
  private builtinGrade = false;
  private fellBack = false;
  /** The sources graded in this run, with their size and term presence read once (`remembering`). */
  private readonly graded = new Map<string, SourceReader>();
  private readonly now: () => number;
  private readonly untriedSources: string[];
  private readonly triedModes = new Set<RetrievalMode>(['hybrid']);
  private readonly agentic: boolean;

  constructor(
    private readonly input: AgentInput,
    private readonly deps: AgentDeps,
    private readonly tracer: Tracer,
  ) {
    this.now = deps.now ?? Date.now;
    this.guard = new Guardrails(input.limits, this.now, input.signal);
    this.pool = new EvidencePool(input.sources[0]!, 'hybrid');
    this.untriedSources = input.sources.slice(1);
    this.agentic = input.mode === 'agent';
    tracer.record(0, 'start', {
      question: input.question,
      sources: input.sources,
      mode: input.mode,
      limits: input.limits,
      reasoner: deps.reasoner.id,
      history_turns: input.history?.length ?? 0,
    });
  }

  /** One reasoner decision under the per-call timeout; a failed model call falls back to the builtin decision. */
  async decide<T>(
    name: string,
    call: (r: Reasoner, ctx: ReasonerContext) => Promise<T>,
  ): Promise<{ value: T; tokens: Tokens }> {
    const { guard, tracer, input } = this;
    this.fellBack = false;
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
      this.fellBack = true;
      return { value: await call(fallback, ctxFor(input.signal ?? new AbortController().signal)), tokens };
    } finally {
      this.timings.reasoning_ms += this.now() - started;
    }
  }

  /** A follow-up turned into a standalone question with the conversation's earlier turns. */
  async condense(): Promise<string> {
    const { input, guard } = this;
    if (!input.history?.length) return input.question;
    guard.beforeStep();
    const { value, tokens } = await this.decide('condense', (r, ctx) =>
      r.condense(input.history!, input.question, ctx),
    );
    this.tracer.record(
      guard.steps,
      'condense',
      { original: input.question, condensed: value, turns: input.history.length },
      { tokens },
    );
    if (condensedOther(input.question, value)) this.followUp = input.question;
    return value;
  }

  /** The question normalised, and split into sub-questions (agent mode). */
  async *rewrite(question: string): AsyncGenerator<AgentEvent, { question: string; subqueries: string[] }> {
    this.guard.beforeStep();
    const rw = this.agentic
      ? await this.decide('rewrite', (r, ctx) => r.rewrite(question, ctx))
      : { value: { question: question.replace(/\s+/g, ' ').trim(), subqueries: [] }, tokens: { input: 0, output: 0 } };
    const q = rw.value.question || question;
    const subqueries = rw.value.subqueries.filter((s) => s && s !== q);
    this.tracer.record(
      this.guard.steps,
      'rewrite',
      { question: q, subqueries, queries: [q, ...subqueries] },
      { tokens: rw.tokens },
    );
    yield { type: 'rewrite', question: q, queries: [q, ...subqueries] };
    return { question: q, subqueries };
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
            topK: Math.max(input.limits.topK, SEARCH_HITS),
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

  /** Whether the active source's titles work as links (measured at ingest; see ingest/link-detection.ts). */
  private async hasLinks(): Promise<boolean> {
    return (await this.deps.store.sourceMeta(this.pool.source))?.capabilities.links === true;
  }

  /**
   * First round on the active source: the question, whose ranking is the base (single-shot's). In agent mode each
   * sub-question adds evidence by promotion; on a source with links, the multi-hop round also merges the question
   * expanded by feedback from its first results and the documents the question names by title.
   */
  async *firstRound(question: string, subqueries: readonly string[]): AsyncGenerator<AgentEvent, void> {
    const { pool } = this;
    const main = yield* this.retrieve(question, 'question');
    pool.ranking = [...main];
    if (!this.agentic || main.length === 0) return;
    if (await this.hasLinks()) {
      const lists = [{ hits: main, weight: 0.9 }];
      const expansion = expansionTerms(question, main);
      if (expansion.length)
        lists.unshift({ hits: yield* this.retrieve(question, 'feedback', { expansion }), weight: 1 });
      const named = (await titleIndexFor(await this.deps.store.source(pool.source))).mentions(question);
      if (named.length > 0 && named.length <= MAX_NAMED)
        lists.push({
          hits: yield* this.retrieve(question, 'named in the question', { filter: { titles: named } }),
          weight: 0.9,
        });
      pool.merge(lists);
    }
    for (const sq of subqueries)
      this.promote(yield* this.retrieve(sq, 'sub-question'), question, 'sub-question', [], sq);
  }

  /** Grade the evidence (with the focus check and the links a hop could follow, in agent mode). */
  async *grade(question: string, subqueries: string[]): AsyncGenerator<AgentEvent, Grade> {
    const { guard, pool, agentic } = this;
    guard.beforeStep();
    // The source handle itself keys the title caches (links, owner); the focus and word checks read it through a
    // run's `remembering` view.
    const src = await this.deps.store.source(pool.source);
    let terms = this.graded.get(pool.source);
    if (!terms) {
      terms = remembering(src);
      this.graded.set(pool.source, terms);
    }
    const evidence = pool.evidence(this.foundBy);
    const linked = await this.hasLinks();
    const canHop = agentic && !pool.hopped && linked;
    const { followUp } = this;
    const earlier = followUp ? userTurns(this.input.history ?? []).join('\n') : '';
    const [links, focus, owner, absentWords, unusedPairs] = await Promise.all([
      canHop ? linksFrom(question, pool.ranking, src) : [],
      agentic ? checkFocus(question, terms, evidence) : [],
      agentic ? checkOwner(question, src, evidence) : undefined,
      agentic ? checkAbsentWords(question, terms, evidence, { followUp, earlier }) : [],
      agentic ? pairsAcrossWords(question) : [],
    ]);
    this.unseenFocus = focus.filter((f) => f.in_source !== false && !f.in_evidence).map((f) => f.term);
    const g = await this.decide('grade', (r, ctx) =>
      r.grade(
        {
          question,
          subqueries,
          evidence,
          tried: pool.tried,
          source: pool.source,
          mode: pool.mode,
          untriedSources: agentic ? this.untriedSources : [],
          untriedModes: agentic ? MODES.filter((m) => !this.triedModes.has(m)).slice(0, 1) : [],
          canHop,
          linked,
          links,
          focus,
          owner,
          absentWords,
          unusedPairs,
          followUp,
          switchedMode: this.weakSwitch,
        },
        ctx,
      ),
    );
    this.builtinGrade = this.deps.reasoner.id === 'builtin' || this.fellBack;
    const { coverage, action, reason, signals, rule } = g.value;
    this.tracer.record(
      guard.steps,
      'grade',
      {
        coverage,
        subqueries: g.value.subqueries,
        action,
        reason,
        ...(rule ? { rule } : {}),
        signals,
        evidence: evidence.map((e) => e.id),
      },
      { tokens: g.tokens },
    );
    yield { type: 'grade', coverage, action: action.type, reason, subqueries: g.value.subqueries };
    return g.value;
  }

  /** Carry out a decision other than answering or refusing. */
  async *act(a: Decision, question: string, reason: string): AsyncGenerator<AgentEvent, void> {
    const { pool, guard, tracer } = this;
    if (a.type === 'search') {
      // A focus search may find only chunks already seen: one of them, ranked low, may hold the focus; it is promoted
      // and the next grade decides (it refuses if the focus is still missing, since this query was tried).
      // The question's other words outweigh one term in the full-text query: the focus is weighed again on its own
      // (its words; an identifier already has the identifier column's weight through the question).
      const expansion = a.focus?.map((term) => ({ term, weight: FOCUS_WEIGHT }));
      const hits = yield* this.retrieve(a.query, a.focus ? 'focus' : 'reasoner query', {
        mustProgress: !a.focus,
        expansion,
      });
      if (a.focus) this.promote(hits, question, 'focus', a.focus);
      else this.promote(hits, question, 'reasoner query', [], a.query);
    } else if (a.type === 'hop') {
      pool.hopped = true;
      const src = await this.deps.store.source(pool.source);
      // The chain's first step can ask what a bridge search already asked (the pair's second paragraph was one of
      // the documents hopped from): that search's hits are used again rather than stopping the run as a repeat.
      const made = new Map<string, Hit[]>();
      const retrieve = (q: string, purpose: string, filter?: ChunkFilter) => this.retrieve(q, purpose, { filter });
      async function* search(q: string, purpose: string, filter?: ChunkFilter) {
        const key = `${q}\0${JSON.stringify(filter ?? {})}`;
        const hits = made.get(key) ?? (yield* retrieve(q, purpose, filter));
        made.set(key, hits);
        return [...hits];
      }
      const hop = yield* followBridges(question, pool.ranking, src, search);
      tracer.record(guard.steps, 'hop', {
        accepted: hop.accepted,
        reason: hop.why,
        chunk_ids: hop.ranking.map((h) => h.id).slice(0, 20),
      });
      pool.ranking = hop.ranking;
      if (hop.accepted) {
        const chain = yield* extendChain(question, pool.ranking, src, search);
        if (chain.added.length > 0) tracer.record(guard.steps, 'hop', { accepted: true, chain: chain.added });
        pool.chain = chain.chain.map((h) => h.id);
        pool.ranking = chain.ranking;
      }
    } else if (a.type === 'switch_source') {
      const i = this.untriedSources.indexOf(a.source);
      if (i < 0) throw new Error(`switch to ${a.source}: not an untried source`); // reasoners check this
      this.untriedSources.splice(i, 1);
      tracer.record(guard.steps, 'switch', { kind: 'source', from: pool.source, to: a.source, reason });
      yield { type: 'switch', kind: 'source', from: pool.source, to: a.source, reason };
      pool.source = a.source;
      pool.mode = 'hybrid';
      pool.hopped = false;
      pool.chain = [];
      this.weakSwitch = false;
      this.modePromoted = false;
      yield* this.firstRound(question, []);
    } else if (a.type === 'switch_mode') {
      if (this.triedModes.has(a.mode)) throw new Error(`mode ${a.mode} was already tried on ${pool.source}`); // reasoners check this
      this.triedModes.add(a.mode);
      tracer.record(guard.steps, 'switch', { kind: 'mode', from: pool.mode, to: a.mode, reason });
      yield { type: 'switch', kind: 'mode', from: pool.mode, to: a.mode, reason };
      pool.mode = a.mode;
      if (this.builtinGrade) this.weakSwitch = true;
      const hits = yield* this.retrieve(question, 'mode switch', { mustProgress: true });
      if (this.promote(hits, question, 'mode switch') > 0) this.modePromoted = true;
    }
  }

  /**
   * Later hits join the ranking; those that cover what the top chunks do not move up, with the reason traced. A
   * reasoner's own search or sub-question (`query`) counts its words the question lacks as well: a model's query in
   * the source's words ("Fetch API" for "the browser-style global HTTP request function") finds what the question's
   * words could not, and its hit moves up for the words it adds. The question's own terms keep their weights, so a
   * builtin query, a part of the question, moves nothing.
   */
  private promote(
    hits: readonly Hit[],
    question: string,
    by: string,
    focus?: readonly string[],
    query?: string,
  ): number {
    const promotions = this.pool.promote(hits, question, focus, query);
    if (promotions.length > 0) this.tracer.record(this.guard.steps, 'promote', { by, promotions });
    return promotions.length;
  }

  async *guardrail(e: GuardrailStop): AsyncGenerator<AgentEvent, void> {
    this.tracer.record(this.guard.steps, 'guardrail', { name: e.reason, detail: e.detail });
    yield { type: 'guardrail', name: e.reason, detail: e.detail };
  }

  recordRanking(): void {
    const { ranking } = this.pool;
    this.tracer.record(this.guard.steps, 'rank', {
      chunk_ids: ranking.map((h) => h.id),
      doc_ids: ranking.map((h) => h.doc_id),
    });
  }

  /** What composing and verifying the answer need from the run. */
  finishing() {
    return {
      pool: this.pool,
      foundBy: this.foundBy,
      guard: this.guard,
      decide: this.decide.bind(this),
      timings: this.timings,
      retrievals: this.retrievals,
      now: this.now,
    };
  }
}
