import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { parseTraceLines, RUN_ID, type TraceStore } from './trace-store.ts';

/**
 * One JSONL file per run under `dir`, written with pino (sync destination, so a record is on disk when save
 * resolves). The API and the eval runner read the same files back through the shared schema.
 */
export function fileTraceStore(dir: string): TraceStore {
  mkdirSync(dir, { recursive: true });
  return {
    async save(runId, records) {
      if (!RUN_ID.test(runId)) throw new Error(`invalid run id ${runId}`);
      const dest = pino.destination({ dest: join(dir, `${runId}.jsonl`), sync: true, mkdir: true });
      const log = pino({ base: null, timestamp: false, messageKey: 'msg' }, dest);
      for (const r of records) log.info(r);
      dest.flushSync();
      dest.end();
    },
    async get(runId) {
      if (!RUN_ID.test(runId)) return undefined;
      try {
        return parseTraceLines(await readFile(join(dir, `${runId}.jsonl`), 'utf8'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
  };
}
