import type { Table } from '@lancedb/lancedb';
import { rowToChunk } from './arrow-rows.ts';
import type { StoredChunk } from './schema.ts';
import type { Candidate } from './source-table.ts';

/**
 * Rows × dimensions up to which a served source version's vectors are held in memory (4 bytes a cell: 32 MB).
 * `npm run bench -- vector-memory` on this 2-core machine, 30 nearest of 100 queries, p50 in JS against LanceDB's
 * IVF_RQ index on the same version: builtin vectors (10-word queries) 0.46 vs 5.46 ms at 2,000 rows, 1.35 vs 6.12 ms
 * at 8,000 (4.1M cells); dense 1,024-dimension vectors 2.06 vs 6.28 ms at 2,000 rows. The matrix is read once per
 * version (~0.1–0.2 s at 2,000 rows, ~0.35 s at 8,000) and finds the exact top 10, where the index found
 * 0.992–0.999 of it.
 */
export const MEMORY_HOLD_MAX_CELLS = 8_000_000;

/**
 * Rows × the query's non-zero dimensions up to which a query is answered from the matrix: a JS scan costs ~1 ns a
 * cell here, so past this LanceDB's index (~6 ms from 4,000 to 16,000 rows) is as fast. Builtin queries set about a
 * quarter of their dimensions, so every held builtin source qualifies; a dense 1,024-dimension one up to ~4,000 rows.
 */
export const MEMORY_SCAN_MAX_CELLS = 4_000_000;

type Slice = { id: string; doc_hash: string; rowid: bigint };

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
    private readonly data: Float32Array,
    readonly dims: number,
  ) {
    this.byId = new Map(rows.map((r, i) => [r.id, i]));
    const n = rows.length;
    this.norms = new Float32Array(n);
    for (let j = 0; j < dims; j++) for (let i = 0, o = j * n; i < n; i++) this.norms[i]! += data[o + i]! * data[o + i]!;
    for (let i = 0; i < n; i++) this.norms[i] = Math.sqrt(this.norms[i]!);
  }

  get bytes(): number {
    return this.data.byteLength + this.rows.length * 120;
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
    const data = new Float32Array(read.length * dims);
    const rows: Slice[] = [];
    const chunks: StoredChunk[] = [];
    for (const r of read) {
      const v = r.vector as { toArray(): Float32Array } | Float32Array | null;
      const values = v instanceof Float32Array ? v : v?.toArray();
      if (!values || values.length !== dims) throw new Error(`row ${r.id} has no ${dims}-dimension vector`);
      for (let j = 0, i = rows.length; j < dims; j++) data[j * read.length + i] = values[j]!;
      rows.push({ id: String(r.id), doc_hash: String(r.doc_hash), rowid: BigInt(r._rowid as bigint) });
      chunks.push(rowToChunk({ ...r, source }));
    }
    return { matrix: new VectorMatrix(rows, data, dims), chunks };
  }

  /** The cells a scan for `query` reads: rows × its non-zero dimensions (`MEMORY_SCAN_MAX_CELLS`). */
  scanCells(query: Float32Array): number {
    let set = 0;
    for (let j = 0; j < query.length; j++) if (query[j] !== 0) set++;
    return set * this.rows.length;
  }

  /** The cosine similarity of `query` to each row named (undefined for an id the version lacks). */
  similarities(query: Float32Array, ids: readonly string[]): (number | undefined)[] {
    const { at, w, norm } = sparse(query);
    const n = this.rows.length;
    return ids.map((id) => {
      const i = this.byId.get(id);
      if (i === undefined) return undefined;
      if (!(norm > 0 && this.norms[i]! > 0)) return 0;
      let dot = 0;
      for (let t = 0; t < at.length; t++) dot += w[t]! * this.data[at[t]! * n + i]!;
      return dot / (this.norms[i]! * norm);
    });
  }

  /**
   * The `limit` rows nearest to `query` by cosine similarity, best first (ties by chunk id), scored as LanceDB scores
   * them (1 − cosine distance). Only the query's non-zero dimensions are read: the builtin embedder's queries set a
   * quarter of them.
   */
  nearest(query: Float32Array, limit: number): Candidate[] {
    if (query.length !== this.dims) throw new Error(`query vector has ${query.length} dimensions, not ${this.dims}`);
    const { at, w, norm: qn } = sparse(query);
    const { data, norms } = this;
    const n = this.rows.length;
    const dot = new Float64Array(n);
    // Four dimensions a pass over the rows: a quarter of the passes over `dot`.
    let t = 0;
    for (; t + 3 < at.length; t += 4) {
      const [w0, w1, w2, w3] = [w[t]!, w[t + 1]!, w[t + 2]!, w[t + 3]!];
      const [o0, o1, o2, o3] = [at[t]! * n, at[t + 1]! * n, at[t + 2]! * n, at[t + 3]! * n];
      for (let i = 0; i < n; i++)
        dot[i]! += w0 * data[o0 + i]! + w1 * data[o1 + i]! + w2 * data[o2 + i]! + w3 * data[o3 + i]!;
    }
    for (; t < at.length; t++) {
      const wt = w[t]!;
      for (let i = 0, o = at[t]! * n; i < n; i++) dot[i]! += wt * data[o + i]!;
    }
    // The best `limit` so far, kept sorted best first (most rows fail the last place at once).
    const top = Math.min(limit, n);
    const bestRow = new Int32Array(top);
    const bestScore = new Float64Array(top);
    let have = 0;
    for (let i = 0; i < n; i++) {
      const s = norms[i]! > 0 && qn > 0 ? dot[i]! / (norms[i]! * qn) : 0;
      if (have === top && !this.before(i, s, bestRow[top - 1]!, bestScore[top - 1]!)) continue;
      let p = have < top ? have++ : top - 1;
      for (; p > 0 && this.before(i, s, bestRow[p - 1]!, bestScore[p - 1]!); p--) {
        bestRow[p] = bestRow[p - 1]!;
        bestScore[p] = bestScore[p - 1]!;
      }
      bestRow[p] = i;
      bestScore[p] = s;
    }
    return Array.from(bestRow.subarray(0, have), (i, r) => ({ ...this.rows[i]!, score: bestScore[r]! }));
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
