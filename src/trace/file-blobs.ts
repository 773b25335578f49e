import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredFile } from './retention.ts';
import type { TraceBlobs } from './trace-blobs.ts';

/**
 * One file per run under `dir` (`<run_id>.jsonl`), written to a temporary name and renamed, so readers never see
 * half a file. A directory shared by several nodes (a network file system) is `shared`: listings are re-read.
 */
export function fileBlobs(dir: string, o: { shared?: boolean; onError?: (m: string, e?: unknown) => void } = {}) {
  mkdirSync(dir, { recursive: true });
  const path = (runId: string) => join(dir, `${runId}.jsonl`);
  const blobs: TraceBlobs = {
    where: dir,
    shared: o.shared ?? false,
    async list() {
      const out: StoredFile[] = [];
      for (const name of await readdir(dir)) {
        if (name.endsWith('.tmp')) await unlink(join(dir, name)).catch(() => {}); // a write cut off by a crash
        if (!name.endsWith('.jsonl')) continue;
        const s = await stat(join(dir, name)).catch(() => undefined);
        if (s) out.push({ name: name.slice(0, -'.jsonl'.length), bytes: s.size, mtimeMs: s.mtimeMs });
      }
      return out;
    },
    async write(batch) {
      const written = await Promise.all(
        batch.map(async ({ runId, text }) => {
          try {
            await writeFile(`${path(runId)}.tmp`, text);
            await rename(`${path(runId)}.tmp`, path(runId));
            return [runId];
          } catch (e) {
            o.onError?.(`cannot write the trace of ${runId}`, e);
            return [];
          }
        }),
      );
      return written.flat();
    },
    async read(runId) {
      try {
        return await readFile(path(runId), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async remove(runIds) {
      for (const id of runIds)
        await unlink(path(id)).catch((e) => {
          if (e.code !== 'ENOENT') o.onError?.(`cannot delete ${id}.jsonl`, e);
        });
    },
    writeSync({ runId, text }) {
      writeFileSync(`${path(runId)}.tmp`, text);
      renameSync(`${path(runId)}.tmp`, path(runId));
    },
  };
  return blobs;
}
