import type { Embedder } from '../providers/embedder.ts';
import type { AccessScope, ScoredChunk, SearchOptions, SourceTable, Store } from '../store/index.ts';
import { rerankBuiltin } from './builtin-rerank.ts';
import { collapseNearDuplicates } from './dedupe.ts';
import { mergeFilters, whereFor } from './filters.ts';
import { type Fused, fuseMinMax, type Scored } from './fuse.ts';
import type { ChunkFilter, Hit, RetrievalMode, SearchRequest } from './types.ts';

/** What every search of a request keeps within: the API key's scope and the request's own filter. */
export type RequestBounds = { scope?: AccessScope; filter?: ChunkFilter };

/**
 * How many candidates each list contributes before fusion: a fixed head, so the first ten hits do not depend on how
 * many are asked for (a longer list would move the min-max scale of each list).
 */
const candidates = (topK: number) => Math.max(30, topK);

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

type HybridLists = { rows: ScoredChunk[]; bm25: Scored[]; vector: (Scored & { source: string })[] };

/** Hybrid retrieval: BM25 and vector lists per source, fused over the union of sources. */
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
    let query: Float32Array | undefined;
    if (mode !== 'bm25') {
      for (const t of tables) this.store.assertEmbedder(t, this.embedder);
      [query] = await this.embedder.embed([req.query], signal);
    }
    const limit = candidates(req.topK);
    if (mode !== 'hybrid') {
      const lists = await Promise.all(
        tables.map((t) => {
          const opts = { limit, where: this.where(req, t) };
          return mode === 'bm25' ? this.fullText(t, req, opts) : t.nearest(query!, opts);
        }),
      );
      signal?.throwIfAborted();
      const hits = lists.flat().map((h) => ({ ...h, [mode]: h.score }));
      return collapseNearDuplicates(
        this.rerank(
          req,
          hits.sort((a, b) => b.score - a.score),
        ),
        req.topK,
      );
    }
    const lists = await Promise.all(
      tables.map((t) => this.hybridLists(t, req, query!, { limit, where: this.where(req, t) })),
    );
    signal?.throwIfAborted();
    const fused = fuseMinMax(
      lists.flatMap((l) => l.bm25),
      lists.flatMap((l) => l.vector),
    );
    const hits = await this.materialise(fused, lists, tables, req);
    return collapseNearDuplicates(this.rerank(req, hits), req.topK);
  }

  /**
   * The builtin reranker over the head of the fused list (the candidates a list contributes). Hybrid only: a
   * `bm25` or `vector` search is that list alone, as asked.
   */
  private rerank(req: SearchRequest, hits: Hit[]): Hit[] {
    const n = candidates(req.topK);
    return [...rerankBuiltin(req.query, hits.slice(0, n)), ...hits.slice(n)];
  }

  /**
   * Both lists of one source, at every table size: the full-text candidates come back with their vectors and are
   * scored by vector in JS, and a nearest-neighbour search (exact on small tables, the HNSW index past the source's
   * `vectorIndexMinRows`) adds the vector-only candidates, as ids and scores.
   */
  private async hybridLists(
    src: SourceTable,
    req: SearchRequest,
    query: Float32Array,
    opts: SearchOptions,
  ): Promise<HybridLists> {
    const [rows, nearest] = await Promise.all([
      this.fullText(src, req, { ...opts, withVectors: true }),
      src.nearestIds(query, opts),
    ]);
    const vector = new Map(nearest.map((h) => [h.id, { ...h, source: src.name }]));
    for (const h of rows) {
      if (!vector.has(h.id) && h.embedding)
        vector.set(h.id, { id: h.id, score: cosine(query, h.embedding), source: src.name });
      delete h.embedding;
    }
    return { rows, bm25: rows.map((h) => ({ id: h.id, score: h.score })), vector: [...vector.values()] };
  }

  private fullText(src: SourceTable, req: SearchRequest, opts: SearchOptions): Promise<ScoredChunk[]> {
    return req.expansion?.length
      ? src.weightedFullText([{ term: req.query, weight: 1 }, ...req.expansion], opts)
      : src.fullText(req.query, opts);
  }

  /**
   * Fused entries as hits. Chunks that only the vector list found are read in one full-text query per source
   * restricted to their ids, which also gives their BM25 score (0, and a plain read, when they match no query term),
   * so every hybrid hit carries both scores. Vector-only chunks are read only in the head of the fused list (twice
   * `topK`): below it they cannot reach the results even after near-duplicates are collapsed.
   */
  private async materialise(
    fused: readonly Fused[],
    lists: readonly HybridLists[],
    tables: readonly SourceTable[],
    req: SearchRequest,
  ): Promise<Hit[]> {
    const rows = new Map(lists.flatMap((l) => l.rows).map((h) => [h.id, h]));
    const head = fused.slice(0, Math.max(req.topK * 2, 20));
    const sourceOf = new Map(lists.flatMap((l) => l.vector).map((v) => [v.id, v.source]));
    const missing = head.filter((f) => !rows.has(f.id));
    await Promise.all(
      tables.map(async (src) => {
        const ids = missing.filter((f) => sourceOf.get(f.id) === src.name).map((f) => f.id);
        if (ids.length === 0) return;
        const where = this.where(req, src);
        const scored = await this.fullText(src, req, { limit: ids.length, ids, where });
        for (const h of scored) rows.set(h.id, h);
        const unmatched = ids.filter((id) => !rows.has(id));
        for (const c of await src.getChunks(unmatched)) rows.set(c.id, { ...c, score: 0 });
      }),
    );
    const hits: Hit[] = [];
    for (const f of fused) {
      const row = rows.get(f.id);
      if (!row) continue;
      hits.push({ ...row, score: f.score, bm25: f.bm25 ?? row.score, vector: f.vector });
    }
    return hits;
  }
}
