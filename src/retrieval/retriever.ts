import { type Embedder, embedderFor } from '../providers/embedder.ts';
import type {
  AccessScope,
  Candidate,
  SearchOptions,
  SourceTable,
  Store,
  StoredChunk,
  WeightedTerm,
} from '../store/index.ts';
import { synonymWords } from '../text/index.ts';
import { rerankBuiltin } from './builtin-rerank.ts';
import { collapseNearDuplicates } from './dedupe.ts';
import { describedNamesFor } from './described-names.ts';
import { mergeFilters, whereFor } from './filters.ts';
import { byId, fuseMinMax, type Scored } from './fuse.ts';
import type { ChunkFilter, Hit, RetrievalMode, SearchRequest } from './types.ts';

/** What every search of a request keeps within: the API key's scope and the request's own filter. */
export type RequestBounds = { scope?: AccessScope; filter?: ChunkFilter };

/**
 * How many candidates each list contributes before fusion: a fixed head, so the first ten hits do not depend on how
 * many are asked for (a longer list would move the min-max scale of each list).
 */
const candidates = (topK: number) => Math.max(30, topK);

/**
 * The full-text weight of each synonym a hybrid search adds to the query (`synonymWords`: "maximum" beside "peak").
 * On the dev halves and the folder sets, 0.2 put 4 more answers in a top-5 chunk of 781 folder questions (0.3 moved
 * one more out and refused one more answerable question) and moved no SciFact, NFCorpus, HotpotQA or CMRC figure.
 */
const SYNONYM_WEIGHT = 0.2;

/**
 * The full-text weight of a program's name that a hybrid search adds when the query describes the program without
 * naming it (`DescribedNames`: "my terminal multiplexer" and tmux). Over the folder sets, 0.25 and 0.5 put the same 3
 * more answers in a top-5 chunk (tmux's logs, gnuplot's persisting window, lynx's saved source) and moved no answer out;
 * 1.0 moved one out (fixparts). The name also scopes the reranking, as a folder the question names would.
 */
const DESCRIBED_WEIGHT = 0.5;

/** Rows being read: the chunk ids they are for, and the rows (by source, then chunk id) once read. */
type KnownRows = {
  ids: ReadonlySet<string>;
  rows: Promise<ReadonlyMap<SourceTable, ReadonlyMap<string, StoredChunk>>>;
};
const NO_ROWS: KnownRows = { ids: new Set(), rows: Promise.resolve(new Map()) };

/** A ranked candidate whose row is not read yet. */
type Ranked = { src: SourceTable; ref: Candidate; score: number; bm25?: number; vector?: number };
type HybridLists = {
  src: SourceTable;
  fts: Candidate[];
  bm25: Scored[];
  vector: (Scored & { ref: Candidate })[];
  /** The rows of the full-text candidates. */
  rows: Promise<Map<string, StoredChunk>>;
};

/**
 * Hybrid retrieval: BM25 and vector lists per source, fused over the union of sources. Searches return candidates
 * (ids, row ids, scores); only the rows that can reach the results are read, in one read per source.
 */
export class Retriever {
  constructor(
    private readonly store: Store,
    private readonly embedder: Embedder,
    private readonly bounds: RequestBounds = {},
  ) {}

  /**
   * This retriever for one request: it opens only the sources the scope may read (others are unknown to it) and
   * adds the request's filter to every search, as where-clauses inside LanceDB. The agent searches through it
   * unchanged, so nothing it finds can come from outside either.
   */
  forRequest(b: RequestBounds): Retriever {
    const scope = b.scope ?? this.bounds.scope;
    return new Retriever(scope ? this.store.scoped(scope) : this.store, this.embedder, {
      scope,
      filter: mergeFilters(this.bounds.filter, b.filter),
    });
  }

  private where(req: SearchRequest, table: SourceTable): string | undefined {
    return whereFor(mergeFilters(this.bounds.filter, req.filter), this.bounds.scope, table);
  }

