import { contentTokens, isStopWord, zhRegExp } from '../../text/index.ts';

/**
 * Frontends ask the model for chores in the background — a chat title, tags, follow-up suggestions, search
 * queries — with long fixed prompts that are not questions about the knowledge base. Those go here instead of
 * to the agent. What is detected, in the last user message or a system message:
 *
 * 1. Open WebUI's task prompts: `### Task:` with a `<chat_history>` block or a "JSON format" line; the kind is the
 *    JSON key the prompt asks for: `"title"`, `"tags"`, `"follow_ups"`, `"queries"`, `"text"` (autocomplete).
 * 2. A request to title the conversation in words: "generate/create/write/suggest/give/provide … title … for the
 *    conversation/chat", "name this conversation" (LibreChat, Chatbox and others), or 标题 with 会话/对话 (LobeChat).
 *
 * A question that merely mentions titles ("What is the title of the report?") matches neither.
 */
export type HousekeepingKind = 'title' | 'tags' | 'follow_ups' | 'queries' | 'autocomplete';
export type Housekeeping = { kind: HousekeepingKind; json: boolean; userTurns: string[] };

const TASK_KEYS: [RegExp, HousekeepingKind][] = [
  [/"title"\s*:/, 'title'],
  [/"tags"\s*:/, 'tags'],
  [/"follow_ups"\s*:/, 'follow_ups'],
  [/"queries"\s*:/, 'queries'],
  [/"text"\s*:/, 'autocomplete'],
];
const TITLE_REQUEST =
  /\b(generate|create|write|suggest|give|provide|come up with)\b[^.\n]{0,80}\btitle\b[^.\n]{0,80}\b(conversation|chat|dialog(ue)?|discussion)\b|\b(name|title) (this|the) (conversation|chat)\b/i;
const TITLE_REQUEST_ZH = zhRegExp(/(会话|对话).{0,30}标题|标题.{0,30}(会话|对话)/);

/** User turns quoted in a task prompt: `USER: …` / `User: …` lines, up to the next speaker. */
function quotedUserTurns(prompt: string): string[] {
  const body = /<chat_history>([\s\S]*?)<\/chat_history>/i.exec(prompt)?.[1] ?? prompt;
  const turns: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split('\n')) {
    const speaker = /^\s*(user|assistant|ai|human|bot)\s*:\s?(.*)$/i.exec(line);
    if (speaker) {
      if (current) turns.push(current.join('\n').trim());
      current = /^(user|human)$/i.test(speaker[1]!) ? [speaker[2]!] : undefined;
    } else current?.push(line);
  }
  if (current) turns.push(current.join('\n').trim());
  return turns.filter(Boolean);
}

/** Is this request a frontend chore? `texts` are the messages' texts, `roles` their roles. */
export function detectHousekeeping(roles: readonly string[], texts: readonly string[]): Housekeeping | undefined {
  const last = texts.length - 1;
  const candidates = texts.map((t, i) => ({ t, i })).filter(({ i }) => i === last || roles[i] === 'system');
  const earlierUsers = texts.filter((_, i) => i < last && roles[i] === 'user');
  for (const { t } of candidates) {
    if (/^\s*#{2,3}\s*task:/im.test(t) && (/<chat_history>/i.test(t) || /json format/i.test(t))) {
      const kind = TASK_KEYS.find(([re]) => re.test(t))?.[1];
      if (kind) return { kind, json: true, userTurns: quotedUserTurns(t) };
    }
    const head = t.slice(0, 600);
    if (TITLE_REQUEST.test(head) || TITLE_REQUEST_ZH.test(head)) {
      const quoted = quotedUserTurns(texts[last]!);
      return { kind: 'title', json: /\bjson\b/i.test(t), userTurns: quoted.length ? quoted : earlierUsers };
    }
  }
  return undefined;
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** A short title from the first user turn: its first five content words. */
export function titleFrom(turn: string): string {
  const words = (turn.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !isStopWord(w.toLowerCase()));
  const title = words.slice(0, 5).map(capital).join(' ');
  return title || 'New Chat';
}

/** The most frequent content words of the user turns, as tags. */
function tagsFrom(turns: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const t of turns)
    for (const w of contentTokens(t)) if (w.length > 2 && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([w]) => w);
}

/**
 * The builtin answer to a chore, from the conversation alone (no retrieval, no model): a title from the first
 * question, tags from its frequent words, the last question as the search query, no follow-ups and no completion
 * (grounded does not invent questions). In the JSON shape the prompt asked for, or plain text.
 */
export function housekeepingAnswer(h: Housekeeping): string {
  const first = h.userTurns[0] ?? '';
  const lastTurn = h.userTurns.at(-1) ?? '';
  const value: Record<HousekeepingKind, unknown> = {
    title: titleFrom(first),
    tags: tagsFrom(h.userTurns),
    follow_ups: [],
    queries: lastTurn ? [lastTurn] : [],
    autocomplete: '',
  };
  const key = h.kind === 'autocomplete' ? 'text' : h.kind;
  if (h.json) return JSON.stringify({ [key]: value[h.kind] });
  const v = value[h.kind];
  return Array.isArray(v) ? v.join(', ') : String(v);
}
