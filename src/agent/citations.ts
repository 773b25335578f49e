import { escapeRegExp, splitSentences, termSet } from '../text/index.ts';
import type { Claim } from './reasoner/types.ts';
import type { Citation, Evidence } from './types.ts';

/**
 * A citation shows the passage a claim stands in, not only its sentence. Chunks never cross a heading, so a chunk is
 * a passage of one section: an option's whole entry, a step with its condition, the definition a later sentence
 * leans on. It is cited whole up to this many characters (a 256-token chunk of English is ~1,300); a longer one by
 * the paragraph around the claim, up to PARAGRAPH_MAX, else by the claim's sentence. On manuals-dev (all 45
 * answerable questions, `../shared/acceptance/L1-manuals-dev`), answers whose cited text holds the gold answer:
 * 22 citing paragraphs → 30 citing passages, the same as counting whole cited chunks.
 */
const PASSAGE_MAX = 1600;
const PARAGRAPH_MAX = 700;

/** The passage of the chunk around a span: the whole chunk, or the paragraph (blank lines bound it), or the span. */
function passageAround(text: string, span: { start: number; end: number }): { start: number; end: number } {
  const whole = trimmed(text, 0, text.length, span);
  if (whole.end - whole.start <= PASSAGE_MAX) return whole;
  const before = text.lastIndexOf('\n\n', span.start);
  const after = text.indexOf('\n\n', span.end);
  const para = trimmed(text, before < 0 ? 0 : before + 2, after < 0 ? text.length : after, span);
  return para.end - para.start <= PARAGRAPH_MAX ? para : span;
}

/** [start, end) without the whitespace at either end, never cutting into `keep`. */
function trimmed(text: string, start: number, end: number, keep: { start: number; end: number }) {
  while (start < keep.start && /\s/.test(text[start]!)) start++;
  while (end > keep.end && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}

/** Where in a chunk a claim is grounded: the passage around its verbatim span, or around its closest sentence. */
function spanIn(e: Evidence, claim: string): { start: number; end: number } {
  return passageAround(e.text, claimSpan(e, claim));
}

function claimSpan(e: Evidence, claim: string): { start: number; end: number } {
  const exact = e.text.indexOf(claim);
  if (exact >= 0) return { start: exact, end: exact + claim.length };
  // The answer may have normalised whitespace (line-wrapped sources): match the claim's words with any spacing.
  const words = claim.split(/\s+/).filter(Boolean).map(escapeRegExp);
  const m = words.length ? new RegExp(words.join('\\s+')).exec(e.text) : null;
  if (m) return { start: m.index, end: m.index + m[0].length };
  const want = termSet(claim);
  let best = { start: 0, end: e.text.length, score: -1 };
  for (const s of splitSentences(e.text)) {
    const have = termSet(e.text.slice(s.start, s.end));
    let hit = 0;
    for (const t of want) if (have.has(t)) hit++;
    if (hit > best.score) best = { ...s, score: hit };
  }
  return best;
}

/**
 * Renumber citations 1..n in order of first use and build them with exact offsets: chunk.start + span, so
 * `documentText.slice(start, end) === text` whenever the chunk's own offsets hold (ingestion guarantees that).
 */
export function buildCitations(
  claims: readonly Claim[],
  evidence: readonly Evidence[],
): { claims: Claim[]; citations: Citation[] } {
  const byN = new Map(evidence.map((e) => [e.n, e]));
  const renum = new Map<number, number>();
  const spans = new Map<number, { start: number; end: number }>();
  const out: Claim[] = claims.map((c) => ({
    text: c.text,
    cites: c.cites
      .filter((n) => byN.has(n))
      .map((n) => {
        const e = byN.get(n)!;
        if (!renum.has(n)) renum.set(n, renum.size + 1);
        const sp = spanIn(e, c.text);
        const prev = spans.get(n);
        spans.set(n, prev ? { start: Math.min(prev.start, sp.start), end: Math.max(prev.end, sp.end) } : sp);
        return renum.get(n)!;
      }),
  }));
  const citations: Citation[] = [...renum].map(([n, m]) => {
    const e = byN.get(n)!;
    const sp = spans.get(n)!;
    return {
      n: m,
      chunk_id: e.id,
      source: e.source,
      doc_id: e.doc_id,
      title: e.title,
      heading_path: e.heading_path,
      page: e.page,
      start: e.start + sp.start,
      end: e.start + sp.end,
      text: e.text.slice(sp.start, sp.end),
    };
  });
  return { claims: out, citations };
}