  /**
   * Search one or more sources. Lists are fused across the union of sources (one min-max scale per list), so a
   * strong match in one source outranks a weak one in another, whatever the order the sources were named in.
   */
  async search(req: SearchRequest, signal?: AbortSignal): Promise<Hit[]> {
    const mode: RetrievalMode = req.mode ?? 'hybrid';
    const tables = await Promise.all(req.sources.map((s) => this.store.source(s)));
    // Read (once per source handle) while the query is embedded.
    const describedP = mode === 'hybrid' ? this.describedNames(req.query, tables) : Promise.resolve([]);
    // The query as a vector at each source's size (the builtin embedder keeps a source at the size it was made at).
    const vectors = new Map<SourceTable, Float32Array>();
    if (mode !== 'bm25') {
      for (const t of tables) this.store.assertEmbedder(t, this.embedder);
      const bySize = new Map<number, Promise<Float32Array>>();
      for (const t of tables) {
        const embedder = embedderFor(this.embedder, t);
        if (!bySize.has(embedder.dimensions))
          bySize.set(
            embedder.dimensions,
            embedder.embed([req.query], signal).then((v) => v[0]!),
          );
      }
      for (const t of tables) vectors.set(t, await bySize.get(t.dimensions)!);
    }
    const limit = candidates(req.topK);
    // Read once per search: every source's full-text query and the late BM25 scores of vector-only hits use it.
    const described = await describedP;
    const terms = this.terms(req, described);
    if (mode !== 'hybrid') {
      const lists = await Promise.all(
        tables.map(async (src) => {
          const opts = { limit, where: this.where(req, src) };
          return (
            mode === 'bm25'
              ? await src.fullTextCandidates(terms, opts)
              : await src.nearestCandidates(vectors.get(src)!, opts)
          ).map((ref): Ranked => ({ src, ref, score: ref.score, [mode]: ref.score }));
        }),
      );
      signal?.throwIfAborted();
      return this.finish(
        req,
        lists.flat().sort((a, b) => b.score - a.score || byId(a.ref.id, b.ref.id)),
      );
    }
    const lists = await Promise.all(
      tables.map((t) => this.hybridLists(t, vectors.get(t)!, { limit, where: this.where(req, t) }, terms)),
    );
    signal?.throwIfAborted();
    const fused = fuseMinMax(
      lists.flatMap((l) => l.bm25),
      lists.flatMap((l) => l.vector),
    );
    return this.rankHybrid(fused, lists, req, terms, described);
  }

  /**
   * Both lists of one source, at every table size: the full-text candidates come back scored by vector too, and a
   * nearest-neighbour search (in memory, or exact on small tables and the vector index past the source's
   * `vectorIndexMinRows`) adds the vector-only candidates. The rows of the full-text candidates (each of
   * them is a hit) are read as soon as that list is in, while the nearest ones are still searched.
   */
  private async hybridLists(
    src: SourceTable,
    query: Float32Array,
    opts: SearchOptions,
    terms: readonly WeightedTerm[],
  ): Promise<HybridLists> {
    const ftsP = src.fullTextCandidates(terms, { ...opts, scoreAgainst: query });
    const nearestP = src.nearestCandidates(query, opts);
    const rows = ftsP.then((fts) => src.readChunks(fts));
    // Awaited later (or dropped with the search when a list fails).
    rows.catch(() => {});
    const [fts, nearest] = await Promise.all([ftsP, nearestP]);
    const vector = new Map(nearest.map((ref) => [ref.id, { id: ref.id, score: ref.score, ref }]));
    for (const ref of fts) {
      if (!vector.has(ref.id) && ref.vector !== undefined) vector.set(ref.id, { id: ref.id, score: ref.vector, ref });
      delete ref.vector;
    }
    return {
      src,
      fts,
      bm25: fts.map((h) => ({ id: h.id, score: h.score })),
      vector: [...vector.values()],
      rows,
    };
  }

  /**
   * The full-text query: the question, then its expansion terms (if any), then in hybrid mode the synonyms of its
   * words that it does not say. A `bm25` search gets no synonyms: LanceDB's full-text search as asked.
   */
  private terms(req: SearchRequest, described: readonly string[]): WeightedTerm[] {
    const synonyms =
      (req.mode ?? 'hybrid') === 'hybrid'
        ? synonymWords(req.query).map((term) => ({ term, weight: SYNONYM_WEIGHT }))
        : [];
    const names = described.map((term) => ({ term, weight: DESCRIBED_WEIGHT }));
    return [{ term: req.query, weight: 1 }, ...(req.expansion ?? []), ...synonyms, ...names];
  }

  /** The programs the query describes without naming them, in any of the sources searched (`DescribedNames`). */
  private async describedNames(query: string, tables: readonly SourceTable[]): Promise<string[]> {
    const found = await Promise.all(tables.map(async (t) => (await describedNamesFor(t))?.describedIn(query) ?? []));
    return [...new Set(found.flatMap((n) => n.slice(0, 1)))];
  }

  /**
   * The builtin reranker over the head of the fused list (the candidates a list contributes). Hybrid only: a
   * `bm25` or `vector` search is that list alone, as asked.
   */
  private rerank(req: SearchRequest, hits: Hit[], described: readonly string[]): Hit[] {
    if ((req.mode ?? 'hybrid') !== 'hybrid') return hits;
    const n = candidates(req.topK);
    return [...rerankBuiltin(req.query, hits.slice(0, n), described), ...hits.slice(n)];
  }

