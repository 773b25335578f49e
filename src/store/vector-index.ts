import { Index, type Table, type VectorQuery } from '@lancedb/lancedb';

/** The vector index types LanceDB 0.31 offers (IVF partitions over flat vectors, PQ/RaBitQ codes, or HNSW graphs). */
export const VECTOR_INDEX_KINDS = ['ivf_flat', 'ivf_pq', 'ivf_rq', 'ivf_hnsw_sq', 'ivf_hnsw_pq'] as const;
export type VectorIndexKind = (typeof VECTOR_INDEX_KINDS)[number];

/**
 * How a vector index is built and searched. Build: IVF partitions are `partitions`, or one per `rowsPerPartition`
 * rows, or LanceDB's default (√rows; one for HNSW kinds). Search: `nprobes` partitions are scanned, or
 * `probeFraction` of them when that is more; HNSW walks `ef` candidates; `refine` re-scores `refine × limit`
 * candidates with the stored full vectors (quantized kinds).
 */
export type VectorIndexSpec = {
  kind: VectorIndexKind;
  partitions?: number;
  rowsPerPartition?: number;
  nprobes?: number;
  probeFraction?: number;
  ef?: number;
  refine?: number;
  /** PQ sub-vectors (default dims / 16) and HNSW graph degree / build breadth (LanceDB's defaults 20 / 300). */
  subVectors?: number;
  /** RaBitQ bits per dimension (LanceDB's default 1). */
  bits?: number;
  m?: number;
  efConstruction?: number;
};

/**
 * RaBitQ codes (2 bits a dimension) in one partition, scanned whole, and the best 3 × limit candidates re-scored
 * with the stored vectors. Chosen by `npm run bench -- vector-index` at 512 dimensions (README, "Vector index
 * study"): the builtin embedder's hashed vectors do not cluster, so IVF recall follows the fraction of partitions
 * scanned (√n partitions, half of them probed: 0.895 at 50k chunks) and partitioning only costs k-means time; at 1
 * bit a dimension the codes are too coarse at 512 dimensions (0.923 at 50k); HNSW-SQ took 118 s to build at 50k
 * and found 0.909. This builds in ~6 s at 50k, answers in ~6 ms and finds 0.998 of the exact top 10.
 */
export const DEFAULT_VECTOR_INDEX: VectorIndexSpec = { kind: 'ivf_rq', partitions: 1, bits: 2, refine: 3 };

/** Search settings for an HNSW index built before the default changed (as measured then: recall@10 0.976 on 8k). */
const HNSW_SEARCH: Omit<VectorIndexSpec, 'kind'> = { ef: 100, refine: 2 };

const isHnsw = (kind: string) => /hnsw/i.test(kind);

/** The partition count a spec gives a table of `rows` rows (undefined: LanceDB's default, for HNSW kinds). */
export function partitionsFor(spec: VectorIndexSpec, rows: number): number | undefined {
  if (spec.partitions) return spec.partitions;
  if (spec.rowsPerPartition) return Math.max(1, Math.round(rows / spec.rowsPerPartition));
  return isHnsw(spec.kind) ? undefined : Math.max(1, Math.round(Math.sqrt(rows)));
}

function config(spec: VectorIndexSpec, rows: number): Index {
  const base = { distanceType: 'cosine' as const, numPartitions: partitionsFor(spec, rows) };
  const hnsw = { m: spec.m, efConstruction: spec.efConstruction };
  switch (spec.kind) {
    case 'ivf_flat':
      return Index.ivfFlat(base);
    case 'ivf_pq':
      return Index.ivfPq({ ...base, numSubVectors: spec.subVectors });
    case 'ivf_rq':
      return Index.ivfRq({ ...base, numBits: spec.bits });
    case 'ivf_hnsw_sq':
      return Index.hnswSq({ ...base, ...hnsw });
    case 'ivf_hnsw_pq':
      return Index.hnswPq({ ...base, ...hnsw, numSubVectors: spec.subVectors });
  }
}

/** Build (or replace) the index on `vector` for the table's current rows. */
export async function createVectorIndex(table: Table, spec: VectorIndexSpec, rows: number): Promise<void> {
  await table.createIndex('vector', { config: config(spec, rows), replace: true });
}

/** The index a table has, as searching needs it: its type (e.g. `IVF_RQ`) and the rows it covered when built. */
export type VectorIndexInfo = { type: string; indexedRows: number };

/**
 * Search settings for the table's index: the spec's when it describes that index (the kind the index has), else the
 * settings that index kind was built to be searched with (a source indexed before the default changed). No index:
 * LanceDB scans every row exactly and ignores them.
 */
export function tuneVectorQuery(
  q: VectorQuery,
  spec: VectorIndexSpec,
  index: VectorIndexInfo | undefined,
  limit: number,
): VectorQuery {
  if (!index) return q;
  const sameKind = index.type.toLowerCase().replace(/[^a-z]/g, '') === spec.kind.replace(/_/g, '');
  const s: VectorIndexSpec = sameKind
    ? spec
    : isHnsw(index.type)
      ? { kind: 'ivf_hnsw_sq', ...HNSW_SEARCH }
      : { ...DEFAULT_VECTOR_INDEX, kind: spec.kind };
  let out = q;
  // Partitions as built (the rows indexed since an `optimize` only make this an overestimate: more probes).
  const partitions = isHnsw(index.type) && !sameKind ? 1 : (partitionsFor(s, index.indexedRows) ?? 1);
  const nprobes = Math.max(s.nprobes ?? 0, Math.ceil((s.probeFraction ?? 0) * partitions));
  if (nprobes > 0) out = out.nprobes(nprobes);
  if (s.ef) out = out.ef(Math.max(s.ef, limit * (s.refine ?? 1)));
  if (s.refine) out = out.refineFactor(s.refine);
  return out;
}
