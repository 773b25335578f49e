import { packTrace, unpackTrace } from './pack.ts';
import { RUN_ID, type TraceStore } from './trace-store.ts';

/** The little of an R2 bucket binding (or any object store client) that traces need. */
export type TraceBucket = {
  put(key: string, value: string): Promise<unknown>;
  get(key: string): Promise<{ text(): Promise<string> } | null>;
};

/**
 * Traces in a bucket — the Workers front's R2 binding — one object per run, `<prefix><run_id>.jsonl`, in the same
 * stored layout as the directory store (pack.ts), so a trace reads the same wherever it was made. Written when saved
 * (a Worker has no background writer past its request); age limits are the bucket's lifecycle rules.
 */
export function bucketTraceStore(bucket: TraceBucket, prefix = ''): TraceStore {
  const key = (runId: string) => `${prefix}${runId}.jsonl`;
  return {
    async save(runId, records) {
      if (!RUN_ID.test(runId)) throw new Error(`invalid run id ${runId}`);
      await bucket.put(key(runId), await packTrace(runId, records));
    },
    async get(runId) {
      if (!RUN_ID.test(runId)) return undefined;
      const o = await bucket.get(key(runId));
      return o ? unpackTrace(await o.text()) : undefined;
    },
    flush: async () => {},
    close: async () => {},
  };
}
