import type { RetrievalMode } from '../../retrieval/index.ts';
import type { FocusSignal, OwnerSignal } from '../tools/focus.ts';
import type { ChatTurn, Evidence, RefusalReason, RetrievalCall } from '../types.ts';

/** What a reasoner step may report back: tokens spent, and for model-made decisions the raw output. */
export type ReasonerContext = {
  signal: AbortSignal;
  usage(input: number, output: number): void;
  /** Raw model output and the parsed decision (or the parse error), for the trace. */
  llm?(call: { decision: string; raw: unknown; parsed?: unknown; error?: string; attempt: number }): void;
};

export type Rewrite = { question: string; subqueries: string[] };

export type GradeAction =
  /**
   * Answer. A claim to check is answered from the evidence on the rest of it when no passage is about one of its
   * focus terms; `caveat` says which ("no passage about ivermectin").
   */
  | { type: 'answer'; caveat?: string }
  | {
      type: 'search';
      query: string /** Focus terms the search looks for: a chunk holding one joins the top. */;
      focus?: string[];
    }
  | { type: 'hop' }
  | { type: 'switch_mode'; mode: RetrievalMode }
  | { type: 'switch_source'; source: string }
  | { type: 'refuse'; reason: RefusalReason; detail?: string };

export type GradeInput = {
  question: string;
  subqueries: string[];
  evidence: Evidence[];
  tried: RetrievalCall[];
  source: string;
  mode: RetrievalMode;
  untriedSources: string[];
  untriedModes: RetrievalMode[];
  /** Whether a hop (following the links of the best chunks) may be chosen: the source has links, none was made. */
  canHop: boolean;
  /** Whether the source's titles are links (its measured capability), whether or not a hop may still be made. */
  linked: boolean;
  /** Titles of other documents that the best chunks mention: links a second hop could follow. */
  links: string[];
  /** The question's focus terms: does the source mention each at all, and do the best chunks? */
  focus: FocusSignal[];
  /** The program whose option the question asks for ("Which grep option …"), and whether the source documents it. */
  owner?: OwnerSignal;
  /** The question's ordinary words the source never uses (agent mode; a follow-up's own words: `checkAbsentWords`). */
  absentWords?: string[];
  /** A Chinese question's character pairs across its words (agent mode; `pairsAcrossWords`): graded only where held. */
  unusedPairs?: string[];
  /** The user's own words when the question is a follow-up condensed with the conversation's (see `condense`). */
  followUp?: string;
  /** The builtin grader found the hybrid evidence weak and switched the retrieval mode on this source. */
  switchedMode?: boolean;
};

/**
 * Which of the builtin grader's rules refused a question, recorded in the trace beside the signals: a focus name the
 * source never mentions (`absent_focus`); a program the question asks an option of, or names, that no document or best
 * chunk is about (`undocumented_program`); weak evidence lacking a focus term the source has (`weak_unseen_focus`); a
 * focus term still missing from the best chunks after a search for it (`unseen_focus`); two ordinary words the source
 * never uses (`absent_words`); no sentence saying what a "which option / command …" question asks the entry to do
 * (`entry`); weak evidence otherwise (`weak_evidence`); evidence that covers the question only after a weak hybrid
 * grade switched the retrieval mode (`switched_mode`).
 */
export type RefusalRule =
  | 'absent_focus'
  | 'undocumented_program'
  | 'weak_unseen_focus'
  | 'unseen_focus'
  | 'absent_words'
  | 'entry'
  | 'weak_evidence'
  | 'switched_mode';

export type Grade = {
  coverage: number;
  subqueries: { query: string; covered: boolean; score: number }[];
  action: GradeAction;
  reason: string;
  /** The measurements that decided it, recorded in the trace. */
  signals?: Record<string, unknown>;
  /** The rule that refused, when a rule-based grader refused (a model's grade names none). */
  rule?: RefusalRule;
};

export type Claim = { text: string; cites: number[] };
export type Verdict = { supported: boolean; cites: number[]; reason: string };

/** The decisions of the agent. The loop never knows whether heuristics or a model make them. */
export interface Reasoner {
  readonly id: string;
  condense(history: ChatTurn[], question: string, ctx: ReasonerContext): Promise<string>;
  rewrite(question: string, ctx: ReasonerContext): Promise<Rewrite>;
  grade(input: GradeInput, ctx: ReasonerContext): Promise<Grade>;
  /** An answer with inline [n] markers, n being the evidence numbers. */
  compose(input: { question: string; evidence: Evidence[] }, ctx: ReasonerContext): Promise<string>;
  verify(input: { claims: Claim[]; evidence: Evidence[] }, ctx: ReasonerContext): Promise<Verdict[]>;
}
