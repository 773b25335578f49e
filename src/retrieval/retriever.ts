import type { Embedder } from '../providers/embedder.ts';
import type { ScoredChunk, SourceTable, Store } from '../store/index.ts';
import { collapseNearDuplicates } from './dedupe.ts';
import { filterToWhere } from './filters.ts';
import { fuseMinMax } from './fuse.ts';
import type { Hit, RetrievalMode, SearchRequest } from './types.ts';

/** How many candidates each list contributes before fusion. */
const candidates = (topK: number) => Math.max(30, topK * 3);

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

type Lists = { bm25: ScoredChunk[]; vector: ScoredChunk[] };

/** Hybrid retrieval: BM25 and vector lists per source, fused over the union of sources. */
export class Retriever {
  constructor(
    private readonly store: Store,
    private readonly embedder: Embedder,
  ) {}

  /**
   * The two lists of one source. In hybrid mode every full-text candidate is also scored by vector (cosine in JS
   * over the vectors the full-text search returned), and a nearest-neighbour search adds vector-only candidates
   * where that is cheap (an index, or a small table).
   */
  private async lists(src: SourceTable, req: SearchRequest, query: Float32Array | undefined): Promise<Lists> {
    const mode: RetrievalMode = req.mode ?? 'hybrid';
    const where = filterToWhere(req.filter);
    const limit = candidates(req.topK);
    const withVectors = mode === 'hybrid';
    const [bm25, nearest] = await Promise.all([
      mode === 'vector'
        ? []
        : req.expansion?.length
          ? src.weightedFullText([{ term: req.query, weight: 1 }, ...req.expansion], { limit, where, withVectors })
          : src.fullText(req.query, { limit, where, withVectors }),
      mode === 'vector' || (mode === 'hybrid' && query && (await src.vectorSearchIsCheap()))
        ? src.nearest(query!, { limit, where })
        : [],
    ]);
    if (mode !== 'hybrid' || !query) return { bm25, vector: nearest };
    const vector = new Map<string, ScoredChunk>(nearest.map((h) => [h.id, h]));
    for (const h of bm25) {
      if (!vector.has(h.id) && h.embedding) vector.set(h.id, { ...h, score: cosine(query, h.embedding) });
      delete h.embedding;
    }
    return { bm25, vector: [...vector.values()] };
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
    return collapseNearDuplicates(fused, req.topK);
  }
}
