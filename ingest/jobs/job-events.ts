import type { JobEvent } from '../../src/service/ingest-jobs.ts';
import { type JobRecord, viewOf } from './job-record.ts';

export const ENDED = new Set(['done', 'failed']);

/** A job as the runner holds it: its record and whoever follows its events. */
export type Watched = { record: JobRecord; listeners: Set<(e: JobEvent) => void> };

export function emit(e: Watched, type: JobEvent['type']): void {
  const ev = { type, job: viewOf(e.record) };
  for (const l of e.listeners) l(ev);
}

/**
 * A job's events from now until it ends (or `signal` aborts): first its current state (`done` when it has already
 * ended), then `state`/`progress` as they happen, then `done`. Following changes nothing about the job.
 */
export async function* followJob(e: Watched, signal: AbortSignal): AsyncIterable<JobEvent> {
  const queue: JobEvent[] = [];
  let wake: (() => void) | undefined;
  const listener = (ev: JobEvent) => {
    // Progress events replace an unsent one: a slow reader gets the latest state, not a backlog.
    if (ev.type === 'progress' && queue.at(-1)?.type === 'progress') queue[queue.length - 1] = ev;
    else queue.push(ev);
    wake?.();
  };
  const onAbort = () => wake?.();
  e.listeners.add(listener);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    yield { type: ENDED.has(e.record.state) ? 'done' : 'state', job: viewOf(e.record) };
    if (ENDED.has(e.record.state)) return;
    while (!signal.aborted) {
      const ev = queue.shift();
      if (!ev) {
        await new Promise<void>((r) => {
          wake = r;
        });
        wake = undefined;
        continue;
      }
      yield ev;
      if (ev.type === 'done') return;
    }
  } finally {
    e.listeners.delete(listener);
    signal.removeEventListener('abort', onAbort);
  }
}
