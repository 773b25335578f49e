// Runs every *.test.ts under test/ with node's test runner (Node 20 does not expand globs itself).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { prepareNativeEnv } from '../src/native-env.ts';

const find = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'fixtures'
        ? []
        : find(join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

const only = process.argv.slice(2);
const files = find('test')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${only.join(' ')}`);
  process.exit(1);
}
// Test files, and every process they start, inherit LanceDB's environment (see src/native-env.ts).
const env = { ...process.env };
prepareNativeEnv(env);
// Two files at a time: while one file waits (starting tsx, LanceDB or a server, or on a child process) the other
// runs, so on a 2-CPU machine two at a time took CI from 14 to 11 minutes (docs/history.md, stop 70).
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    env,
  },
);
process.exit(r.status ?? 1);
