import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type CliRun = { wallMs: number; summary: Record<string, unknown> };

/** `npm run ingest` as a user runs it, timed from process start to exit (index build included). */
export function runIngestCli(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return runTimed(['ingest/cli.ts', ...args, '--json'], env);
}

/**
 * A script of this repository in its own process, timed from process start to exit; its last stdout line is JSON.
 * `stderr: 'inherit'` shows its progress (long runs).
 */
export function runTimed(
  args: readonly string[],
  env: Record<string, string> = {},
  opts: { stderr?: 'ignore' | 'inherit' } = {},
): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, LANCEDB_LOG: 'error', ...env },
    stdio: ['ignore', 'pipe', opts.stderr ?? 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${args[0]} exited with ${code}: ${last}`));
      resolve({ wallMs, summary: JSON.parse(last) as Record<string, unknown> });
    });
  });
}
