import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ListCall, SearchCall, SOURCE_OPS, SourceCall } from '../../remote/protocol.ts';
import { ChatRequest } from '../chat/request.ts';
import { DocumentsBody } from '../documents.ts';
import { queryBody } from '../query.ts';
import { ResponsesRequest } from '../responses/request.ts';
import { SearchBody } from '../search.ts';
import { SourceBody } from '../sources.ts';
import * as S from './schemas.ts';

/** One operation of the API as the OpenAPI document describes it; the path is Hono's (`:param`). */
export type RouteDoc = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** No API key needed. */
  open?: boolean;
  /** The request body schema: the very one the route validates with. */
  body?: z.ZodType;
  /** A multipart/form-data alternative to the JSON body (as JSON Schema). */
  multipart?: Record<string, unknown>;
  /** The body may be left out. */
  optionalBody?: boolean;
  query?: Record<string, { schema: z.ZodType; description: string }>;
  ok: { status?: number; schema?: z.ZodType; type?: string; description: string };
  /** Which error shape the route answers in. */
  errors: 'openai' | 'native';
};

const sse = (events: string) => ({ type: 'text/event-stream', description: `Server-Sent Events: ${events}` });
const html = (what: string) => ({ type: 'text/html', description: what });

/**
 * Every route of the app. A test checks this list against the routes Hono has, so a new route without a
 * description here fails the suite.
 */
