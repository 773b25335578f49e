import { type TraceRecord, TraceRecord as TraceRecordSchema } from './schema.ts';

/** Where finished runs' traces are kept, queryable by run id. */
export interface TraceStore {
  save(runId: string, records: readonly TraceRecord[]): Promise<void>;
  get(runId: string): Promise<TraceRecord[] | undefined>;
}

/** Parse stored lines with the shared schema; other lines (a foreign logger's) are ignored. */
export function parseTraceLines(text: string): TraceRecord[] {
  const out: TraceRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      continue;
    }
    const r = TraceRecordSchema.safeParse(raw);
    if (r.success) out.push(r.data);
  }
  return out.sort((a, b) => a.seq - b.seq);
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
  };
}

export const RUN_ID = /^[A-Za-z0-9_-]{6,64}$/;
