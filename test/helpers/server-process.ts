import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type ServerProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed (pino JSON lines and stderr), in order. */
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident memory of the server process now, in MB (from /proc). */
  rssMb(): number;
  /** SIGKILL if still running (an after hook's cleanup). */
  kill(): void;
};

/**
 * The real server entry (`src/main.ts`) in its own process, on a port it picks (PORT=0, read from its "listening"
 * log line): for what only a process shows — its memory, its signals, its exit. `o.args`/`o.cwd`: another entry (the
 * compiled one of a production install).
 */
export async function startServerProcess(
  env: Record<string, string>,
  o: { args?: string[]; cwd?: string } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, o.args ?? ['--import', 'tsx', 'src/main.ts'], {
    cwd: o.cwd ?? ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', LANCEDB_LOG: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output.join('')}`)), 30_000);
    const onData = (d: Buffer) => {
      output.push(String(d));
      const m = /"url":"(http:\/\/[^"]+)"[^\n]*grounded is listening/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => output.push(String(d)));
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output.join('')}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    child,
    output,
    exited,
    rssMb: () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return Number(m?.[1] ?? Number.NaN) / 1024;
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
