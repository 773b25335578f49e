// `npm run test:scale`: the multi-node, lease and repair tests against a real S3-compatible server — a throwaway
// Ceph RADOS Gateway on loopback (scripts/radosgw.sh installs and starts it) — instead of a shared directory.
import '../../src/native-env.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FILES = ['test/scale/', 'test/store/lease-race', 'test/ingest/concurrent', 'test/ingest/repair'];
const state = join(mkdtempSync(join(tmpdir(), 'grounded-rgw-')), 'ceph');
const started = spawnSync('bash', ['scripts/radosgw.sh', 'start', state], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => spawnSync('bash', ['scripts/radosgw.sh', 'stop', state], { stdio: 'inherit' });
if (started.status !== 0) {
  stop();
  console.error('test:scale: the RADOS Gateway did not start');
  process.exit(1);
}
const s3 = Object.fromEntries(
  started.stdout
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
console.log(`test:scale: RADOS Gateway at ${s3.AWS_ENDPOINT}`);
const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/run.ts', ...FILES], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...s3,
    GROUNDED_TEST_S3_ENDPOINT: s3.AWS_ENDPOINT,
    LANCE_CPU_THREADS: process.env.LANCE_CPU_THREADS ?? '4',
  },
});
stop();
process.exit(r.status ?? 1);
