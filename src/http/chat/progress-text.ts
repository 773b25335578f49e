import type { AgentEvent } from '../../agent/types.ts';

const quote = (q: string) => `"${q.length > 120 ? `${q.slice(0, 117)}…` : q}"`;

/**
 * One line of agent progress for a chat frontend's "thinking" block (`delta.reasoning_content`): the rewritten
 * queries, each retrieval with what it found, each grading decision, switches and guardrails. Undefined for events
 * that are the answer itself.
 */
export function progressLine(ev: AgentEvent): string | undefined {
  switch (ev.type) {
    case 'rewrite':
      return `Searching for ${ev.queries.map(quote).join(', ')}.\n`;
    case 'retrieval': {
      const titles = [...new Set(ev.hits.map((h) => h.title || h.doc_id))].slice(0, 3);
      return (
        `Round ${ev.round}: searched ${ev.source} (${ev.mode}) for ${ev.queries.map(quote).join(', ')} — ` +
        `${ev.hits.length} passages, ${ev.new_chunks} new${titles.length ? `; top: ${titles.join('; ')}` : ''}.\n`
      );
    }
    case 'grade':
      return `Coverage ${ev.coverage.toFixed(2)}: ${ev.action.replaceAll('_', ' ')}${ev.reason ? ` (${ev.reason})` : ''}.\n`;
    case 'switch':
      return `Switching ${ev.kind} ${ev.from} → ${ev.to}${ev.reason ? `: ${ev.reason}` : ''}.\n`;
    case 'guardrail':
      return `Stopped by ${ev.name.replaceAll('_', ' ')}: ${ev.detail}.\n`;
    default:
      return undefined;
  }
}
