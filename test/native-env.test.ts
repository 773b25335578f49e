import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { prepareNativeEnv } from '../src/native-env.ts';

const ROOT = new URL('../', import.meta.url);

describe("LanceDB's native environment", () => {
  test('the CPU pool gets at least 4 threads, as many as LanceDB would pick on larger machines; a set value stays', () => {
    const env = (cpus: number, given: Record<string, string> = {}) => {
      const e: Record<string, string | undefined> = { ...given };
      prepareNativeEnv(e, cpus);
      return e;
    };
    assert.equal(env(1).LANCE_CPU_THREADS, '4');
    assert.equal(env(2).LANCE_CPU_THREADS, '4');
    assert.equal(env(64).LANCE_CPU_THREADS, '62');
    assert.equal(env(2, { LANCE_CPU_THREADS: '8' }).LANCE_CPU_THREADS, '8');
    assert.equal(env(2).LANCEDB_LOG, 'error');
    assert.equal(env(2, { LANCEDB_LOG: 'info' }).LANCEDB_LOG, 'info');
  });

  test('every entry point imports it before anything else (ES imports run in order; a later assignment is too late)', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { scripts: Record<string, string> };
    const entries = new Set<string>();
    for (const script of Object.values(pkg.scripts))
      for (const m of script.matchAll(/node --import tsx (\S+\.ts)/g)) entries.add(m[1]!);
    // Entry points started by code rather than by npm scripts.
    for (const f of ['src/main.ts', 'ingest/cli.ts']) entries.add(f);
    assert.ok(entries.size >= 6, [...entries].join(' '));
    for (const file of entries) {
      const src = readFileSync(new URL(file, ROOT), 'utf8');
      const first = /^import\s[^;]*?['"]([^'"]+)['"]/m.exec(src)?.[1] ?? '';
      if (file === 'test/run.ts') assert.match(src, /prepareNativeEnv\(env\)/, file);
      else assert.match(first, /native-env\.ts$/, `${file} first imports ${first}`);
    }
  });
});
