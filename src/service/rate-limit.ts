import { AppError } from '../errors.ts';

type Bucket = { tokens: number; at: number };

/**
 * Per-key token buckets: `perMinute` requests a minute, with bursts up to the same number. Full buckets are
 * forgotten when the table grows, so it holds only keys that are using their allowance.
 */
export class RateLimit {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spend one request of `key`'s allowance, or throw a 429 saying when the next one is allowed. */
  take(key: string): void {
    if (this.perMinute <= 0) return;
    const now = this.now();
    const rate = this.perMinute / 60_000; // tokens per ms
    const b = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + (now - b.at) * rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) {
      const ms = Math.ceil((1 - b.tokens) / rate);
      throw new AppError(
        'rate_limited',
        `rate limit of ${this.perMinute} requests a minute reached for this API key; retry after ${Math.ceil(ms / 1000)} s`,
        { retry_after_ms: ms },
      );
    }
    b.tokens -= 1;
    if (this.buckets.size > 10_000) this.forgetFull(now, rate);
  }

  private forgetFull(now: number, rate: number): void {
    for (const [k, b] of this.buckets) if (b.tokens + (now - b.at) * rate >= this.perMinute) this.buckets.delete(k);
  }
}