export const routeDocs = (config: Config): RouteDoc[] => [
  {
    method: 'post',
    path: '/v1/query',
    tag: 'Agent',
    summary: 'Ask a question',
    description:
      'The agent answers with citations, or refuses with a reason. Request `limits` only lower the server settings.',
    body: queryBody(config.GROUNDED_MAX_QUESTION_CHARS),
    ok: { schema: S.QueryResponse, description: 'The answer (or refusal), its citations and the run id' },
    errors: 'native',
  },
  {
    method: 'post',
    path: '/v1/query/stream',
    tag: 'Agent',
    summary: 'Ask a question, streamed',
    body: queryBody(config.GROUNDED_MAX_QUESTION_CHARS),
    ok: sse('rewrite, retrieval, grade, switch, guardrail, answer.delta, citation, then done (the /v1/query response)'),
    errors: 'native',
  },
  {
    method: 'post',
    path: '/v1/search',
    tag: 'Search',
    summary: 'Search passages (no agent)',
    body: SearchBody,
    ok: { schema: S.SearchResponse, description: 'Ranked chunks with their BM25 and vector scores' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/sources',
    tag: 'Sources',
    summary: 'List sources',
    ok: { schema: S.SourcesResponse, description: 'Sources with sizes and embedders' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/sources/:name/documents',
    tag: 'Sources',
    summary: "List a source's documents",
    query: {
      limit: { schema: z.number().int().min(1).max(1000), description: 'Documents per page (default: all)' },
      cursor: { schema: z.string(), description: "The previous page's next_cursor" },
    },
    ok: { schema: S.DocumentsResponse, description: 'Documents, by path' },
    errors: 'native',
  },
  {
    method: 'put',
    path: '/v1/sources/:name',
    tag: 'Sources',
    summary: 'Create a source (admin keys)',
    description: 'Empty, ready for uploads; 201 when created, 200 when it already exists.',
    body: SourceBody,
    optionalBody: true,
    ok: { status: 201, schema: S.SourceInfo, description: 'The source' },
    errors: 'native',
  },
  {
    method: 'delete',
    path: '/v1/sources/:name',
    tag: 'Sources',
    summary: 'Delete a source and everything in it (admin keys)',
    ok: { schema: z.object({ source: z.string(), deleted: z.boolean() }), description: 'Deleted' },
    errors: 'native',
  },
  {
    method: 'post',
    path: '/v1/sources/:name/documents',
    tag: 'Sources',
    summary: 'Upload documents as an ingestion job (writer keys)',
    description:
      'Files as multipart/form-data (the file name is the document id; the type comes from the content) with an optional `metadata` field (a JSON object), or JSON documents. Answers 202 with the job; `?wait=true` answers 200 with the finished job when it ends in time.',
    body: DocumentsBody,
    multipart: {
      type: 'object',
      properties: {
        files: { type: 'array', items: { type: 'string', format: 'binary' } },
        metadata: { type: 'string', description: 'A JSON object of metadata for these files' },
      },
    },
    query: {
      wait: { schema: z.enum(['true', 'false']), description: 'Wait for the job (up to GROUNDED_UPLOAD_WAIT_MS)' },
    },
    ok: { status: 202, schema: S.JobAccepted, description: 'The job, and where to follow it' },
    errors: 'native',
  },
  {
    method: 'delete',
    path: '/v1/sources/:name/documents/:doc_id{.+}',
    tag: 'Sources',
    summary: 'Delete a document (writer keys)',
    ok: {
      schema: z.object({ source: z.string(), doc_id: z.string(), deleted: z.boolean(), chunks_deleted: z.number() }),
      description: 'Deleted',
    },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/jobs',
    tag: 'Sources',
    summary: "Ingestion jobs of the key's sources, newest first",
    query: {
      source: { schema: z.string(), description: 'Only this source' },
      limit: { schema: z.number().int().min(1).max(500), description: 'At most this many (default 50)' },
    },
    ok: { schema: z.object({ jobs: z.array(S.Job) }), description: 'Jobs' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/jobs/:id',
    tag: 'Sources',
    summary: 'An ingestion job: state, files done/total, chunks, rate, errors per file',
    ok: { schema: S.Job, description: 'The job' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/jobs/:id/events',
    tag: 'Sources',
    summary: "An ingestion job's progress, streamed",
    ok: sse('state and progress (each with the job), then done'),
    errors: 'native',
  },
  {
    method: 'post',
    path: '/v1/jobs/:id/rerun',
    tag: 'Sources',
    summary: 'Run a failed job again with its files (writer keys)',
    ok: { status: 202, schema: S.JobAccepted, description: 'The job, queued again' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/me',
    tag: 'Sources',
    summary: 'The API key: its name, role and sources',
    ok: {
      schema: z.object({
        name: z.string(),
        role: z.enum(['admin', 'writer', 'reader']),
        sources: z.union([z.literal('*'), z.array(z.string())]),
        keys_required: z.boolean(),
      }),
      description: 'The key',
    },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/sources/:name/chunks/:id',
    tag: 'Sources',
    summary: 'Read a chunk with its neighbours',
    query: { context: { schema: z.number().int().min(0).max(3).default(1), description: 'Chunks either side (0-3)' } },
    ok: { schema: S.ChunkResponse, description: 'The chunk and its context' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/v1/traces/:run_id',
    tag: 'Traces',
    summary: "A run's trace",
    ok: { schema: S.TraceResponse, description: 'Every step of the run, in order' },
    errors: 'native',
  },
  {
    method: 'post',
    path: '/v1/chat/completions',
    tag: 'OpenAI-compatible',
    summary: 'Chat completion (OpenAI Chat Completions API)',
    description:
      'Each OpenAI parameter is supported, ignored (see its description) or a 400 `unsupported_parameter`/`unsupported_value` naming it. With `stream: true` the reply is `chat.completion.chunk` events ending in `data: [DONE]`.',
    body: ChatRequest,
    ok: { schema: S.ChatCompletion, description: 'A chat.completion (or, streamed, its chunks as text/event-stream)' },
    errors: 'openai',
  },
  {
    method: 'get',
    path: '/v1/models',
    tag: 'OpenAI-compatible',
    summary: 'List models (`grounded` and `grounded/<source>`)',
    ok: { schema: S.ModelList, description: 'The models a frontend can pick' },
    errors: 'openai',
  },
  {
    method: 'get',
    path: '/v1/models/:id{.+}',
    tag: 'OpenAI-compatible',
    summary: 'One model',
    ok: { schema: S.Model, description: 'The model' },
    errors: 'openai',
  },
  {
    method: 'post',
    path: '/v1/responses',
    tag: 'OpenAI-compatible',
    summary: 'Create a response (OpenAI Responses API)',
    description:
      'Text or message-list input; citations are `url_citation` annotations on the output text. With `stream: true`, the Responses event sequence (response.created … response.completed). Nothing is stored.',
    body: ResponsesRequest,
    ok: { schema: S.ResponseObject, description: 'A response object (or, streamed, its events as text/event-stream)' },
    errors: 'openai',
  },
  ...(['get', 'delete'] as const).map(
    (method): RouteDoc => ({
      method,
      path: '/v1/responses/:response_id',
      tag: 'OpenAI-compatible',
      summary: method === 'get' ? 'Retrieve a response (always 404)' : 'Delete a response (always 404)',
      description: 'grounded stores no responses; this answers 404 in OpenAI shape saying so.',
      ok: { description: 'Never: responses are not stored' },
      errors: 'openai',
    }),
  ),
  {
    method: 'post',
    path: '/mcp',
    tag: 'MCP',
    summary: 'MCP over Streamable HTTP (stateless, JSON responses)',
    description: 'JSON-RPC 2.0 messages of the Model Context Protocol. Tools: ask, search, list_sources, get_chunk.',
    body: z.looseObject({
      jsonrpc: z.literal('2.0'),
      method: z.string().optional(),
      id: z.union([z.string(), z.number()]).optional(),
    }),
    ok: { schema: z.looseObject({ jsonrpc: z.literal('2.0') }), description: 'The JSON-RPC response' },
    errors: 'native',
  },
  ...(['get', 'delete'] as const).map(
    (method): RouteDoc => ({
      method,
      path: '/mcp',
      tag: 'MCP',
      summary: `MCP ${method.toUpperCase()} (405: the server is stateless)`,
      ok: { description: 'Never: no server-to-client stream or session' },
      errors: 'native',
    }),
  ),
  {
    method: 'get',
    path: '/node/v1/ping',
    tag: 'Retrieval node',
    summary: 'The node and its store answer',
    ok: { schema: z.object({ status: z.literal('ok') }), description: 'ok (503 when the store does not answer)' },
    errors: 'native',
  },
  {
    method: 'post',
    path: '/node/v1/sources',
    tag: 'Retrieval node',
    summary: 'The sources the caller may read, with their capabilities',
    body: ListCall,
    ok: { schema: z.object({ sources: z.array(z.looseObject({ name: z.string() })) }), description: 'Sources' },
    errors: 'native',
  },
  {
    method: 'post',
    path: '/node/v1/search',
    tag: 'Retrieval node',
    summary: 'A search as the agent makes it (the node embeds and fuses); the hits with every stored field',
    body: SearchCall,
    ok: {
      schema: z.object({ hits: z.array(z.looseObject({ id: z.string(), score: z.number() })) }),
      description: 'Hits',
    },
    errors: 'native',
  },
  {
    method: 'post',
    path: '/node/v1/sources/:name/:op',
    tag: 'Retrieval node',
    summary: `One read of a source: ${SOURCE_OPS.join(', ')}`,
    body: SourceCall,
    ok: { schema: z.object({ result: z.unknown() }), description: 'The result of the operation' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics',
    ok: { type: 'text/plain', description: 'Prometheus text format 0.0.4' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Operations',
    summary: 'The process answers',
    open: true,
    ok: { schema: S.Health, description: 'ok' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/ready',
    tag: 'Operations',
    summary: 'The store answers too',
    open: true,
    ok: { schema: S.Health, description: 'ready (503 when the store does not answer)' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This document (OpenAPI 3.1)',
    open: true,
    ok: { type: 'application/json', description: 'The OpenAPI document' },
    errors: 'native',
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'Console',
    summary: 'API reference page',
    open: true,
    ok: html('The page'),
    errors: 'native',
  },
  {
    method: 'get',
    path: '/',
    tag: 'Console',
    summary: 'The console: ask',
    open: true,
    ok: html('The page'),
    errors: 'native',
  },
  {
    method: 'get',
    path: '/runs/:run_id',
    tag: 'Console',
    summary: 'The console: replay a run',
    open: true,
    ok: html('The page'),
    errors: 'native',
  },
  {
    method: 'get',
    path: '/sources',
    tag: 'Console',
    summary: 'The console: sources',
    open: true,
    ok: html('The page'),
    errors: 'native',
  },
  {
    method: 'get',
    path: '/assets/:name',
    tag: 'Console',
    summary: "The console's scripts and styles",
    open: true,
    ok: { type: 'text/plain', description: 'The asset' },
    errors: 'native',
  },
];

export const TAGS = [
  { name: 'Agent', description: 'Questions answered by the agent, with citations' },
  { name: 'Search', description: 'Retrieval without the agent' },
  { name: 'Sources', description: 'What is in the knowledge base' },
  { name: 'Traces', description: 'Every step of every run' },
  {
    name: 'OpenAI-compatible',
    description: 'Chat Completions, Responses and Models, for OpenAI clients and chat frontends',
  },
  { name: 'MCP', description: 'The Model Context Protocol server' },
  {
    name: 'Retrieval node',
    description: 'What a Workers front asks this node for (node key: GROUNDED_NODE_KEY, else the API keys)',
  },
  { name: 'Operations', description: 'Health, metrics and this document' },
  {
    name: 'Console',
    description: 'The web console (static pages; they call the API with the key saved in the browser)',
  },
];
