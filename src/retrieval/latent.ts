/**
 * Latent topics of a search's own candidates (local latent semantic analysis): the candidates' tf-idf vectors, with
 * idf counted over the candidates, are reduced to their `k` main directions, the question is folded into the same
 * space, and each candidate gets its cosine with the question there. A candidate that shares the vocabulary of the
 * candidates closest to the question ranks up even where it says the question's words otherwise. No model is kept: everything comes from the candidates at search
 * time, through their Gram matrix (as many rows and columns as candidates) rather than the term space.
 */

/** Term counts of a text, as the caller tokenises it. */
export type TermCounts = ReadonlyMap<string, number>;

/**
 * Each document's cosine with the question in the space of the documents' `k` main directions (fewer when the
 * documents span fewer). All zeros when the question shares no term with them or there are fewer than three.
 */
export function latentCosines(question: ReadonlyMap<string, number>, docs: readonly TermCounts[], k: number): number[] {
  const m = docs.length;
  const zeros = () => docs.map(() => 0);
  if (m < 3) return zeros();
  // Each document as its terms' ids (ascending) and tf-idf weights, unit length; ids number the terms in order seen.
  const ids = new Map<string, number>();
  const df: number[] = [];
  const rows = docs.map((d) => {
    const row: number[] = [];
    for (const t of d.keys()) {
      let id = ids.get(t);
      if (id === undefined) {
        id = ids.size;
        ids.set(t, id);
        df.push(0);
      }
      df[id]!++;
      row.push(id);
    }
    return row;
  });
  const idf = df.map((n) => Math.log((m + 1) / (n + 0.5)));
  const vecs = docs.map((d, i) => {
    const counts = [...d.values()];
    const byId = rows[i]!.map((id, x) => [id, (1 + Math.log(counts[x]!)) * idf[id]!] as const).sort(
      (p, q) => p[0] - q[0],
    );
    const norm = Math.sqrt(byId.reduce((s, [, w]) => s + w * w, 0)) || 1;
    return { ids: Int32Array.from(byId, ([id]) => id), weights: Float64Array.from(byId, ([, w]) => w / norm) };
  });
  // The question against each document (A·q): all the fold needs of the question.
  const asked = new Float64Array(ids.size);
  for (const [t, w] of question) {
    const id = ids.get(t);
    if (id !== undefined) asked[id] = w * idf[id]!;
  }
  const a = vecs.map(({ ids: at, weights }) => at.reduce((s, id, x) => s + weights[x]! * asked[id]!, 0));
  if (a.every((x) => x === 0)) return zeros();
  const gram = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = i; j < m; j++) {
      const s = sortedDot(vecs[i]!, vecs[j]!);
      gram[i * m + j] = s;
      gram[j * m + i] = s;
    }
  const { values, vectors } = symmetricEigen(gram, m);
  const order = [...values.keys()].sort((x, y) => values[y]! - values[x]!);
  const kept = order.slice(0, k).filter((c) => values[c]! > 1e-9 * (values[order[0]!] ?? 0) && values[c]! > 0);
  // The documents' coordinates are U·S and the question's S⁻¹·Uᵀ·(A·q): their dot product is U·Uᵀ·(A·q).
  const along = kept.map((c) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += vectors[i * m + c]! * a[i]!;
    return s;
  });
  let qNorm = 0;
  for (const [x, c] of kept.entries()) qNorm += (along[x]! * along[x]!) / values[c]!;
  qNorm = Math.sqrt(qNorm);
  if (qNorm === 0) return zeros();
  return docs.map((_, i) => {
    let dot = 0;
    let norm = 0;
    for (const [x, c] of kept.entries()) {
      const u = vectors[i * m + c]!;
      dot += u * along[x]!;
      norm += u * u * values[c]!;
    }
    return norm > 0 ? dot / (Math.sqrt(norm) * qNorm) : 0;
  });
}

/** The dot product of two sparse vectors whose ids ascend. */
function sortedDot(
  x: { ids: Int32Array; weights: Float64Array },
  y: { ids: Int32Array; weights: Float64Array },
): number {
  let s = 0;
  let i = 0;
  let j = 0;
  while (i < x.ids.length && j < y.ids.length) {
    const a = x.ids[i]!;
    const b = y.ids[j]!;
    if (a === b) s += x.weights[i++]! * y.weights[j++]!;
    else if (a < b) i++;
    else j++;
  }
  return s;
}

/**
 * Eigenvalues and eigenvectors of a symmetric n×n matrix (row-major), by cyclic Jacobi rotations: `vectors` holds
 * eigenvector c in column c. Exact enough for the small matrices a search's candidates make (30 to 100 rows).
 */
export function symmetricEigen(matrix: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let total = 0;
  for (const x of a) total += x * x;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off <= 1e-18 * total) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (apq === 0) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let r = 0; r < n; r++) {
          const rp = a[r * n + p]!;
          const rq = a[r * n + q]!;
          a[r * n + p] = c * rp - s * rq;
          a[r * n + q] = s * rp + c * rq;
        }
        for (let r = 0; r < n; r++) {
          const pr = a[p * n + r]!;
          const qr = a[q * n + r]!;
          a[p * n + r] = c * pr - s * qr;
          a[q * n + r] = s * pr + c * qr;
        }
        for (let r = 0; r < n; r++) {
          const rp = v[r * n + p]!;
          const rq = v[r * n + q]!;
          v[r * n + p] = c * rp - s * rq;
          v[r * n + q] = s * rp + c * rq;
        }
      }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i]!;
  return { values, vectors: v };
}
