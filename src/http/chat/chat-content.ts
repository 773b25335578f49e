import type { QueryResponse } from '../../agent/types.ts';
import type { Deps } from '../../deps.ts';
import { type AskRequest, ask } from '../../service/ask.ts';
import { refusalNote } from './refusal-note.ts';
import { sourcesList } from './sources-list.ts';

/**
 * The assistant message of one run, as content pieces: the answer's deltas as the agent emits them, then the
 * "Sources" list (or, for a refusal, what was missing) as the last piece. Streaming sends the pieces; the
 * non-streaming reply joins them — one code path, so the two contents are equal by construction.
 */
export async function* chatContent(
  deps: Deps,
  req: AskRequest,
  signal: AbortSignal,
): AsyncGenerator<string, QueryResponse> {
  let sent = '';
  let response: QueryResponse | undefined;
  const searched = new Set<string>();
  let uncovered: string[] = [];
  // for-await (not manual next()) so that an early return here also closes the run and saves its trace.
  for await (const ev of ask(deps, req, signal)) {
    if (ev.type === 'answer.delta') {
      sent += ev.text;
      yield ev.text;
    } else if (ev.type === 'retrieval') searched.add(ev.source);
    else if (ev.type === 'grade') uncovered = ev.subqueries.filter((s) => !s.covered).map((s) => s.query);
    else if (ev.type === 'done') response = ev.response;
  }
  if (!response) throw new Error('the agent ended without a response');
  // The deltas are the answer split at whitespace; send anything they dropped so the content equals the answer.
  if (response.answer.startsWith(sent)) {
    const rest = response.answer.slice(sent.length);
    if (rest) yield rest;
  } else
    deps.logger.warn({ run_id: response.run_id }, 'answer deltas do not add up to the answer; sent them as they came');
  const tail =
    response.status === 'refused'
      ? refusalNote(response, { searched: [...searched], uncovered })
      : sourcesList(response.citations);
  if (tail) yield tail;
  return response;
}

/** Drain a run into one content string (the non-streaming reply). */
export async function chatContentOnce(
  deps: Deps,
  req: AskRequest,
  signal: AbortSignal,
): Promise<{ content: string; response: QueryResponse }> {
  const gen = chatContent(deps, req, signal);
  let content = '';
  for (;;) {
    const r = await gen.next();
    if (r.done) return { content, response: r.value };
    content += r.value;
  }
}
