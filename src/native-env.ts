import { availableParallelism } from 'node:os';

/**
 * Environment for LanceDB's native library, which reads it once, when it loads. Every entry point imports this
 * module first (ES imports run in order, so a `process.env` assignment in an entry's body after its imports is too
 * late). A value the user set is kept.
 *
 * LANCE_CPU_THREADS: LanceDB 0.31 sizes its CPU pool at the CPU count minus 2, at least 1, and with a single thread
 * its full-text index build deadlocks (LanceDB issue #3568; README "Known issues"). At least 4 threads here; on larger
 * machines the same count LanceDB would choose.
 */
export function prepareNativeEnv(env: Record<string, string | undefined>, cpus = availableParallelism()): void {
  env.LANCEDB_LOG ??= 'error';
  env.LANCE_CPU_THREADS ??= String(Math.max(4, cpus - 2));
}

prepareNativeEnv(process.env);
