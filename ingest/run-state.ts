import type { InputFile } from './inputs.ts';
import type { FailedFile } from './job.ts';
import type { ProgressTracker } from './progress.ts';

export type Timings = { load: number; chunk: number; embed: number; write: number; index: number };

/** What one run has seen so far: documents produced, files failed, time per stage, dry-run counts. */
export class RunState {
  readonly failed: FailedFile[] = [];
  /** Files with any failure this run: their documents are never deleted as "gone". */
  readonly failedOrigins = new Set<string>();
  /** Document id → the file it was read from this run. */
  readonly produced = new Map<string, string>();
  readonly timings: Timings = { load: 0, chunk: 0, embed: 0, write: 0, index: 0 };
  readonly dry = { written: 0, embedded: 0 };

  constructor(
    readonly progress: ProgressTracker,
    readonly now: () => number,
  ) {}

  fail(f: InputFile, reason: string): void {
    this.failed.push({ path: f.path, reason });
    this.failedOrigins.add(f.origin ?? f.file);
    this.progress.counts.failed++;
  }

  /** A document read this run (unchanged ones are skipped). */
  counted(unchanged: boolean): void {
    this.progress.counts.documents++;
    if (unchanged) this.progress.counts.skipped_unchanged++;
  }

  /** Run `fn`, adding its duration to a stage. */
  async time<T>(stage: keyof Timings, fn: () => T | Promise<T>): Promise<T> {
    const t = this.now();
    try {
      return await fn();
    } finally {
      this.timings[stage] += this.now() - t;
    }
  }
}
