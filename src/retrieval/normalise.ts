/**
 * Scores of one ranked list on a 0–1 scale: divided by the list's best (`max`, for lists whose scores start at 0,
 * such as BM25 across queries) or spread between its worst and best (`min-max`, to fuse lists of different kinds).
 * A single-item list maps to 1 either way.
 */
export function normaliseScores<T extends { id: string; score: number }>(
  list: readonly T[],
  how: 'max' | 'min-max' = 'max',
): Map<string, number> {
  const out = new Map<string, number>();
  if (list.length === 0) return out;
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (const h of list) {
    if (h.score > max) max = h.score;
    if (h.score < min) min = h.score;
  }
  const floor = how === 'max' || list.length === 1 ? Math.min(0, min) : min;
  const span = max - floor || 1;
  for (const h of list) if (!out.has(h.id)) out.set(h.id, (h.score - floor) / span);
  return out;
}
