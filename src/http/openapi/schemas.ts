import { z } from 'zod';
import { REFUSAL_REASONS } from '../../agent/types.ts';

/**
 * Zod schemas of what the routes return, for the OpenAPI document. Request schemas are the routes' own; these
 * describe responses, and a test parses real responses with them so the document cannot drift from the server.
 */
export const Citation = z.object({
  n: z.number().int().describe('The [n] marker in the answer'),
  chunk_id: z.string(),
  source: z.string(),
  doc_id: z.string(),
  title: z.string(),
  heading_path: z.array(z.string()),
  page: z.number().int().nullable(),
  start: z.number().int().describe('Offset in the document text'),
  end: z.number().int(),
  text: z.string().describe('The cited span: document text [start, end)'),
});

export const QueryResponse = z.object({
  answer: z.string(),
  status: z.enum(['answered', 'refused']),
  refusal_reason: z.enum(REFUSAL_REASONS).optional(),
  refusal_detail: z.string().optional().describe('What was missing, in words ("no passage about rsync")'),
  caveat: z
    .string()
    .optional()
    .describe(
      'What the sources do not mention, for a claim answered from the rest of it ("no passage about ivermectin")',
    ),
  citations: z.array(Citation),
  run_id: z.string().describe('The trace: GET /v1/traces/{run_id}'),
  usage: z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    total_tokens: z.number(),
    steps: z.number(),
    retrievals: z.number(),
  }),
  timings: z.object({ total_ms: z.number(), retrieval_ms: z.number(), reasoning_ms: z.number() }),
  stop_reason: z.string(),
  question: z.string().describe('The question searched for, after condensing a conversation'),
  limits: z.record(z.string(), z.number()).describe('The limits the run had'),
});

export const SearchResponse = z.object({
  results: z.array(
    z.object({
      chunk_id: z.string(),
      source: z.string(),
      doc_id: z.string(),
      path: z.string(),
      title: z.string(),
      heading_path: z.array(z.string()),
      page: z.number().int().nullable(),
      start: z.number().int(),
      end: z.number().int(),
      text: z.string(),
      metadata: z.record(z.string(), z.unknown()).describe("The document's metadata"),
      score: z.number(),
      scores: z.object({
        bm25: z.number().nullable(),
        vector: z.number().nullable(),
        latent: z
          .number()
          .nullable()
          .describe(
            "A hybrid search stating a claim: the hit's cosine with the claim in the candidates' latent topics (null otherwise, and below the best 30)",
          ),
      }),
    }),
  ),
  timings: z.object({ total_ms: z.number() }),
});

export const SourceInfo = z.object({
  name: z.string(),
  rows: z.number().int(),
  documents: z.number().int(),
  embedder: z.object({ id: z.string(), dimensions: z.number().int() }),
  created_at: z.string(),
  last_ingest: z.string().nullable(),
  capabilities: z.object({ links: z.boolean().nullable(), links_mode: z.enum(['on', 'off', 'auto']).nullable() }),
});
export const SourcesResponse = z.object({ sources: z.array(SourceInfo) });

export const Job = z.object({
  id: z.string(),
  source: z.string(),
  state: z.enum(['queued', 'waiting', 'running', 'done', 'failed']),
  submitted_by: z.string().describe('The name of the key that submitted it'),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  attempts: z.number().int(),
  files: z.object({ done: z.number().int(), total: z.number().int() }),
  uploads: z.array(z.object({ name: z.string(), bytes: z.number().int(), type: z.string() })),
  documents: z.number().int(),
  skipped_unchanged: z.number().int(),
  chunks_written: z.number().int(),
  chunks_deleted: z.number().int(),
  embedded: z.number().int(),
  rate: z.object({ chunks_per_s: z.number(), eta_s: z.number().nullable() }),
  errors: z.array(z.object({ path: z.string(), reason: z.string() })).describe('Files not ingested, with why'),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  waiting_for: z.string().nullable().describe('While waiting: the job holding the source'),
});
export const JobAccepted = z.object({
  job_id: z.string(),
  state: Job.shape.state,
  status_url: z.string(),
  events_url: z.string(),
  job: Job,
});

export const DocumentsResponse = z.object({
  source: z.string(),
  total: z.number().int(),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
  documents: z.array(
    z.object({
      doc_id: z.string(),
      title: z.string(),
      path: z.string(),
      chunks: z.number().int(),
      ingested_at: z.string(),
      metadata: z.record(z.string(), z.unknown()).describe("The document's metadata ({} when it has none)"),
    }),
  ),
});

export const ChunkResponse = z.object({
  chunk: z.looseObject({ id: z.string(), doc_id: z.string(), chunk_index: z.number().int(), text: z.string() }),
  context: z.array(
    z.object({
      id: z.string(),
      chunk_index: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
      text: z.string(),
    }),
  ),
});

export const TraceResponse = z.object({
  run_id: z.string(),
  version: z.number().int(),
  records: z.array(z.looseObject({ seq: z.number().int(), step: z.number().int(), type: z.string() })),
});

export const Model = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
});
export const ModelList = z.object({ object: z.literal('list'), data: z.array(Model) });

const Grounded = z.looseObject({
  run_id: z.string().nullable(),
  status: z.string().nullable(),
  notes: z.array(z.string()),
});

export const ChatCompletion = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number().int(),
      message: z.looseObject({
        role: z.literal('assistant'),
        content: z.string(),
        reasoning_content: z.string().optional(),
      }),
      finish_reason: z.enum(['stop', 'length']),
    }),
  ),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }),
  citations: z.array(Citation),
  grounded: Grounded,
});

export const ResponseObject = z.looseObject({
  id: z.string(),
  object: z.literal('response'),
  created_at: z.number().int(),
  status: z.enum(['completed', 'incomplete', 'failed', 'in_progress']),
  model: z.string(),
  output: z.array(z.looseObject({ type: z.string(), id: z.string() })),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number() }).nullable(),
  citations: z.array(Citation),
  grounded: Grounded,
});

export const NativeError = z.object({
  error: z.looseObject({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
export const OpenAiError = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});
export const Health = z.object({ status: z.string() });
