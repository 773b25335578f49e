import { splitSentences } from '../text/index.ts';
import type { Claim } from './reasoner/types.ts';

const MARKER = /\s*\[(\d+)\]/g;

/** Split an answer into claims (sentences), each with the [n] markers it carries; markers are stripped. */
export function splitClaims(answer: string): Claim[] {
  const claims: Claim[] = [];
  // Markers sit after the sentence's full stop ("… fell. [2]"): attach them to the sentence before.
  const spans = splitSentences(answer);
  let carry: number[] = [];
  for (let i = spans.length - 1; i >= 0; i--) {
    const s = spans[i]!;
    const raw = answer.slice(s.start, s.end);
    const cites = [...raw.matchAll(MARKER)].map((m) => Number(m[1]));
    const text = raw.replace(MARKER, '').trim();
    if (!text || /^[.。!?！？]+$/.test(text)) {
      carry = [...cites, ...carry];
      continue;
    }
    claims.unshift({ text, cites: [...new Set([...cites, ...carry])] });
    carry = [];
  }
  return claims;
}

/** Rebuild the answer text from claims, one marker per cited number. */
export const joinClaims = (claims: readonly Claim[]): string =>
  claims.map((c) => `${c.text}${c.cites.map((n) => ` [${n}]`).join('')}`).join(' ');
