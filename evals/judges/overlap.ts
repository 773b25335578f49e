import { contentTokens } from '../../src/text/index.ts';
import type { Judge, Judgement } from './types.ts';

/**
 * The floor any judge must beat: a claim is supported when every content word of it occurs in some passage.
 * Kept as a baseline so every judge report can say how much the real judge adds.
 */
export function createOverlapJudge(): Judge {
  return {
    id: 'word-overlap',
    async judge(claim: string, passages: string[]): Promise<Judgement> {
      const words = new Set(contentTokens(claim));
      let best = { passage: -1, share: 0 };
      passages.forEach((p, passage) => {
        const have = new Set(contentTokens(p));
        const share = words.size ? [...words].filter((w) => have.has(w)).length / words.size : 0;
        if (share > best.share) best = { passage, share };
      });
      const all = new Set(passages.flatMap((p) => contentTokens(p)));
      const missing = [...words].filter((w) => !all.has(w));
      const at = best.passage >= 0 ? { passage: best.passage } : {};
      // Read literally, "every content word occurs" holds for a claim without content words ("no").
      if (!missing.length)
        return { verdict: 'supported', score: 1, ...at, reason: 'every content word occurs in the passages' };
      return { verdict: 'not_found', score: best.share / 2, ...at, reason: `missing: ${missing.join(', ')}` };
    },
  };
}
