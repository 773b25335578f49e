import type { Citation, QueryResponse } from '../../agent/types.ts';
import type { Deps } from '../../deps.ts';
import type { ChunkFilter } from '../../retrieval/index.ts';
import { ask } from '../../service/ask.ts';
import { countTokens } from '../../text/index.ts';
import { ContentLimit } from './content-limit.ts';
import type { Conversation } from './conversation.ts';
import { type HousekeepingKind, housekeepingAnswer } from './housekeeping.ts';
import type { OutputFormat } from './json-output.ts';
import { progressLine } from './progress-text.ts';
import { caveatNote, refusalNote } from './refusal-note.ts';
import { sourcesList } from './sources-list.ts';

export type ReplyOptions = {
  format: OutputFormat;
  progress: boolean;
  maxTokens?: number;
  stop?: readonly string[];
  /** Narrows what the agent searches (the request's `filter`). */
  filter?: ChunkFilter;
};
export type ReplyPiece = { type: 'text' | 'reasoning'; text: string };

/** How a reply ended, for the encoders (chat completion, Responses) to describe. */
export type ReplyEnd = {
  content: string;
  reasoning: string;
  /** `length`: cut at the token limit; `stop`: the end, or a stop sequence. */
  finish: 'stop' | 'length';
  /** The agent's response; absent for a frontend chore, which runs no agent. */
  response?: QueryResponse;
  /** The citations whose [n] markers are in the content (all of them for a JSON reply). */
  citations: Citation[];
  notes: string[];
  housekeeping?: HousekeepingKind;
  usage: { input: number; output: number };
};

/**
 * The assistant's reply to one conversation, as pieces: agent progress (`reasoning`, when asked for), then the
 * answer's deltas as the agent emits them and the "Sources" list (or, for a refusal, what was missing) — or the
 * JSON object a response format asks for. `max_tokens` and `stop` cut the text pieces. Streaming sends the pieces;
 * the non-streaming reply joins them — one code path, so the two contents are equal by construction.
 */
export async function* reply(
  deps: Deps,
  conv: Conversation,
  sources: string[] | undefined,
  opts: ReplyOptions,
  signal: AbortSignal,
): AsyncGenerator<ReplyPiece, ReplyEnd> {
  const limit = new ContentLimit(opts.maxTokens, opts.stop);
  let reasoning = '';
  const end = (response: QueryResponse | undefined, citations: Citation[]): ReplyEnd => {
    const content = limit.text;
    return {
      content,
      reasoning,
      finish: limit.finish === 'length' ? 'length' : 'stop',
      response,
      citations,
      notes: conv.notes,
      housekeeping: conv.housekeeping?.kind,
      usage: {
        input: response?.usage.input_tokens ?? countTokens(conv.question),
        // A reply cut short counts what was sent; a whole one, what the agent reports.
        output: response && !limit.finish ? response.usage.output_tokens : countTokens(content),
      },
    };
  };

  if (conv.housekeeping) {
    const text = limit.push(housekeepingAnswer(conv.housekeeping)) + limit.end();
    if (text) yield { type: 'text', text };
    return end(undefined, []);
  }

  let response: QueryResponse | undefined;
  let streamed = '';
  const searched = new Set<string>();
  let uncovered: string[] = [];
  const text = (t: string) => (t ? ({ type: 'text', text: t } as const) : undefined);
  // for-await (not manual next()) so that an early return here also closes the run and saves its trace.
  for await (const ev of ask(
    deps,
    { question: conv.question, history: conv.history, sources, filter: opts.filter },
    signal,
  )) {
    const line = opts.progress ? progressLine(ev) : undefined;
    if (line) {
      reasoning += line;
      yield { type: 'reasoning', text: line };
    }
    if (ev.type === 'answer.delta' && opts.format.type === 'text') {
      streamed += ev.text;
      const piece = text(limit.push(ev.text));
      if (piece) yield piece;
    } else if (ev.type === 'retrieval') searched.add(ev.source);
    else if (ev.type === 'grade') uncovered = ev.subqueries.filter((s) => !s.covered).map((s) => s.query);
    else if (ev.type === 'done') response = ev.response;
  }
  if (!response) throw new Error('the agent ended without a response');

  let tail: string;
  if (opts.format.type === 'json') tail = opts.format.render(response);
  else {
    // The deltas are the answer split at whitespace; send anything they dropped so the content equals the answer.
    if (!response.answer.startsWith(streamed))
      deps.logger.warn(
        { run_id: response.run_id },
        'answer deltas do not add up to the answer; sent them as they came',
      );
    const rest = response.answer.startsWith(streamed) ? response.answer.slice(streamed.length) : '';
    tail =
      rest +
      (response.status === 'refused'
        ? refusalNote(response, { searched: [...searched], uncovered })
        : caveatNote(response) + sourcesList(response.citations));
  }
  const last = text(limit.push(tail) + limit.end());
  if (last) yield last;
  const shown = opts.format.type === 'json' || !limit.finish;
  const citations = shown ? response.citations : response.citations.filter((c) => limit.text.includes(`[${c.n}]`));
  return end(response, citations);
}

/** Drain a reply into its content and end (the non-streaming reply). */
export async function replyOnce(...args: Parameters<typeof reply>): Promise<ReplyEnd> {
  const gen = reply(...args);
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
  }
}
