/** What a running job reports: counts so far, throughput, and an estimate of the time left (by bytes read). */
export type IngestProgress = {
  files_done: number;
  files_total: number;
  documents: number;
  skipped_unchanged: number;
  chunks_written: number;
  embedded: number;
  failed: number;
  bytes_done: number;
  bytes_total: number;
  elapsed_s: number;
  chunks_per_s: number;
  eta_s: number | null;
};

export type Counters = Omit<IngestProgress, 'bytes_done' | 'bytes_total' | 'elapsed_s' | 'chunks_per_s' | 'eta_s'>;

/** Counts for progress events, emitted at most every `intervalMs` (and on demand at the end). */
export class ProgressTracker {
  readonly counts: Counters;
  private readonly bytesByFile = new Map<string, number>();
  private bytesDone = 0;
  private last = 0;
  private readonly started: number;

  constructor(
    filesTotal: number,
    private readonly bytesTotal: number,
    private readonly emit: ((p: IngestProgress) => void) | undefined,
    private readonly now: () => number,
    private readonly intervalMs = 250,
  ) {
    this.counts = {
      files_done: 0,
      files_total: filesTotal,
      documents: 0,
      skipped_unchanged: 0,
      chunks_written: 0,
      embedded: 0,
      failed: 0,
    };
    this.started = now();
  }

  /** Bytes of one file read so far (loaders report as they go). */
  fileBytes(file: string, bytes: number): void {
    const before = this.bytesByFile.get(file) ?? 0;
    if (bytes <= before) return;
    this.bytesByFile.set(file, bytes);
    this.bytesDone += bytes - before;
    this.tick();
  }

  fileDone(file: string, size: number): void {
    this.fileBytes(file, size);
    this.bytesByFile.delete(file);
    this.counts.files_done++;
    this.tick();
  }

  tick(force = false): void {
    if (!this.emit) return;
    const t = this.now();
    if (!force && t - this.last < this.intervalMs) return;
    this.last = t;
    this.emit(this.snapshot());
  }

  snapshot(): IngestProgress {
    const elapsed = Math.max(1e-3, (this.now() - this.started) / 1000);
    const frac = this.bytesTotal > 0 ? Math.min(1, this.bytesDone / this.bytesTotal) : 0;
    return {
      ...this.counts,
      bytes_done: this.bytesDone,
      bytes_total: this.bytesTotal,
      elapsed_s: round(elapsed),
      chunks_per_s: round(this.counts.chunks_written / elapsed),
      eta_s: frac > 0.01 ? round((elapsed * (1 - frac)) / frac) : null,
    };
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
