/**
 * The columns of a vector matrix and the scan over them that finds a query's dot product with every row. Held in
 * WebAssembly memory and scanned four rows at a time with 128-bit SIMD (`scan-kernel.wat`, whose bytes are below),
 * or, where WebAssembly SIMD is not available, in a Float32Array scanned in JS. `npm run bench -- vector-memory`
 * measures both.
 */
export interface ColumnScan {
  /** Column j's value of row i is `data[j * stride + i]`; rows from the row count up to `stride` stay 0. */
  readonly data: Float32Array;
  readonly stride: number;
  /** Whether the scan runs in WebAssembly (f32 sums) rather than in JS (f64 sums). */
  readonly simd: boolean;
  /** The memory it holds. */
  readonly bytes: number;
  /**
   * Σₜ w[t] · column(at[t]) for every row, in an array that the next scan overwrites. WebAssembly adds in f32: a sum
   * of k products is off by at most (k + 3)·2⁻²⁴ of Σₜ |w[t] · column(at[t])|, so a caller needing exact scores
   * computes those it keeps again (`VectorMatrix.nearest`).
   */
  scan(at: Int32Array, w: Float64Array): Float32Array | Float64Array;
}

/** `scripts/scan-kernel.sh` writes this from `scan-kernel.wat`. */
const KERNEL =
  'AGFzbQEAAAABGANgBn9/f39/fwBgBH9/f38Bf2ACf38BewIPAQNlbnYGbWVtb3J5AgABAwQDAAECBwgBBHNjYW4AAArHAwOgAwIIfwR7IAFBAnQhCSAFIAlqIQggBSEHAkADQCAHIAhPDQEgB/0MAAAAAAAAAAAAAAAAAAAAAP0LBAAgB0EQaiEHDAALCwJAA0AgBkEEaiAESw0BIAAgCSACIAYQASEKIAAgCSACIAZBAWoQASELIAAgCSACIAZBAmoQASEMIAAgCSACIAZBA2oQASENIAMgBhACIQ4gAyAGQQFqEAIhDyADIAZBAmoQAiEQIAMgBkEDahACIREgBSEHAkADQCAHIAhPDQEgByAH/QAEACAOIAr9AAQA/eYBIA8gC/0ABAD95gH95AEgECAM/QAEAP3mASARIA39AAQA/eYB/eQB/eQB/eQB/QsEACAHQRBqIQcgCkEQaiEKIAtBEGohCyAMQRBqIQwgDUEQaiENDAALCyAGQQRqIQYMAAsLAkADQCAGIARPDQEgACAJIAIgBhABIQogAyAGEAIhDiAFIQcCQANAIAcgCE8NASAHIAf9AAQAIA4gCv0ABAD95gH95AH9CwQAIAdBEGohByAKQRBqIQoMAAsLIAZBAWohBgwACwsLEwAgACACIANBAnRqKAIAIAFsagsPACAAIAFBAnRqKgIA/RML';

let compiled: WebAssembly.Module | null | undefined;

/** The kernel compiled once; null where WebAssembly or its SIMD instructions are not available. */
function kernel(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(KERNEL, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Whether scans run in WebAssembly here. */
export function simdAvailable(): boolean {
  return kernel() !== null;
}

/**
 * Columns for `rows` rows of `dims` dimensions, all 0: in WebAssembly memory unless `simd` is false or that memory
 * cannot be had (a process limited in address space: each WebAssembly memory reserves far more than it uses).
 */
export function columnScan(rows: number, dims: number, simd = true): ColumnScan {
  const stride = Math.ceil(rows / 4) * 4;
  const module = simd ? kernel() : null;
  if (module) {
    try {
      return new SimdScan(module, stride, dims);
    } catch {
      // Scanned in JS instead.
    }
  }
  return new JsScan(stride, dims);
}

const PAGE = 65_536;

class SimdScan implements ColumnScan {
  readonly data: Float32Array;
  readonly simd = true;
  private readonly memory: WebAssembly.Memory;
  private readonly run: (data: number, n4: number, at: number, w: number, k: number, dot: number) => void;
  private readonly dotAt: number;
  private readonly atAt: number;
  private readonly wAt: number;

  constructor(
    module: WebAssembly.Module,
    readonly stride: number,
    dims: number,
  ) {
    // The matrix, then dot (one f32 a row), the query's dimensions (i32) and their weights (f32).
    this.dotAt = 4 * stride * dims;
    this.atAt = this.dotAt + 4 * stride;
    this.wAt = this.atAt + 4 * dims;
    this.memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil((this.wAt + 4 * dims) / PAGE)) });
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } });
    this.run = instance.exports.scan as SimdScan['run'];
    this.data = new Float32Array(this.memory.buffer, 0, stride * dims);
  }

  get bytes(): number {
    return this.memory.buffer.byteLength;
  }

  scan(at: Int32Array, w: Float64Array): Float32Array {
    const { buffer } = this.memory;
    new Int32Array(buffer, this.atAt, at.length).set(at);
    new Float32Array(buffer, this.wAt, w.length).set(w);
    this.run(0, this.stride, this.atAt, this.wAt, at.length, this.dotAt);
    return new Float32Array(buffer, this.dotAt, this.stride);
  }
}

class JsScan implements ColumnScan {
  readonly data: Float32Array;
  readonly simd = false;
  private readonly dot: Float64Array;

  constructor(
    readonly stride: number,
    dims: number,
  ) {
    this.data = new Float32Array(stride * dims);
    this.dot = new Float64Array(stride);
  }

  get bytes(): number {
    return this.data.byteLength + this.dot.byteLength;
  }

  scan(at: Int32Array, w: Float64Array): Float64Array {
    const { data, dot, stride: n } = this;
    dot.fill(0);
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
    return dot;
  }
}
