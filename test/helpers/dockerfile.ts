import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';

/** One stage of a Dockerfile, replayed in a directory of its own (its filesystem root). */
export type ReplayedStage = {
  name: string;
  /** The stage's root on this machine; container path /x is `${root}/x`. */
  root: string;
  /** The stage's WORKDIR on this machine. */
  workdir: string;
  env: Record<string, string>;
  cmd?: string[];
  user?: string;
};

type Instruction = { op: string; args: string };

/** Instructions of a Dockerfile: comments dropped, continuation lines joined. */
export function parseDockerfile(text: string): Instruction[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return lines.map((l) => {
    const m = /^(\S+)\s+(.*)$/.exec(l);
    if (!m) throw new Error(`cannot read Dockerfile line: ${l}`);
    return { op: m[1]!.toUpperCase(), args: m[2]! };
  });
}

function run(command: string, cwd: string, env: Record<string, string>, log: (s: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      log(`RUN ${command} (exit ${code})`);
      if (code === 0) resolve();
      else reject(new Error(`RUN ${command} failed with ${code}:\n${out.slice(-4000)}`));
    });
  });
}

/**
 * Replay a Dockerfile without Docker: each stage gets a directory as its root; WORKDIR, COPY (from the context or
 * `--from` an earlier stage, with Docker's rule that a copied directory's contents land in the destination), ENV and
 * RUN (`sh -c` in the WORKDIR, on this machine's Node and npm) are carried out; CMD and USER are recorded. Any other
 * instruction is an error, so the Dockerfile cannot grow a step that this replay silently skips. FROM's image is not
 * pulled: the steps run on this machine's Node (the image names the same major version).
 */
export async function replayDockerfile(
  dockerfile: string,
  context: string,
  into: string,
  log: (s: string) => void = () => {},
): Promise<ReplayedStage[]> {
  const stages: ReplayedStage[] = [];
  const at = (stage: ReplayedStage, path: string) =>
    isAbsolute(path) ? join(stage.root, path) : join(stage.workdir, path);
  for (const { op, args } of parseDockerfile(readFileSync(dockerfile, 'utf8'))) {
    if (op === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length);
      const root = join(into, `stage-${stages.length}`);
      mkdirSync(root, { recursive: true });
      stages.push({ name, root, workdir: root, env: {} });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${op} before FROM`);
    switch (op) {
      case 'WORKDIR':
        stage.workdir = at(stage, args);
        mkdirSync(stage.workdir, { recursive: true });
        break;
      case 'ENV':
        for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
        break;
      case 'COPY': {
        const words = args.split(/\s+/);
        const from = words[0]?.startsWith('--from=') ? words.shift()!.slice('--from='.length) : undefined;
        const dest = words.pop()!;
        const source = from ? stages.find((s) => s.name === from) : undefined;
        if (from && !source) throw new Error(`COPY --from=${from}: no such stage`);
        for (const src of words) {
          const path = source ? at(source, src) : join(context, src);
          const target = at(stage, dest);
          const toDir = dest.endsWith('/') || words.length > 1;
          if (statSync(path).isDirectory()) cpSync(path, target, { recursive: true });
          else cpSync(path, toDir ? join(target, basename(path)) : target);
        }
        break;
      }
      case 'RUN':
        await run(args, stage.workdir, stage.env, log);
        break;
      case 'CMD':
        stage.cmd = JSON.parse(args) as string[];
        break;
      case 'USER':
        stage.user = args;
        break;
      case 'EXPOSE':
      case 'VOLUME':
        break;
      default:
        throw new Error(`the Dockerfile replay does not know ${op}`);
    }
  }
  return stages;
}
