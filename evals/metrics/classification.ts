/** Counts for a binary decision where "positive" means "the claim is supported". */
export type Confusion = { tp: number; fn: number; tn: number; fp: number };

export function confusion(pairs: Iterable<{ actual: boolean; predicted: boolean }>): Confusion {
  const c: Confusion = { tp: 0, fn: 0, tn: 0, fp: 0 };
  for (const { actual, predicted } of pairs) {
    if (actual) predicted ? c.tp++ : c.fn++;
    else predicted ? c.fp++ : c.tn++;
  }
  return c;
}

/** True-positive rate (recall of supported claims); undefined without positives. */
export const tpr = (c: Confusion): number | undefined => (c.tp + c.fn ? c.tp / (c.tp + c.fn) : undefined);
/** True-negative rate (unsupported claims caught); undefined without negatives. */
export const tnr = (c: Confusion): number | undefined => (c.tn + c.fp ? c.tn / (c.tn + c.fp) : undefined);

/**
 * Mean of TPR and TNR: unlike accuracy, a judge that calls everything "supported" scores 0.5 however skewed
 * the labels are. With one class absent it is that class's rate alone.
 */
export function balancedAccuracy(c: Confusion): number | undefined {
  const rates = [tpr(c), tnr(c)].filter((r): r is number => r !== undefined);
  return rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : undefined;
}

export const accuracy = (c: Confusion): number | undefined => {
  const n = c.tp + c.fn + c.tn + c.fp;
  return n ? (c.tp + c.tn) / n : undefined;
};
