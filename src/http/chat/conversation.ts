import type { ChatTurn } from '../../agent/types.ts';
import { AppError } from '../../errors.ts';
import type { ChatMessage } from './request.ts';
import { stripSourcesList } from './sources-list.ts';

const invalid = (param: string, message: string) =>
  new AppError('bad_request', `${param}: ${message}`, { field: param });

/** The text of a message: a string, or its text parts joined (how OpenAI reads multi-part text too). */
export function messageText(m: ChatMessage, i: number): string {
  if (m.content === null || m.content === undefined) {
    if (m.role === 'assistant') return '';
    throw invalid(`messages[${i}].content`, `a ${m.role} message needs content`);
  }
  if (typeof m.content === 'string') return m.content;
  return m.content
    .map((p, j) => {
      if (p.type === 'text' && typeof p.text === 'string') return p.text;
      if (p.type === 'refusal' && m.role === 'assistant' && typeof p.refusal === 'string') return p.refusal;
      throw invalid(
        `messages[${i}].content[${j}]`,
        p.type === 'text'
          ? 'a text part needs a string "text"'
          : `only text content parts are supported here (got "${p.type}")`,
      );
    })
    .join('\n');
}

/**
 * The last message is the question; earlier user and assistant turns are the history the agent condenses the
 * question with. System prompts are the frontend's instructions to a model, not conversation, so retrieval
 * ignores them.
 */
export function toQuestion(
  messages: readonly ChatMessage[],
  maxChars: number,
): { question: string; history: ChatTurn[] } {
  const texts = messages.map(messageText);
  const last = messages.length - 1;
  if (messages[last]!.role !== 'user')
    throw invalid(`messages[${last}].role`, `the last message must be from the user (got "${messages[last]!.role}")`);
  const question = texts[last]!.trim();
  if (!question) throw invalid(`messages[${last}].content`, 'the question must not be empty');
  if (question.length > maxChars)
    throw invalid(
      `messages[${last}].content`,
      `the question is ${question.length} characters; the limit is ${maxChars}`,
    );
  const history: ChatTurn[] = [];
  for (const [i, m] of messages.slice(0, last).entries()) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const content = (m.role === 'assistant' ? stripSourcesList(texts[i]!) : texts[i]!).trim();
    if (content) history.push({ role: m.role, content });
  }
  return { question, history };
}
