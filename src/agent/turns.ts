import type { ChatTurn } from './types.ts';

/** What the user said in a conversation's turns, each trimmed: their own words, not the answers or the instructions. */
export const userTurns = (history: readonly ChatTurn[]): string[] =>
  history.filter((t) => t.role === 'user').map((t) => t.content.trim());

/** Whether condensing a question with its conversation changed it (whitespace aside): a follow-up, no new question. */
export const condensedOther = (question: string, condensed: string): boolean => flat(question) !== flat(condensed);

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
