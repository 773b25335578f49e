import { z } from 'zod';
import { REFUSAL_REASONS } from '../../types.ts';

export const CondenseOut = z.object({ question: z.string().min(1) });
export const RewriteOut = z.object({
  question: z.string().min(1),
  subqueries: z.array(z.string()).max(4).default([]),
});
export const GradeOut = z.object({
  subquestions: z.array(z.object({ query: z.string(), covered: z.boolean() })).default([]),
  action: z.enum(['answer', 'search', 'hop', 'switch_source', 'switch_mode', 'refuse']),
  query: z.string().optional(),
  source: z.string().optional(),
  mode: z.enum(['hybrid', 'bm25', 'vector']).optional(),
  refusal_reason: z.enum(REFUSAL_REASONS).optional(),
  reason: z.string().default(''),
});
export const ComposeOut = z.object({ answer: z.string() });
export const VerifyOut = z.object({
  verdicts: z.array(
    z.object({ claim: z.number().int(), supported: z.boolean(), cites: z.array(z.number().int()).default([]) }),
  ),
});
