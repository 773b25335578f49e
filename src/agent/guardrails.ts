import type { Limits, StopReason } from './types.ts';

/** Raised inside the loop when a guardrail ends the run; the loop turns it into a stop record. */
export class GuardrailStop extends Error {
  constructor(
    readonly reason: StopReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Why a run's signal was aborted, for its stop record: the reason given (e.g. a shutdown), else the client left. */
export const abortDetail = (signal?: AbortSignal): string =>
  typeof signal?.reason === 'string' ? signal.reason : 'the client went away';

/** Normalised form of a call, so "Foo  bar?" and "foo bar" count as the same call. */
export const callKey = (action: string, args: Record<string, unknown>): string =>
  `${action}:${JSON.stringify(
    Object.fromEntries(
      Object.entries(args)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [
          k,
          typeof v === 'string'
            ? v
                .toLowerCase()
                .replace(/[^\p{L}\p{N}]+/gu, ' ')
                .trim()
            : v,
        ]),
    ),
  )}`;

/**
 * Budgets and stop conditions, checked before every step. Each is a plain predicate over the run so far,
 * and each records which one fired.
 */
export class Guardrails {
  steps = 0;
  tokensIn = 0;
  tokensOut = 0;
  private readonly seen = new Set<string>();
  private readonly started: number;

  constructor(
    readonly limits: Limits,
    private readonly now: () => number,
    private readonly signal?: AbortSignal,
  ) {
    this.started = now();
  }

  get tokens(): number {
    return this.tokensIn + this.tokensOut;
  }

  elapsed(): number {
    return this.now() - this.started;
  }

  remainingMs(): number {
    return Math.max(0, this.limits.deadlineMs - this.elapsed());
  }

  /** Call before each step; throws GuardrailStop when a budget is spent. */
  beforeStep(): void {
    if (this.signal?.aborted) throw new GuardrailStop('aborted', abortDetail(this.signal));
    if (this.steps >= this.limits.maxSteps)
      throw new GuardrailStop('max_steps', `${this.steps} steps taken (limit ${this.limits.maxSteps})`);
    if (this.tokens > this.limits.tokenBudget)
      throw new GuardrailStop('token_budget', `${this.tokens} tokens used (budget ${this.limits.tokenBudget})`);
    if (this.elapsed() > this.limits.deadlineMs)
      throw new GuardrailStop('deadline', `${this.elapsed()} ms elapsed (deadline ${this.limits.deadlineMs} ms)`);
    this.steps++;
  }

  addTokens(input: number, output: number): void {
    this.tokensIn += input;
    this.tokensOut += output;
  }

  /** True the first time a call is seen; false for a repeat of the same action with the same normalised arguments. */
  firstCall(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
