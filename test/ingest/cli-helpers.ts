import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Start the ingest CLI as a user would (`node --import tsx ingest/cli.ts …`), stderr not a TTY. `env` adds to the
 * test's environment; a variable given as undefined is removed from it.
 */
export function spawnCli(args: readonly string[], env: Record<string, string | undefined>): ChildProcess {
  const merged: Record<string, string | undefined> = { ...process.env, LANCEDB_LOG: 'error', ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  return spawn(process.execPath, ['--import', 'tsx', 'ingest/cli.ts', ...args], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export type CliResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export function runCli(args: readonly string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const child = spawnCli(args, env);
  return collect(child);
}

export function collect(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d;
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The last line of stdout parsed as JSON (the `--json` summary). */
export const lastJson = (stdout: string): Record<string, unknown> => JSON.parse(stdout.trim().split('\n').at(-1)!);
