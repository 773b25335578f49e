import type { Embedder } from '../providers/embedder.ts';
import type { ScoredChunk, SourceTable, Store } from '../store/index.ts';
import { collapseNearDuplicates } from './dedupe.ts';
import { filterToWhere } from './filters.ts';
import { fuseMinMax } from './fuse.ts';
import type { Hit, RetrievalMode, SearchRequest } from './types.ts';

/** How many candidates each list contributes before fusion. */
const candidates = (topK: number) => Math.max(30, topK * 3);

/** Hybrid retrieval per source (BM25 + vector, fused), merged fairly across sources. */
export class Retriever {
  constructor(
    private readonly store: Store,
    private readonly embedder: Embedder,
  ) {}

  async searchSource(src: SourceTable, req: Omit<SearchRequest, 'sources'>, signal?: AbortSignal): Promise<Hit[]> {
    const mode: RetrievalMode = req.mode ?? 'hybrid';
    const where = filterToWhere(req.filter);
    const limit = candidates(req.topK);
    const bm25 = async (): Promise<ScoredChunk[]> => {
      if (mode === 'vector') return [];
      return req.expansion?.length
        ? src.weightedFullText([{ term: req.query, weight: 1 }, ...req.expansion], { limit, where })
        : src.fullText(req.query, { limit, where });
    };
    const vector = async (): Promise<ScoredChunk[]> => {
      if (mode === 'bm25') return [];
      this.store.assertEmbedder(src, this.embedder);
      const [v] = await this.embedder.embed([req.query], signal);
      return src.nearest(v!, { limit, where });
    };
    const [b, v] = await Promise.all([bm25(), vector()]);
    signal?.throwIfAborted();
    const fused =
      mode === 'hybrid' ? fuseMinMax(b, v) : (mode === 'bm25' ? b : v).map((h) => ({ ...h, [mode]: h.score }) as Hit);
    return collapseNearDuplicates(fused).slice(0, req.topK);
  }

  /** Search several sources: each list is normalised by its best score, then merged by score with round-robin ties. */
  async search(req: SearchRequest, signal?: AbortSignal): Promise<Hit[]> {
    const tables = await Promise.all(req.sources.map((s) => this.store.source(s)));
    const lists = await Promise.all(tables.map((t) => this.searchSource(t, req, signal)));
    if (lists.length === 1) return lists[0]!;
    const merged = lists.flatMap((list) => {
      const top = list[0]?.score || 1;
      return list.map((h, rank) => ({ h: { ...h, score: h.score / top }, rank }));
    });
    merged.sort((a, b) => b.h.score - a.h.score || a.rank - b.rank);
    return collapseNearDuplicates(merged.map((m) => m.h)).slice(0, req.topK);
  }
}
