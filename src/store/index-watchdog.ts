import { AppError } from '../errors.ts';

export type WatchdogOptions = {
  /** How long the process may use (almost) no CPU while a build runs before it is reported stuck. */
  stallMs: number;
  sampleMs?: number;
  /** CPU this process used, in microseconds (all its threads: LanceDB builds indexes on native threads). */
  cpuUsage?: () => NodeJS.CpuUsage;
  now?: () => number;
};

/** Less CPU than this share of one core over the stall window counts as no progress. */
const IDLE_SHARE = 0.02;

/**
 * Run an index build under a watchdog. A slow build keeps using CPU; a deadlocked one (LanceDB issue #3568: every
 * native thread parked) uses none. When the process used almost no CPU for `stallMs`, the build is reported stuck
 * with what to do instead of hanging forever. The native call itself cannot be cancelled: the caller stops.
 */
export function watchIndexBuild<T>(
  what: { index: string; source: string },
  build: () => Promise<T>,
  opts: WatchdogOptions,
): Promise<T> {
  const cpuUsage = opts.cpuUsage ?? (() => process.cpuUsage());
  const now = opts.now ?? Date.now;
  const cpuMs = () => {
    const u = cpuUsage();
    return (u.user + u.system) / 1000;
  };
  return new Promise<T>((resolve, reject) => {
    const samples = [{ at: now(), cpu: cpuMs() }];
    const timer = setInterval(
      () => {
        const sample = { at: now(), cpu: cpuMs() };
        samples.push(sample);
        while (samples.length > 2 && samples[1]!.at <= sample.at - opts.stallMs) samples.shift();
        const first = samples[0]!;
        const span = sample.at - first.at;
        if (span >= opts.stallMs && sample.cpu - first.cpu < IDLE_SHARE * span) {
          clearInterval(timer);
          reject(stuckError(what, span));
        }
      },
      opts.sampleMs ?? Math.min(1000, opts.stallMs / 4),
    );
    build().then(
      (v) => {
        clearInterval(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearInterval(timer);
        reject(e);
      },
    );
  });
}

function stuckError(what: { index: string; source: string }, ms: number): AppError {
  const threads = process.env.LANCE_CPU_THREADS;
  return new AppError(
    'index_stuck',
    `building the ${what.index} index of source ${JSON.stringify(what.source)} made no progress for ` +
      `${Math.round(ms / 1000)} s (no CPU used): LanceDB 0.31 deadlocks building full-text indexes when its CPU pool ` +
      `is too small (LanceDB issue #3568, README "Known issues"). Set LANCE_CPU_THREADS=4 or more in the environment ` +
      `(now ${threads ? `LANCE_CPU_THREADS=${threads}` : 'unset'}) and run the job again: it resumes where it stopped`,
    { source: what.source, index: what.index, lance_cpu_threads: threads ?? null },
  );
}
