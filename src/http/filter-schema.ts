import { z } from 'zod';
import { META_KEY, META_LIMITS } from '../store/web.ts';

const Scalar = z.union([z.string().max(META_LIMITS.stringChars), z.number().finite(), z.boolean()]);
const Ordered = z.union([z.string().max(META_LIMITS.stringChars), z.number().finite()]);
const Operators = z
  .object({
    eq: Scalar,
    ne: Scalar,
    in: z.array(Scalar).max(100),
    nin: z.array(Scalar).max(100),
    gt: Ordered,
    gte: Ordered,
    lt: Ordered,
    lte: Ordered,
    exists: z.boolean(),
  })
  .partial()
  .strict()
  .refine((o) => Object.keys(o).length > 0, 'name at least one of eq, ne, in, nin, gt, gte, lt, lte, exists');

/**
 * `{team: "billing", year: {gte: 2024}, tags: ["a", "b"]}`: a value (equal; a string also matches inside a string
 * list), a list (any of), or operators. Every key must hold; evaluated inside LanceDB.
 */
export const MetadataFilterSchema = z
  .record(
    z.string().regex(META_KEY, 'metadata keys are plain names: a letter or _, then letters, digits, _ or -'),
    z.union([Scalar, z.array(Scalar).max(100), Operators]),
  )
  .refine((m) => Object.keys(m).length <= 32, 'at most 32 metadata conditions');

/** What a search, query or chat request may narrow its chunks by. */
export const FilterSchema = z
  .object({
    doc_ids: z.array(z.string()).max(1000).optional(),
    path_prefix: z.string().optional(),
    page: z.number().int().optional(),
    title: z.string().optional(),
    metadata: MetadataFilterSchema.optional(),
  })
  .strict();
