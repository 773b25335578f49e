import type { Table } from '@lancedb/lancedb';
import { rowToChunk } from './arrow-rows.ts';
import { type ColumnScan, columnScan } from './scan-kernel.ts';
import type { StoredChunk } from './schema.ts';
import type { Candidate } from './source-table.ts';

/**
 * Rows × dimensions up to which a served source version's vectors are held in memory (4 bytes a cell: 32 MB).
 * `npm run bench -- vector-memory` on this 2-core machine, 30 nearest of 100 queries, p50 in memory against LanceDB's
 * IVF_RQ index on the same version: builtin vectors (10-word queries) 0.39 vs 3.48 ms at 2,000 rows, 0.77 vs 4.27 ms
 * at 8,000 (4.1M cells); dense 1,024-dimension vectors 1.14 vs 4.55 ms at 2,000 rows. The matrix is read once per
 * version (~0.1 s at 2,000 rows, ~0.3 s at 8,000) and finds the exact top 10, where the index found 0.996–1 of it.
 */
export const MEMORY_HOLD_MAX_CELLS = 8_000_000;

/**
 * Rows × the query's non-zero dimensions up to which a query is answered from the matrix. The WebAssembly scan
 * costs ~0.3 ns a cell here, so every matrix held scans faster than LanceDB's index answers (4–5 ms from 2,000 to
 * 16,000 rows). Scanned in JS (no WebAssembly SIMD) a cell costs ~1 ns, and past 4M cells the index is as fast:
 * builtin queries set about a quarter of their dimensions, so every held builtin source still qualifies, a dense
 * 1,024-dimension one up to ~4,000 rows.
 */
export function scanMaxCells(simd: boolean): number {
  return simd ? MEMORY_HOLD_MAX_CELLS : 4_000_000;
}

/** A row of the matrix: its chunk as a search candidate names it. */
export type Slice = { id: string; doc_hash: string; rowid: bigint };

/** Cosine similarity of two vectors of one size (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
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

/** A vector's non-zero dimensions, their values and its norm. */
function sparse(v: Float32Array): { at: Int32Array; w: Float64Array; norm: number } {
  const set: number[] = [];
  for (let j = 0; j < v.length; j++) if (v[j] !== 0) set.push(j);
  const w = Float64Array.from(set, (j) => v[j]!);
  return { at: Int32Array.from(set), w, norm: Math.sqrt(w.reduce((a, x) => a + x * x, 0)) };
}

/**
 * Every vector of one source version, dimension by dimension (a query reads only its non-zero ones), with the rows'
 * ids: exact cosine nearest neighbours without a LanceDB query, and any row's similarity by chunk id (to score
 * full-text candidates). Only for a version whose rows never change (a handle serving a published version).
 */
export class VectorMatrix {
  private readonly byId: Map<string, number>;
  private readonly norms: Float32Array;

  private constructor(
    private readonly rows: readonly Slice[],
    private readonly columns: ColumnScan,
    readonly dims: number,
  ) {
    this.byId = new Map(rows.map((r, i) => [r.id, i]));
    const n = rows.length;
    const { data, stride } = columns;
    this.norms = new Float32Array(n);
    for (let j = 0; j < dims; j++) for (let i = 0, o = j * stride; i < n; i++) this.norms[i]! += data[o + i]! ** 2;
    for (let i = 0; i < n; i++) this.norms[i] = Math.sqrt(this.norms[i]!);
  }

  get bytes(): number {
    return this.columns.bytes + this.rows.length * 120;
  }

  /** Whether its scans run in WebAssembly (`scan-kernel.ts`). */
  get simd(): boolean {
    return this.columns.simd;
  }

  /**
   * Every row of the table's checked-out version in one scan: the matrix, and the rows as chunks (`columns`, with
   * `source` set) for whoever caches them.
   */
  static async read(
    table: Table,
    source: string,
    dims: number,
    columns: readonly string[],
  ): Promise<{ matrix: VectorMatrix; chunks: StoredChunk[] }> {
    const read = (await table
      .query()
      .select([...new Set([...columns.filter((c) => c !== 'source'), 'id', 'doc_hash', 'vector'])])
      .withRowId()
      .toArray()) as Record<string, unknown>[];
    const rows: Slice[] = [];
    const vectors: Float32Array[] = [];
    const chunks: StoredChunk[] = [];
    for (const r of read) {
      const v = r.vector as { toArray(): Float32Array } | Float32Array | null;
      const values = v instanceof Float32Array ? v : v?.toArray();
      if (!values || values.length !== dims) throw new Error(`row ${r.id} has no ${dims}-dimension vector`);
      vectors.push(values);
      rows.push({ id: String(r.id), doc_hash: String(r.doc_hash), rowid: BigInt(r._rowid as bigint) });
      chunks.push(rowToChunk({ ...r, source }));
    }
    return { matrix: VectorMatrix.of(rows, vectors, dims), chunks };
  }

