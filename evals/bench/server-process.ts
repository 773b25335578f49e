import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export type BenchServer = { url: string; child: ChildProcess; rssMb(): number; stop(): Promise<void> };

/** `src/main.ts` in its own process over the store at `db`, with `env` on top of ours; resolves once /health answers. */
export async function startServer(db: string, traces: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      GROUNDED_DB: db,
      GROUNDED_TRACES: traces,
      GROUNDED_DEMO: 'false',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LANCEDB_LOG: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const server: BenchServer = {
    url,
    child,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start in 30 s');
}
