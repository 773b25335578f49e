import { splitSentences } from '../text/index.ts';
import type { Claim } from './reasoner/types.ts';

const MARKER = /\[(\d+)\]/g;
const LEADING_MARKERS = /^(?:\s*\[\d+\])+/;

/**
 * Split an answer into claims (sentences), each with the [n] markers it carries; markers are stripped.
 * A marker placed after the full stop ("… fell. [2] Next …") lands at the start of the next sentence when
 * splitting, so leading markers belong to the claim before.
 */
export function splitClaims(answer: string): Claim[] {
  const claims: Claim[] = [];
  for (const s of splitSentences(answer)) {
    let raw = answer.slice(s.start, s.end);
    const lead = LEADING_MARKERS.exec(raw)?.[0];
    if (lead) {
      const prev = claims.at(-1);
      if (prev) prev.cites = [...new Set([...prev.cites, ...markers(lead)])];
      raw = raw.slice(lead.length);
      if (!prev && !raw.trim()) continue;
    }
    const text = raw.replace(/\s*\[\d+\]/g, '').trim();
    if (!text || /^[.。!?！？]+$/.test(text)) continue;
    claims.push({ text, cites: [...new Set(markers(raw))] });
  }
  return claims;
}

const markers = (s: string): number[] => [...s.matchAll(MARKER)].map((m) => Number(m[1]));

/** Rebuild the answer text from claims, one marker per cited number. */
export const joinClaims = (claims: readonly Claim[]): string =>
  claims.map((c) => `${c.text}${c.cites.map((n) => ` [${n}]`).join('')}`).join(' ');
