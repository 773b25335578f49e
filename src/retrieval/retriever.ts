import type { Embedder } from '../providers/embedder.ts';
import type { ScoredChunk, SourceTable, Store } from '../store/index.ts';
import { collapseNearDuplicates } from './dedupe.ts';
import { filterToWhere } from './filters.ts';
import { fuseMinMax } from './fuse.ts';
import type { Hit, RetrievalMode, SearchRequest } from './types.ts';

/** How many candidates each list contributes before fusion. */
const candidates = (topK: number) => Math.max(30, topK * 3);

type Lists = { bm25: ScoredChunk[]; vector: ScoredChunk[] };

/** Hybrid retrieval: BM25 and vector lists per source, fused over the union of sources. */
export class Retriever {
  constructor(
    private readonly store: Store,
    private readonly embedder: Embedder,
  ) {}

  private async lists(src: SourceTable, req: SearchRequest, query: Float32Array | undefined): Promise<Lists> {
    const mode: RetrievalMode = req.mode ?? 'hybrid';
    const where = filterToWhere(req.filter);
    const limit = candidates(req.topK);
    const [bm25, vector] = await Promise.all([
      mode === 'vector'
        ? []
        : req.expansion?.length
          ? src.weightedFullText([{ term: req.query, weight: 1 }, ...req.expansion], { limit, where })
          : src.fullText(req.query, { limit, where }),
      mode === 'bm25' || !query ? [] : src.nearest(query, { limit, where }),
    ]);
    return { bm25, vector };
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
    const lists = await Promise.all(tables.map((t) => this.lists(t, req, query)));
    signal?.throwIfAborted();
    const bm25 = lists.flatMap((l) => l.bm25);
    const vector = lists.flatMap((l) => l.vector);
    const fused: Hit[] =
      mode === 'hybrid'
        ? fuseMinMax(bm25, vector)
        : (mode === 'bm25' ? bm25 : vector).map((h) => ({ ...h, [mode]: h.score })).sort((a, b) => b.score - a.score);
    return collapseNearDuplicates(fused).slice(0, req.topK);
  }
}
