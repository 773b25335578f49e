import type { Hit, RetrievalMode } from '../retrieval/index.ts';

export type AgentMode = 'agent' | 'single-shot';
export const REFUSAL_REASONS = [
  'no_evidence',
  'missing_focus',
  'insufficient_coverage',
  'conflicting_evidence',
  'budget_exhausted',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Why a run ended. `answered`/`refused` are normal ends; the rest are guardrails. */
export type StopReason =
  | 'answered'
  | 'refused'
  | 'max_steps'
  | 'token_budget'
  | 'deadline'
  | 'duplicate_call'
  | 'no_progress'
  | 'aborted'
  | 'error';

export type Limits = {
  maxSteps: number;
  tokenBudget: number;
  deadlineMs: number;
  callTimeoutMs: number;
  maxRetries: number;
  topK: number;
};

export type ChatTurn = { role: 'user' | 'assistant' | 'system'; content: string };

export type AgentInput = {
  question: string;
  /** Earlier turns of a conversation; the question is condensed with them before retrieval. */
  history?: ChatTurn[];
  /** Sources in the order to try; the first is searched first. */
  sources: string[];
  mode: AgentMode;
  limits: Limits;
  runId: string;
  signal?: AbortSignal;
};

export type Citation = {
  n: number;
  chunk_id: string;
  source: string;
  doc_id: string;
  title: string;
  heading_path: string[];
  page: number | null;
  start: number;
  end: number;
  text: string;
};

export type Usage = {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  steps: number;
  retrievals: number;
};
export type Timings = { total_ms: number; retrieval_ms: number; reasoning_ms: number };

export type QueryResponse = {
  answer: string;
  status: 'answered' | 'refused';
  refusal_reason?: RefusalReason;
  /** What was missing, in words ("no passage about rsync"). */
  refusal_detail?: string;
  /** What the sources do not mention, for a claim answered from the rest of it ("no passage about ivermectin"). */
  caveat?: string;
  citations: Citation[];
  run_id: string;
  usage: Usage;
  timings: Timings;
  stop_reason: StopReason;
  /** The question actually searched for (after condensing a conversation). */
  question: string;
};

/**
 * One piece of evidence as the reasoner sees it: a chunk, numbered, with how it was found, and its place in the chain
 * of linked documents the run followed (1 = the document the question leads to first), when it is one of them.
 */
export type Evidence = Hit & { n: number; found_by: string; hop?: number };

export type RetrievalCall = { source: string; mode: RetrievalMode; query: string };

export type AgentEvent =
  | { type: 'rewrite'; question: string; queries: string[] }
  | {
      type: 'retrieval';
      round: number;
      source: string;
      mode: RetrievalMode;
      queries: string[];
      hits: { chunk_id: string; doc_id: string; title: string; score: number }[];
      new_chunks: number;
    }
  | {
      type: 'grade';
      coverage: number;
      action: string;
      reason: string;
      subqueries: { query: string; covered: boolean; score: number }[];
    }
  | { type: 'switch'; kind: 'source' | 'mode'; from: string; to: string; reason: string }
  | { type: 'guardrail'; name: string; detail: string }
  | { type: 'answer.delta'; text: string }
  | { type: 'citation'; citation: Citation }
  | { type: 'done'; response: QueryResponse };
