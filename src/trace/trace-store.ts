import type { TraceRecord } from './schema.ts';

/** Where finished runs' traces are kept, queryable by run id. */
export interface TraceStore {
  /** Hand a finished run's records over; it may be written later, but `get` finds it at once. */
  save(runId: string, records: readonly TraceRecord[]): Promise<void>;
  get(runId: string): Promise<TraceRecord[] | undefined>;
  /** Resolves once everything saved so far is written. */
  flush(): Promise<void>;
  /** Flush and stop background work. */
  close(): Promise<void>;
  /** What is kept, for operators (file-backed stores). */
  usage?(): { files: number; bytes: number; queued: number };
}

/** In-process store: tests and the Workers entry (where there is no file system). Bounded, oldest dropped. */
export function memoryTraceStore(maxRuns = 1000): TraceStore {
  const runs = new Map<string, TraceRecord[]>();
  return {
    async save(runId, records) {
      runs.set(runId, [...records]);
      if (runs.size > maxRuns) runs.delete(runs.keys().next().value as string);
    },
    async get(runId) {
      return runs.get(runId);
    },
    flush: async () => {},
    close: async () => {},
  };
}

export const RUN_ID = /^[A-Za-z0-9_-]{6,64}$/;
