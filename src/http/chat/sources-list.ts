import type { Citation } from '../../agent/types.ts';

const HEADER = '\n\nSources:\n';

/** One line per citation: `[n] Title — Section › Subsection (p. 3)`; the title is not repeated as a heading. */
export function sourceLine(c: Citation): string {
  const headings = c.heading_path[0] === c.title ? c.heading_path.slice(1) : c.heading_path;
  const where = headings.length ? ` — ${headings.join(' › ')}` : '';
  const page = c.page === null ? '' : ` (p. ${c.page})`;
  return `[${c.n}] ${c.title || c.doc_id}${where}${page}`;
}

/**
 * The "Sources" list appended to the answer, so a frontend that ignores our extra fields still shows where each
 * [n] comes from. Empty when there is nothing to cite.
 */
export function sourcesList(citations: readonly Citation[]): string {
  return citations.length ? HEADER + citations.map(sourceLine).join('\n') : '';
}

/**
 * Frontends send our earlier answers back as history; the appended list is ours, not the conversation, and only
 * adds noise to condensing a follow-up.
 */
export function stripSourcesList(content: string): string {
  const at = content.lastIndexOf(HEADER);
  if (at < 0) return content;
  const tail = content.slice(at + HEADER.length).split('\n');
  return tail.every((l) => /^\[\d+\] /.test(l)) ? content.slice(0, at) : content;
}
