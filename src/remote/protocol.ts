import { z } from 'zod';

/**
 * The retrieval-node protocol (`/node/v1/*`): what a Workers front (or any agent host) asks a Node retrieval node.
 * JSON over HTTP, authenticated with the node key. Every request may carry the caller's access `scope` (the sources
 * it may read); the node reads nothing outside it. Shared by the routes (src/http/node.ts) and the client.
 */
export const NODE_PREFIX = '/node/v1';

export const NodeScope = z.object({ sources: z.union([z.literal('*'), z.array(z.string()).max(1000)]) }).optional();
export type NodeScope = z.infer<typeof NodeScope>;

export const SearchCall = z.object({
  scope: NodeScope,
  /** The caller's request filters, each added to every search (as `forRequest` bounds the in-process retriever). */
  filters: z.array(z.looseObject({})).max(8).optional(),
  request: z.object({
    query: z.string().min(1).max(20_000),
    sources: z.array(z.string()).min(1).max(50),
    topK: z.number().int().min(1).max(1000),
    mode: z.enum(['hybrid', 'bm25', 'vector']).optional(),
    // Open: filter fields are the retriever's to read (more may come with the store).
    filter: z.looseObject({}).optional(),
    expansion: z
      .array(z.object({ term: z.string(), weight: z.number() }))
      .max(200)
      .optional(),
  }),
});

export const SOURCE_OPS = ['count', 'manifest', 'titles', 'presence', 'chunks', 'neighbours'] as const;
export type SourceOp = (typeof SOURCE_OPS)[number];

export const SourceCall = z.object({
  scope: NodeScope,
  terms: z
    .array(
      z.object({
        term: z.string(),
        kind: z.enum(['identifier', 'name', 'compound', 'release']),
        written: z.string().max(200).optional(),
      }),
    )
    .max(200)
    .optional(),
  ids: z.array(z.string()).max(2000).optional(),
  doc_id: z.string().optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
});
export type SourceCall = z.infer<typeof SourceCall>;

export const ListCall = z.object({ scope: NodeScope });
