import { setMaxListeners } from 'node:events';
import { AppError } from '../errors.ts';
import { Admission, type AdmissionOptions, type AdmissionStats } from './admission.ts';
import { RateLimit } from './rate-limit.ts';

export type WorkKind = 'run' | 'search';

/** An admitted request's slot; `done` frees it (once the response, or the stream, has ended). */
export type Ticket = { done(): void };

export type RunControlOptions = {
  runs: Omit<AdmissionOptions, 'what'>;
  searches: Omit<AdmissionOptions, 'what'>;
  /** Requests a minute per API key; 0 for no limit. */
  ratePerMinute: number;
  now?: () => number;
  /**
   * false where nothing shuts down (a Workers isolate): no shutdown signal at all, since workerd ties an
   * AbortController to the request that created it and a run of another request could not listen to it.
   */
  shutdown?: boolean;
};

export const SHUTDOWN_REASON = 'the server is shutting down';

/** What a run stopped by the shutdown reports instead of its answer (its trace is saved). */
export const stoppedByShutdown = (runId: string): AppError =>
  new AppError(
    'unavailable',
    `${SHUTDOWN_REASON} and stopped this run before it finished (trace: /v1/traces/${runId}); retry`,
    { retry_after_ms: 1000, run_id: runId },
  );
const shuttingDown = () =>
  new AppError('unavailable', `${SHUTDOWN_REASON}; retry on another instance`, { retry_after_ms: 1000 });

/**
 * What the server is doing and may take on: admission (a capped number of concurrent runs and searches behind
 * short queues, an optional per-key rate limit) and the shutdown drain (refuse new work, let what is in flight
 * finish within the grace period, then stop the runs still going through `shutdownSignal`).
 */
export class RunControl {
  private readonly pools: Record<WorkKind, Admission>;
  private readonly rate: RateLimit;
  private readonly inflight = new Set<Promise<void>>();
  private readonly stop?: AbortController;
  private stopping = false;

  constructor(o: RunControlOptions) {
    this.pools = {
      run: new Admission({ ...o.runs, what: 'runs', now: o.now }),
      search: new Admission({ ...o.searches, what: 'searches', now: o.now }),
    };
    this.rate = new RateLimit(o.ratePerMinute, o.now);
    if (o.shutdown !== false) {
      this.stop = new AbortController();
      setMaxListeners(0, this.stop.signal); // every run in flight listens to it
    }
  }

  /** Aborted (with SHUTDOWN_REASON) when the shutdown grace period runs out; every run listens to it. */
  get shutdownSignal(): AbortSignal | undefined {
    return this.stop?.signal;
  }

  get draining(): boolean {
    return this.stopping;
  }

  /** Queue depth and counts per kind of work (for /ready, logs and metrics). */
  stats(): Record<WorkKind, AdmissionStats> & { draining: boolean } {
    return { run: this.pools.run.stats(), search: this.pools.search.stats(), draining: this.stopping };
  }

  /** Take a slot for one request, waiting in the queue if need be; 429 past the limits, 503 while shutting down. */
  async admit(kind: WorkKind, o: { key: string; signal?: AbortSignal }): Promise<Ticket> {
    if (this.stopping) throw shuttingDown();
    this.rate.take(o.key);
    const release = await this.pools[kind].acquire(o.signal);
    if (this.stopping) {
      release();
      throw shuttingDown();
    }
    let end = () => {};
    const ended = new Promise<void>((r) => {
      end = r;
    });
    this.inflight.add(ended);
    return {
      done: () => {
        release();
        this.inflight.delete(ended);
        end();
      },
    };
  }

  /**
   * Stop taking work and let what is in flight finish. Runs still going a fifth of the grace (at most a second)
   * before its end are stopped; that reserve lets them record their stop, end their streams and save their traces.
   * Resolves when nothing is in flight or the grace period is over.
   */
  async drain(graceMs: number): Promise<{ finished: number; stopped: number }> {
    this.stopping = true;
    for (const pool of Object.values(this.pools)) pool.refuseQueued(shuttingDown);
    const started = performance.now();
    const atStart = this.inflight.size;
    const all = () => Promise.all([...this.inflight]);
    await Promise.race([all(), sleep(graceMs - Math.min(1000, graceMs / 5))]);
    const stopped = this.inflight.size;
    this.stop?.abort(SHUTDOWN_REASON);
    await Promise.race([all(), sleep(Math.max(0, graceMs - (performance.now() - started)))]);
    return { finished: atStart - stopped, stopped };
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
