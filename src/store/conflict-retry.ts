/**
 * LanceDB commits optimistically: a write that raced another commit it cannot be reconciled with fails with
 * "Retryable commit conflict … Please retry" and changed nothing. Those are retried (with a short, growing pause);
 * any other error, and an incompatible conflict, is thrown at once.
 */
export const isRetryableConflict = (e: unknown): boolean =>
  e instanceof Error && /retryable commit conflict|too much write contention/i.test(e.message);

export async function withConflictRetry<T>(fn: () => Promise<T>, attempts = 6, pauseMs = 50): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts || !isRetryableConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, pauseMs * 2 ** (i - 1) * (0.5 + Math.random())));
    }
  }
}
