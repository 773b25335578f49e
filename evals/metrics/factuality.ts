import type { Verdict } from '../judges/types.ts';

/** A judged claim and, for each citation it carried, whether the cited chunk on its own supports it. */
export type JudgedClaim = { verdict: Verdict; citationChecks: readonly { supports: boolean }[] };

/** Supported claims ÷ claims; undefined for an answer without claims (a refusal is not unfaithful). */
export function faithfulness(claims: readonly { verdict: Verdict }[]): number | undefined {
  if (!claims.length) return undefined;
  return claims.filter((c) => c.verdict === 'supported').length / claims.length;
}

/** Citations whose chunk supports the claim ÷ all citations; undefined when nothing was cited. */
export function citationPrecision(claims: readonly JudgedClaim[]): number | undefined {
  const all = claims.flatMap((c) => c.citationChecks);
  if (!all.length) return undefined;
  return all.filter((c) => c.supports).length / all.length;
}

/** Claims carrying at least one supporting citation ÷ claims; undefined without claims. */
export function citationRecall(claims: readonly JudgedClaim[]): number | undefined {
  if (!claims.length) return undefined;
  return claims.filter((c) => c.citationChecks.some((x) => x.supports)).length / claims.length;
}

/** Share of claims the passages contradict: the worst kind of unfaithful, reported on its own. */
export function contradictionRate(claims: readonly { verdict: Verdict }[]): number | undefined {
  if (!claims.length) return undefined;
  return claims.filter((c) => c.verdict === 'contradicted').length / claims.length;
}
