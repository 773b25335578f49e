import { numbersIn, termSet } from '../../../text/index.ts';
import type { Evidence } from '../../types.ts';
import type { Claim, Verdict } from '../types.ts';

const SUPPORT = 0.8;

/**
 * A claim is supported by a chunk when the chunk holds most of its terms and every number it states. The chunk's
 * title and headings count as its words: an answer may quote a sentence with the heading it stands under ("--keep:
 * Keep input files." from a page whose option entries are headings).
 */
export function supports(claim: string, e: Evidence): { ok: boolean; share: number } {
  const want = termSet(claim);
  // A claim of stop words only (a FAQ's "No.") has no terms to check: it stands when the chunk says it verbatim.
  if (want.size === 0) return { ok: e.text.includes(claim.trim()), share: 0 };
  const context = `${e.title}\n${e.heading_path.join('\n')}`;
  const have = termSet(`${context}\n${e.text}`);
  let hit = 0;
  for (const t of want) if (have.has(t)) hit++;
  const share = want.size ? hit / want.size : 0;
  // A heading's numbers count whole: "2" is not in "3.5.2 Reading Mail".
  const headed = new Set(numbersIn(context));
  const nums = numbersIn(claim).every((n) => e.text.includes(n) || headed.has(n));
  return { ok: share >= SUPPORT && nums, share };
}

/** Check each claim against its cited chunks; an unsupported claim is re-cited to a chunk that supports it, if any. */
export function verifyClaims(claims: readonly Claim[], evidence: readonly Evidence[]): Verdict[] {
  const byN = new Map(evidence.map((e) => [e.n, e]));
  return claims.map((c) => {
    const cited = c.cites.map((n) => byN.get(n)).filter((e): e is Evidence => !!e);
    const good = cited.filter((e) => supports(c.text, e).ok);
    if (good.length) return { supported: true, cites: good.map((e) => e.n), reason: 'cited chunk supports the claim' };
    const other = evidence.find((e) => supports(c.text, e).ok);
    if (other) return { supported: true, cites: [other.n], reason: `re-cited to [${other.n}]` };
    return {
      supported: false,
      cites: c.cites,
      reason: cited.length ? 'cited chunks do not support the claim' : 'claim carries no valid citation',
    };
  });
}
