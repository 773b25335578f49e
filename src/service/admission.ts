import { AppError } from '../errors.ts';

export type AdmissionOptions = {
  /** Work done at once; more waits in the queue. */
  maxConcurrent: number;
  /** Waiting requests; past this a request is refused at once. */
  maxQueued: number;
  /** Longest wait in the queue before a request is refused. */
  maxWaitMs: number;
  /** What the refusal calls the work ("runs", "searches"). */
  what: string;
  now?: () => number;
};

export type AdmissionStats = { running: number; queued: number; admitted: number; rejected: number };

type Waiter = { admit: () => void; refuse: (e: unknown) => void };

/**
 * A cap on concurrent work with a short FIFO queue in front of it. Past the queue, when the expected wait (from how
 * long slots are held) is over the limit, or after waiting that long, a request gets a 429 with a Retry-After, so
 * admitted requests keep their latency under overload instead of everyone slowing down together.
 */
export class Admission {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private holdMs = 100; // moving average of how long a slot is held
  private admitted = 0;
  private rejected = 0;
  private readonly now: () => number;

  constructor(private readonly o: AdmissionOptions) {
    this.now = o.now ?? (() => performance.now());
  }

  stats(): AdmissionStats {
    return { running: this.running, queued: this.queue.length, admitted: this.admitted, rejected: this.rejected };
  }

  /** How long a request joining the queue now would wait for a slot, from how long slots are held. */
  private expectedWaitMs(): number {
    return ((this.queue.length + 1) * this.holdMs) / this.o.maxConcurrent;
  }

  /** A refusal with its Retry-After: the expected wait, at least a second (so refused clients do not hammer). */
  private overloaded(why: string): AppError {
    this.rejected++;
    const ms = Math.max(1000, Math.round(this.expectedWaitMs()));
    return new AppError('overloaded', `${why}; retry after ${Math.ceil(ms / 1000)} s`, { retry_after_ms: ms });
  }

  /** Wait for a slot; resolves to its release. Rejects with 429 when the queue is full or the wait too long. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.running < this.o.maxConcurrent && this.queue.length === 0) return Promise.resolve(this.take());
    if (this.queue.length >= this.o.maxQueued)
      return Promise.reject(
        this.overloaded(
          `the server is at capacity: ${this.running} ${this.o.what} running, ${this.queue.length} queued`,
        ),
      );
    // Queue only what is likely to get a slot in time; the rest is refused now rather than after the wait.
    const expected = this.expectedWaitMs();
    if (expected > this.o.maxWaitMs)
      return Promise.reject(
        this.overloaded(
          `the server is at capacity: a slot among ${this.o.maxConcurrent} ${this.o.what} would take ~${Math.round(expected)} ms (limit ${this.o.maxWaitMs} ms)`,
        ),
      );
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        const i = this.queue.indexOf(w);
        if (i >= 0) this.queue.splice(i, 1);
      };
      const w: Waiter = {
        admit: () => {
          leave();
          resolve(this.take());
        },
        refuse: (e) => {
          leave();
          reject(e);
        },
      };
      const timer = setTimeout(
        () =>
          w.refuse(
            this.overloaded(
              `waited ${this.o.maxWaitMs} ms in the queue for one of ${this.o.maxConcurrent} ${this.o.what}`,
            ),
          ),
        this.o.maxWaitMs,
      );
      const gone = () => w.refuse(new AppError('bad_request', 'the client went away while queued'));
      signal?.addEventListener('abort', gone, { once: true });
      this.queue.push(w);
    });
  }

  /** Refuse everything waiting (the server is stopping). */
  refuseQueued(e: () => unknown): void {
    for (const w of [...this.queue]) w.refuse(e());
  }

  private take(): () => void {
    this.running++;
    this.admitted++;
    const started = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.holdMs = 0.8 * this.holdMs + 0.2 * (this.now() - started);
      this.queue[0]?.admit();
    };
  }
}
