import type { ChatTurn } from '../../agent/types.ts';
import { AppError } from '../../errors.ts';
import { detectHousekeeping, type Housekeeping } from './housekeeping.ts';
import type { ChatMessage } from './request.ts';
import { stripSourcesList } from './sources-list.ts';

const invalid = (param: string, message: string) =>
  new AppError('bad_request', `${param}: ${message}`, { field: param });

/** Parts that carry text; `input_text`/`output_text` are the Responses API's names for them. */
const TEXT_PARTS = new Set(['text', 'input_text', 'output_text']);
/** Parts grounded cannot read: dropped, with a note in the reply's metadata. */
const DROPPED_PARTS = new Set(['image_url', 'input_image', 'input_audio', 'file', 'input_file', 'audio']);

/** A conversation as the agent takes it, plus what was dropped on the way and whether it is a frontend chore. */
export type Conversation = {
  question: string;
  history: ChatTurn[];
  notes: string[];
  housekeeping?: Housekeeping;
};

/**
 * The text of a message: a string, or its text parts joined (how OpenAI reads multi-part text too). Image, audio
 * and file parts are dropped with a note; an unknown part type is a 400 naming it.
 */
export function messageText(m: ChatMessage, i: number, notes: string[], where = 'messages'): string {
  if (m.content === null || m.content === undefined) {
    if (m.role === 'assistant') return '';
    throw invalid(`${where}[${i}].content`, `a ${m.role} message needs content`);
  }
  if (typeof m.content === 'string') return m.content;
  const texts: string[] = [];
  for (const [j, p] of m.content.entries()) {
    const param = `${where}[${i}].content[${j}]`;
    if (TEXT_PARTS.has(p.type)) {
      if (typeof p.text !== 'string') throw invalid(param, `a ${p.type} part needs a string "text"`);
      texts.push(p.text);
    } else if (p.type === 'refusal' && m.role === 'assistant' && typeof p.refusal === 'string') texts.push(p.refusal);
    else if (DROPPED_PARTS.has(p.type))
      notes.push(`${param}: ${p.type} part dropped; grounded answers from the text of the conversation`);
    else throw invalid(param, `unknown content part type "${p.type}"; text parts are read, image parts dropped`);
  }
  return texts.join('\n');
}

/** What an assistant turn's tool calls asked for, as context ("Called search({...})"). */
function toolCallText(m: ChatMessage): string {
  const calls = [...(m.tool_calls ?? []), ...(m.function_call ? [{ function: m.function_call }] : [])];
  return calls
    .map((c) => (c.function ? `Called ${c.function.name}(${c.function.arguments ?? ''})` : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * The last message is the question; earlier turns are the history the agent condenses it with. System prompts
 * are the frontend's instructions to a model, not conversation, so retrieval ignores them. Tool results and the
 * assistant's tool calls are read as context: they are part of what was said. A frontend chore (title, tags, …)
 * is recognised before the question's length is checked, as its prompts are often long.
 */
export function readConversation(
  messages: readonly ChatMessage[],
  maxChars: number,
  where = 'messages',
  /** Each message's index in the request, when it differs from its position (Responses input items). */
  indices: readonly number[] = messages.map((_, i) => i),
): Conversation {
  const notes: string[] = [];
  const texts = messages.map((m, i) => messageText(m, indices[i]!, notes, where));
  const housekeeping = detectHousekeeping(
    messages.map((m) => m.role),
    texts,
  );
  if (housekeeping) return { question: texts.at(-1)!.trim(), history: [], notes, housekeeping };
  const last = messages.length - 1;
  const at = `${where}[${indices[last]}]`;
  if (messages[last]!.role !== 'user')
    throw invalid(`${at}.role`, `the last message must be from the user (got "${messages[last]!.role}")`);
  const question = texts[last]!.trim();
  if (!question)
    throw invalid(
      `${at}.content`,
      notes.length
        ? 'the question has no text (image, audio and file parts are dropped)'
        : 'the question must not be empty',
    );
  if (question.length > maxChars)
    throw invalid(`${at}.content`, `the question is ${question.length} characters; the limit is ${maxChars}`);
  const history: ChatTurn[] = [];
  for (const [i, m] of messages.slice(0, last).entries()) {
    let content = '';
    if (m.role === 'user') content = texts[i]!;
    else if (m.role === 'assistant')
      content = [stripSourcesList(texts[i]!), toolCallText(m)].filter(Boolean).join('\n');
    else if (m.role === 'tool' || m.role === 'function')
      content = texts[i]!.trim() ? `Tool result${m.name ? ` from ${m.name}` : ''}: ${texts[i]}` : '';
    content = content.trim();
    if (content) history.push({ role: m.role === 'user' ? 'user' : 'assistant', content });
  }
  return { question, history, notes };
}
