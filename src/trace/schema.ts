import { z } from 'zod';

/** Version of the trace record layout; readers reject records of another major version. */
export const TRACE_VERSION = 1;

export const TraceHit = z.object({
  chunk_id: z.string(),
  doc_id: z.string(),
  source: z.string(),
  title: z.string(),
  score: z.number(),
  text: z.string(),
});
export type TraceHit = z.infer<typeof TraceHit>;

export const TraceTokens = z.object({ input: z.number(), output: z.number() });

export const STEP_TYPES = [
  'start',
  'condense',
  'rewrite',
  'retrieval',
  'rerank',
  'grade',
  'switch',
  'rank',
  'hop',
  'promote',
  'answer',
  'verify',
  'guardrail',
  'llm',
  'error',
  'stop',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

/**
 * One record per step. `data` holds the step's payload (queries, hits, verdicts, decisions…); the fields
 * evals rely on are typed in `TraceData` below and checked by readers.
 */
export const TraceRecord = z.object({
  v: z.literal(TRACE_VERSION),
  run_id: z.string(),
  seq: z.number().int(),
  step: z.number().int(),
  type: z.enum(STEP_TYPES),
  at: z.string(),
  duration_ms: z.number(),
  tokens: TraceTokens.optional(),
  data: z.record(z.string(), z.unknown()),
});
export type TraceRecord = z.infer<typeof TraceRecord>;

export const RetrievalData = z.object({
  source: z.string(),
  mode: z.string(),
  queries: z.array(z.string()),
  hits: z.array(TraceHit),
  new_chunks: z.number().optional(),
  purpose: z.string().optional(),
});
export const RankData = z.object({ chunk_ids: z.array(z.string()), doc_ids: z.array(z.string()) });
export const StopData = z.object({
  reason: z.string(),
  status: z.enum(['answered', 'refused']),
  refusal_reason: z.string().optional(),
  refusal_detail: z.string().optional(),
  caveat: z.string().optional(),
  answer: z.string(),
  citations: z.array(z.record(z.string(), z.unknown())),
  usage: z.record(z.string(), z.number()),
});