  /**
   * The fused list as the hits it can give: every full-text candidate, and the chunks only the vector list found when
   * they are in the head of the fused list (twice `topK`; below it they cannot reach the results even after
   * near-duplicates are collapsed). A vector-only chunk that is among the results then gets its BM25 score (0 when it
   * matches no query term; one full-text query restricted to those rows), so every hybrid hit carries both scores.
   * The fused order never reads it, so only the results get it: read for every nearest chunk while the lists were
   * fused, it had been a third LanceDB query on every search's path (full SciFact, `/v1/search` p50 28.9 → 21.4 ms).
   */
  private async rankHybrid(
    fused: ReturnType<typeof fuseMinMax>,
    lists: readonly HybridLists[],
    req: SearchRequest,
    terms: readonly WeightedTerm[],
    described: readonly string[],
  ): Promise<Hit[]> {
    const fts = new Map(lists.flatMap((l) => l.fts.map((ref) => [ref.id, { src: l.src, ref }] as const)));
    const vec = new Map(lists.flatMap((l) => l.vector.map((v) => [v.id, { src: l.src, ref: v.ref }] as const)));
    const headSize = Math.max(req.topK * 2, 20);
    const ranked: Ranked[] = [];
    const vectorOnly: Ranked[] = [];
    for (const [i, f] of fused.entries()) {
      const known = fts.get(f.id);
      if (known) {
        ranked.push({ ...known, score: f.score, bm25: f.bm25 ?? known.ref.score, vector: f.vector });
      } else if (i < headSize) {
        const r: Ranked = { ...vec.get(f.id)!, score: f.score, bm25: 0, vector: f.vector };
        ranked.push(r);
        vectorOnly.push(r);
      }
    }
    const rows = Promise.all(lists.map((l) => l.rows.then((m) => [l.src, m] as const))).then((m) => new Map(m));
    const out = await this.finish(req, ranked, { ids: new Set(fts.keys()), rows }, described);
    const late = new Map(vectorOnly.map((r) => [r.ref.id, r]));
    const bySource = new Map<SourceTable, Hit[]>();
    for (const h of out) {
      const r = late.get(h.id);
      if (r) bySource.set(r.src, [...(bySource.get(r.src) ?? []), h]);
    }
    await Promise.all(
      [...bySource].map(async ([src, hits]) => {
        const rowids = hits.map((h) => late.get(h.id)!.ref.rowid);
        const found = await src.fullTextCandidates(terms, { limit: rowids.length, rowids });
        const score = new Map(found.map((c) => [c.id, c.score]));
        for (const h of hits) h.bm25 = score.get(h.id) ?? 0;
      }),
    );
    return out;
  }

  /**
   * Read the rows of the ranked candidates, rerank the head and collapse near-duplicates: the rows of the first
   * `candidates(topK)` (what the reranker sees), and the rest only when duplicates used those up (collapsing is
   * greedy, so the result is the same as with every row read). Rows being read already (`known`: the full-text
   * candidates') are not read again, and the others are read meanwhile instead of after them (full SciFact, chunks
   * not cached yet: search p50 −1 to −4 ms of ~30, the same hits).
   */
  private async finish(
    req: SearchRequest,
    ranked: readonly Ranked[],
    known: KnownRows = NO_ROWS,
    described: readonly string[] = [],
  ): Promise<Hit[]> {
    let n = Math.min(ranked.length, candidates(req.topK));
    for (;;) {
      const hits = await this.hitsOf(ranked.slice(0, n), known);
      const out = collapseNearDuplicates(this.rerank(req, hits, described), req.topK);
      if (out.length >= req.topK || n >= ranked.length) return out;
      n = ranked.length;
    }
  }

  /** The rows behind ranked candidates, one read per source; a row deleted since the search is left out. */
  private async hitsOf(ranked: readonly Ranked[], known: KnownRows): Promise<Hit[]> {
    const bySource = new Map<SourceTable, Ranked[]>();
    for (const r of ranked) bySource.set(r.src, [...(bySource.get(r.src) ?? []), r]);
    const rows = new Map<SourceTable, Map<string, StoredChunk>>();
    await Promise.all(
      [...bySource].map(async ([src, rs]) => {
        const missing = rs.filter((r) => !known.ids.has(r.ref.id)).map((r) => r.ref);
        const [have, read] = await Promise.all([
          known.rows.then((m) => m.get(src)),
          missing.length > 0 ? src.readChunks(missing) : undefined,
        ]);
        rows.set(src, new Map([...(have ?? []), ...(read ?? [])]));
      }),
    );
    return ranked.flatMap((r) => {
      const chunk = rows.get(r.src)?.get(r.ref.id);
      return chunk ? [{ ...chunk, score: r.score, bm25: r.bm25, vector: r.vector }] : [];
    });
  }
}