  /** A matrix of these rows and their vectors (one each, of `dims` values), scanned in JS when `simd` is false. */
  static of(rows: readonly Slice[], vectors: readonly Float32Array[], dims: number, simd = true): VectorMatrix {
    const columns = columnScan(rows.length, dims, simd);
    const { data, stride } = columns;
    for (const [i, values] of vectors.entries()) for (let j = 0; j < dims; j++) data[j * stride + i] = values[j]!;
    return new VectorMatrix(rows, columns, dims);
  }

  /** Whether a scan answers `query` faster than LanceDB would: its rows × non-zero dimensions (`scanMaxCells`). */
  scans(query: Float32Array): boolean {
    let set = 0;
    for (let j = 0; j < query.length; j++) if (query[j] !== 0) set++;
    return set * this.rows.length <= scanMaxCells(this.simd);
  }

  /** The cosine similarity of `query` to each row named (undefined for an id the version lacks). */
  similarities(query: Float32Array, ids: readonly string[]): (number | undefined)[] {
    const q = sparse(query);
    return ids.map((id) => {
      const i = this.byId.get(id);
      return i === undefined ? undefined : this.cosineOf(i, q);
    });
  }

  /**
   * The `limit` rows nearest to `query` by cosine similarity, best first (ties by chunk id), scored as LanceDB scores
   * them (1 − cosine distance). Only the query's non-zero dimensions are read: the builtin embedder's queries set a
   * quarter of them. The scan's sums (f32 in WebAssembly) pick the rows; every row whose sum comes within twice the
   * sums' rounding error of the `limit`-th is scored again exactly (in f64, as `similarities` scores), so the rows and
   * scores are those of an exact scan.
   */
  nearest(query: Float32Array, limit: number): Candidate[] {
    if (query.length !== this.dims) throw new Error(`query vector has ${query.length} dimensions, not ${this.dims}`);
    const q = sparse(query);
    const { norms } = this;
    const n = this.rows.length;
    const dot = this.columns.scan(q.at, q.w);
    const rough = new Float64Array(n);
    if (q.norm > 0) for (let i = 0; i < n; i++) if (norms[i]! > 0) rough[i] = dot[i]! / (norms[i]! * q.norm);
    let rows = this.best(Math.min(n, limit), rough).rows;
    if (rows.length > 0 && rows.length < n) {
      // A sum of k products in f32 is off by at most (k + 3)·2⁻²⁴ of the cosine (the weights rounded too): a row
      // that belongs in the best `limit` sums to within twice that of the `limit`-th sum.
      const cut = rough[rows[rows.length - 1]!]! - (q.at.length + 3) * 2 ** -23;
      const near: number[] = [];
      for (let i = 0; i < n; i++) if (rough[i]! >= cut) near.push(i);
      rows = Int32Array.from(near);
    }
    const exact = Float64Array.from(rows, (i) => this.cosineOf(i, q));
    const top = this.best(Math.min(limit, rows.length), exact, rows);
    return Array.from(top.rows, (i, r) => ({ ...this.rows[i]!, score: top.scores[r]! }));
  }

  /**
   * The `count` best rows by score, best first (ties by chunk id): `scores[k]` is the score of row `rows[k]` (of row
   * k without `rows`). Kept sorted as they come: most fail the last place at once.
   */
  private best(count: number, scores: Float64Array, rows?: Int32Array): { rows: Int32Array; scores: Float64Array } {
    const bestRow = new Int32Array(count);
    const bestScore = new Float64Array(count);
    let have = 0;
    for (let k = 0; k < scores.length; k++) {
      const s = scores[k]!;
      if (have === count && s < bestScore[count - 1]!) continue;
      const i = rows ? rows[k]! : k;
      if (have === count && !this.before(i, s, bestRow[count - 1]!, bestScore[count - 1]!)) continue;
      let p = have < count ? have++ : count - 1;
      for (; p > 0 && this.before(i, s, bestRow[p - 1]!, bestScore[p - 1]!); p--) {
        bestRow[p] = bestRow[p - 1]!;
        bestScore[p] = bestScore[p - 1]!;
      }
      bestRow[p] = i;
      bestScore[p] = s;
    }
    return { rows: bestRow.subarray(0, have), scores: bestScore.subarray(0, have) };
  }

