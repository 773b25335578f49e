/** A sentence as a [start, end) span of the text it came from, whitespace trimmed. */
export type Span = { start: number; end: number };

// Sentence ends: . ! ? followed by space/quote/end, and Chinese/Japanese 。！？；… which need no space.
const ABBREV = /\b(?:e\.g|i\.e|et al|etc|vs|Dr|Mr|Mrs|Ms|Prof|Fig|No|St|approx|cf|al|Inc|Ltd|Co|Jr|Sr)\.$/i;

export function splitSentences(text: string, offset = 0): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) spans.push({ start: s + offset, end: e + offset });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('。！？；!?'.includes(ch) || ch === '…') {
      let j = i + 1;
      while (j < text.length && /[”"’'」』）)\s]/.test(text[j]!) && !/\n/.test(text[j]!)) j++;
      if (ch === '!' || ch === '?') {
        if (j < text.length && !/\s/.test(text[j - 1] ?? '') && j === i + 1) continue;
      }
      push(j);
      i = j - 1;
    } else if (ch === '.') {
      const next = text[i + 1];
      if (next !== undefined && !/\s/.test(next)) continue; // 3.14, e.g.x, URLs
      if (ABBREV.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
      if (/\b[A-Z]$/.test(text.slice(Math.max(start, i - 2), i))) continue; // initials: "J. Smith"
      push(i + 1);
    } else if (ch === '\n' && text[i + 1] === '\n') {
      push(i);
    }
  }
  push(text.length);
  return spans;
}
