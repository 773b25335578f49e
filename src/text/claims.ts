import { splitSentences } from './sentences.ts';

/** One checkable statement of an answer: its text without citation markers, and the markers it carried. */
export type Claim = { text: string; citations: number[]; start: number; end: number };

// [1], [1, 2], [1][2] and ranges [2-4]; the number is the citation as the answer wrote it (usually 1-based).
const MARKER = /\[(\d+(?:\s*[-–]\s*\d+)?(?:\s*,\s*\d+(?:\s*[-–]\s*\d+)?)*)\]/g;
// A list of sources at the end ("[1] Title of doc", "Sources:") is bibliography, not claims.
const SOURCE_LINE = /^\s*(?:\[\d+\]\s|(?:sources?|references?|citations?)\s*:)/i;

/** Whether a line reads as a list of sources ("[1] Title", "Sources:"), which `splitClaims` leaves out. */
export const isSourceLine = (line: string): boolean => SOURCE_LINE.test(line);

const expand = (group: string): number[] =>
  group.split(',').flatMap((part) => {
    const [a, b] = part.split(/[-–]/).map((x) => Number(x.trim()));
    if (b === undefined || a === undefined || b < a || b - a > 50) return a === undefined ? [] : [a];
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });

/**
 * Splits an answer into claims, one per sentence, with inline [n] markers removed from the text but kept per
 * claim. A marker right after a sentence's full stop ("... in 1932. [2]") belongs to that sentence. Bullets
 * and numbering are dropped; a trailing list of sources is not a claim.
 */
export function splitClaims(answer: string): Claim[] {
  // Each bullet is its own claim even without a full stop: its marker becomes a line break, which makes a blank
  // line (a paragraph end) and keeps every offset where it was in the answer.
  const body = answer
    .split('\n')
    .map((line) => {
      if (isSourceLine(line)) return ' '.repeat(line.length);
      const bullet = /^(\s*)(?:[-*•]|\d+[.)])\s/.exec(line);
      return bullet ? `\n${' '.repeat(bullet[0].length - 1)}${line.slice(bullet[0].length)}` : line;
    })
    .join('\n');
  const markers = [...body.matchAll(MARKER)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    ids: expand(m[1]!),
  }));
  // Blank the markers out (same length) so sentence offsets still index the answer.
  const blanked = markers.reduce((s, m) => s.slice(0, m.start) + ' '.repeat(m.end - m.start) + s.slice(m.end), body);
  const claims: Claim[] = [];
  for (const span of splitSentences(blanked)) {
    const text = blanked
      .slice(span.start, span.end)
      // A blanked marker leaves a space before the punctuation after it ("in 1932 [1]."); a dot that starts a name
      // (".ninja_log", ".bashrc") keeps the space before it.
      .replace(/\s+([.,;:!?])(?=[\s"'”’)\]]|$)/g, '$1')
      .replace(/\s+([。！？；，])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    const citations = markers.filter((m) => m.start >= span.start && m.start < span.end).flatMap((m) => m.ids);
    if (!/[\p{L}\p{N}]/u.test(text)) {
      // Only markers: they cite the sentence before.
      claims[claims.length - 1]?.citations.push(...citations);
      continue;
    }
    claims.push({ text, citations, start: span.start, end: span.end });
  }
  // Markers between a sentence end and the next sentence belong to the earlier sentence.
  for (const m of markers) {
    const inside = claims.some((c) => m.start >= c.start && m.start < c.end);
    if (inside) continue;
    const before = [...claims].reverse().find((c) => c.end <= m.start);
    before?.citations.push(...m.ids);
  }
  for (const c of claims) c.citations = [...new Set(c.citations)].sort((a, b) => a - b);
  return claims;
}
