import { countTokens } from '../../text/index.ts';

/** The longest prefix of `text` of at most `max` tokens (our approximate count), without trailing whitespace. */
export function truncateToTokens(text: string, max: number): string {
  if (countTokens(text) <= max) return text;
  let lo = 0;
  let hi = text.length;
  // countTokens of a prefix never decreases as the prefix grows: find the longest prefix within the budget.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (countTokens(text.slice(0, mid)) <= max) lo = mid;
    else hi = mid - 1;
  }
  // A prefix ending inside a word counts that word whole, so `lo` ends at a word's end or in the gap after it.
  let end = lo;
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
  return text.slice(0, end).trimEnd();
}

/**
 * What a reply may still send, for `max_tokens` and `stop`. Pieces go in as the run produces them; what comes out
 * is what to send now. Text that could be the start of a stop sequence is held back until the next piece shows
 * whether it is (and, with a token limit, trailing whitespace). After a limit is hit nothing more is sent and
 * `finish` says why.
 */
export class ContentLimit {
  private full = '';
  private sent = 0;
  private cut: string | undefined;
  finish: 'stop' | 'length' | undefined;

  constructor(
    private readonly maxTokens?: number,
    private readonly stops: readonly string[] = [],
  ) {}

  /** The text to send for a new piece ('' once a limit was hit). */
  push(piece: string): string {
    if (this.cut !== undefined) return '';
    this.full += piece;
    let text = this.full;
    let finish: 'stop' | 'length' | undefined;
    const at = Math.min(...this.stops.map((s) => this.full.indexOf(s)).filter((i) => i >= 0));
    if (Number.isFinite(at)) {
      text = this.full.slice(0, at);
      finish = 'stop';
    }
    if (this.maxTokens !== undefined && countTokens(text) > this.maxTokens) {
      text = truncateToTokens(text, this.maxTokens);
      finish = 'length';
    }
    if (finish) {
      this.cut = text;
      this.finish = finish;
      return this.take(text, text.length);
    }
    // With a token limit, trailing whitespace waits too: a cut reply ends at a word, streamed or not.
    const upto = this.maxTokens === undefined ? text.length : text.trimEnd().length;
    return this.take(text, Math.min(upto, text.length - this.heldBack(text)));
  }

  /** The run ended: send what was held back. */
  end(): string {
    if (this.cut !== undefined) return '';
    return this.take(this.full, this.full.length);
  }

  /** Everything sent so far, which is the reply's content. */
  get text(): string {
    return (this.cut ?? this.full).slice(0, this.sent);
  }

  private take(text: string, upto: number): string {
    if (upto <= this.sent) return '';
    const out = text.slice(this.sent, upto);
    this.sent = upto;
    return out;
  }

  /** Length of the longest end of `text` that is a proper prefix of a stop sequence. */
  private heldBack(text: string): number {
    let n = 0;
    for (const s of this.stops)
      for (let k = Math.min(s.length - 1, text.length); k > n; k--)
        if (text.endsWith(s.slice(0, k))) {
          n = k;
          break;
        }
    return n;
  }
}
