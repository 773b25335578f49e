import type { TraceRecord } from '../src/trace/index.ts';
import type { Trajectory } from './metrics/trajectory.ts';
import type { TraceStep } from './report/types.ts';

/** What the eval needs from one run's trace: the ranking, the chunks it read, and what it did. */
export type TraceView = {
  rankedDocs: string[];
  /** The final ranking's chunk ids, best first. */
  rankedChunks: string[];
  /** Every chunk text the run retrieved, by chunk id (the evidence claims are checked against). */
  chunks: Map<string, string>;
  trajectory: Trajectory;
  steps: TraceStep[];
  /**
   * The grading rule that refused, when the last grade refused: its `rule` (`RefusalRule`), or `grade` for a grader
   * that names none (a model). Undefined when no grade refused (an answer; a guardrail's stop; a refusal after
   * composing).
   */
  refusedBy?: string;
};

export function viewTrace(records: readonly TraceRecord[]): TraceView {
  const chunks = new Map<string, string>();
  const toolCalls: Trajectory['toolCalls'][number][] = [];
  const guardrails: string[] = [];
  let tokens = 0;
  for (const r of records) {
    tokens += (r.tokens?.input ?? 0) + (r.tokens?.output ?? 0);
    if (r.type === 'retrieval') {
      for (const h of r.data.hits as { chunk_id: string; text: string }[]) chunks.set(h.chunk_id, h.text);
      toolCalls.push({
        name: 'search',
        args: { source: r.data.source, mode: r.data.mode, queries: r.data.queries, filter: r.data.filter },
      });
    }
    if (r.type === 'error')
      toolCalls.push({ name: String(r.data.call ?? 'run'), args: r.data.attempt ?? null, error: String(r.data.error) });
    if (r.type === 'guardrail') guardrails.push(String(r.data.name));
  }
  const rank = records.filter((r) => r.type === 'rank').at(-1);
  const grade = records.filter((r) => r.type === 'grade').at(-1);
  const refusedBy =
    (grade?.data.action as { type?: string } | undefined)?.type === 'refuse'
      ? String(grade?.data.rule ?? 'grade')
      : undefined;
  const stop = records.filter((r) => r.type === 'stop').at(-1);
  const start = records[0];
  const latencyMs = start && stop ? Date.parse(stop.at) - Date.parse(start.at) : undefined;
  return {
    rankedDocs: [...new Set((rank?.data.doc_ids as string[] | undefined) ?? [])],
    rankedChunks: (rank?.data.chunk_ids as string[] | undefined) ?? [],
    chunks,
    trajectory: {
      steps: stop?.step ?? records.at(-1)?.step ?? 0,
      toolCalls,
      stopReason: String(stop?.data.reason ?? 'unknown'),
      guardrails,
      tokens,
      latencyMs,
    },
    steps: records.map((r) => ({ type: r.type, summary: summarise(r), ms: r.duration_ms })),
    ...(refusedBy ? { refusedBy } : {}),
  };
}

function summarise(r: TraceRecord): string {
  const d = r.data;
  switch (r.type) {
    case 'rewrite':
      return `queries: ${(d.queries as string[]).join(' | ')}`;
    case 'retrieval':
      return `${d.purpose} on ${d.source}/${d.mode}: ${(d.hits as { title: string }[])
        .slice(0, 3)
        .map((h) => h.title)
        .join('; ')}`;
    case 'grade':
      return `${(d.action as { type: string }).type} — ${d.reason}`;
    case 'stop':
      return `${d.reason} (${d.status})`;
    default:
      return JSON.stringify(d).slice(0, 160);
  }
}