  /** Row `i`'s cosine similarity to a sparse query, summed in f64. */
  private cosineOf(i: number, q: ReturnType<typeof sparse>): number {
    if (!(q.norm > 0 && this.norms[i]! > 0)) return 0;
    const { data, stride } = this.columns;
    let dot = 0;
    for (let t = 0; t < q.at.length; t++) dot += q.w[t]! * data[q.at[t]! * stride + i]!;
    return dot / (this.norms[i]! * q.norm);
  }

  /** Whether row `i` scoring `s` ranks before row `j` scoring `t`. */
  private before(i: number, s: number, j: number, t: number): boolean {
    return s > t || (s === t && this.rows[i]!.id < this.rows[j]!.id);
  }
}

type Kept<M> = {
  source: string;
  version: number;
  matrix: Promise<M | undefined>;
  bytes: number;
  usedAt: number;
  /** A handle opened later on the same source holds a matrix (this handle is on its way out). */
  superseded: boolean;
};

/** How long a matrix of a handle that a later one superseded stays after its last search (a run still using it). */
const SUPERSEDED_IDLE_MS = 60_000;

/**
 * The vector matrices of the source handles being served, within a byte budget. One per handle (a handle reads one
 * published version; a source dropped and written again gets new handles): a handle opened later on the same source
 * supersedes the older one's, which is let go once unused for a minute (an agent run may still search it), and a
 * matrix that would pass the budget evicts the least recently used others first, and is not kept when it alone
 * does. Loads are shared: every search of a handle waits on the same read.
 */
export class VectorMatrices<M extends { bytes: number } = VectorMatrix> {
  private readonly kept = new Map<number, Kept<M>>();

  constructor(
    private readonly budgetBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The matrix of handle `handle` (numbered as handles are opened; serving `version` of `source`), read with `read`
   * the first time, or undefined when it does not fit.
   */
  get(
    handle: number,
    source: string,
    version: number,
    cells: () => Promise<number>,
    read: () => Promise<M>,
  ): Promise<M | undefined> {
    const now = this.now();
    for (const [h, k] of this.kept) if (k.superseded && now - k.usedAt > SUPERSEDED_IDLE_MS) this.kept.delete(h);
    const have = this.kept.get(handle);
    if (have) {
      have.usedAt = now;
      this.kept.delete(handle);
      this.kept.set(handle, have);
      return have.matrix;
    }
    // Handles are numbered as they are opened: the later one of a source supersedes the earlier (also when an
    // earlier handle, let go, asks again).
    let superseded = false;
    for (const [h, k] of this.kept)
      if (k.source === source) {
        if (h < handle) k.superseded = true;
        else superseded = true;
      }
    const entry: Kept<M> = {
      source,
      version,
      matrix: Promise.resolve(undefined),
      bytes: 0,
      usedAt: now,
      superseded,
    };
    entry.matrix = (async () => {
      const n = await cells();
      if (n > MEMORY_HOLD_MAX_CELLS || n * 4 > this.budgetBytes) return undefined;
      const m = await read();
      if (this.kept.get(handle) !== entry) return m;
      entry.bytes = m.bytes;
      // Superseded matrices go first, then the least recently used.
      const order = [...this.kept].sort(([, a], [, b]) => Number(b.superseded) - Number(a.superseded));
      for (const [h] of order) {
        if (this.total() <= this.budgetBytes) break;
        if (h !== handle) this.kept.delete(h);
      }
      if (this.total() > this.budgetBytes) {
        this.kept.delete(handle);
        return undefined;
      }
      return m;
    })();
    this.kept.set(handle, entry);
    // A failed read is not kept: the next search tries again (and uses LanceDB meanwhile).
    entry.matrix.catch(() => this.kept.get(handle) === entry && this.kept.delete(handle));
    return entry.matrix;
  }

  /** The matrices held now: which source version each is, and its bytes. */
  held(): { source: string; version: number; bytes: number }[] {
    return [...this.kept.values()]
      .filter((k) => k.bytes > 0)
      .map(({ source, version, bytes }) => ({ source, version, bytes }));
  }

  private total(): number {
    let t = 0;
    for (const k of this.kept.values()) t += k.bytes;
    return t;
  }
}
