import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { caveatNote, refusalNote } from '../http/chat/refusal-note.ts';
import { sourcesList } from '../http/chat/sources-list.ts';
import { askOnce, resolveSources } from '../service/ask.ts';
import { chunkWithContext, listDocuments, listSourceInfos } from '../service/sources.ts';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const Sources = z.array(z.string()).max(20).optional().describe('Sources to search (default: all); see list_sources');

const CitationOut = z.object({
  n: z.number(),
  chunk_id: z.string(),
  source: z.string(),
  doc_id: z.string(),
  title: z.string(),
  heading_path: z.array(z.string()),
  page: z.number().nullable(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
});

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * grounded as an MCP server: tools `search`, `ask` (answer + citations + run id), `list_sources`, `get_chunk`, and
 * one resource per source (`grounded://sources/<name>`: its documents). The same service functions as the HTTP
 * API, so answers, citations and traces are the same; one server per connection (HTTP is stateless: one per
 * request). A tool's failure (an unknown source, say) comes back as an `isError` result with the message.
 */
export function createMcpServer(deps: Deps, version = '0.1.0'): McpServer {
  const server = new McpServer(
    { name: 'grounded', version },
    {
      instructions:
        'grounded answers questions from a knowledge base with citations. Use `ask` for a checked, cited answer ' +
        '(every [n] refers to a passage), `search` for raw passages, `get_chunk` to read around a passage.',
    },
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask the knowledge base',
      description:
        'Answer a question from the knowledge base with the agent: retrieval, grading, a cited answer whose every claim is checked against its passages, or a refusal that says what was missing. Returns the answer with [n] markers, the cited passages and the run id (its trace: /v1/traces/<run_id>).',
      inputSchema: {
        question: z.string().trim().min(1).max(deps.config.GROUNDED_MAX_QUESTION_CHARS).describe('The question'),
        sources: Sources,
        mode: z.enum(['agent', 'single-shot']).optional().describe('single-shot: one retrieval, no agent loop'),
      },
      outputSchema: {
        answer: z.string(),
        status: z.enum(['answered', 'refused']),
        refusal_reason: z.string().nullable(),
        citations: z.array(CitationOut),
        run_id: z.string(),
      },
      annotations: { ...READ_ONLY, idempotentHint: false },
    },
    async ({ question, sources, mode }, extra) => {
      const r = await askOnce(deps, { question, sources, mode }, extra.signal);
      const tail =
        r.status === 'refused'
          ? refusalNote(r, { searched: sources ?? [], uncovered: [] })
          : caveatNote(r) + sourcesList(r.citations);
      const structured = {
        answer: r.answer,
        status: r.status,
        refusal_reason: r.refusal_reason ?? null,
        citations: r.citations,
        run_id: r.run_id,
      };
      return {
        content: [{ type: 'text', text: `${r.answer}${tail}\n\n(run ${r.run_id})` }],
        structuredContent: structured,
      };
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search passages',
      description: 'Hybrid (BM25 + vector) search of the knowledge base without the agent: the best passages, ranked.',
      inputSchema: {
        query: z.string().trim().min(1).max(4000),
        sources: Sources,
        top_k: z.number().int().min(1).max(50).optional().describe('Passages to return (default 8)'),
        mode: z.enum(['hybrid', 'bm25', 'vector']).optional(),
      },
      annotations: READ_ONLY,
    },
    async ({ query, sources, top_k, mode }, extra) => {
      const hits = await deps.retriever.search(
        { query, sources: await resolveSources(deps, sources), topK: top_k ?? 8, mode: mode ?? 'hybrid' },
        extra.signal,
      );
      const results = hits.map((h, i) => ({
        rank: i + 1,
        chunk_id: h.id,
        source: h.source,
        doc_id: h.doc_id,
        title: h.title,
        heading_path: h.heading_path,
        page: h.page,
        score: h.score,
        text: h.text,
      }));
      const text = results
        .map((r) => `[${r.rank}] ${r.title || r.doc_id} (${r.source}/${r.doc_id}, chunk ${r.chunk_id})\n${r.text}`)
        .join('\n\n');
      return { content: [{ type: 'text', text: text || 'No passages found.' }], structuredContent: { results } };
    },
  );

  server.registerTool(
    'list_sources',
    {
      title: 'List sources',
      description: 'The sources in the knowledge base, with their document and chunk counts.',
      annotations: READ_ONLY,
    },
    async () => {
      const sources = await listSourceInfos(deps);
      return { content: [{ type: 'text', text: json(sources) }], structuredContent: { sources } };
    },
  );

  server.registerTool(
    'get_chunk',
    {
      title: 'Read a passage in context',
      description: 'One passage (a chunk id from ask or search) with up to 3 passages either side in its document.',
      inputSchema: {
        source: z.string().min(1),
        chunk_id: z.string().min(1),
        context: z.number().int().min(0).max(3).optional().describe('Passages either side (default 1)'),
      },
      annotations: READ_ONLY,
    },
    async ({ source, chunk_id, context }) => {
      const r = await chunkWithContext(deps, source, chunk_id, context ?? 1);
      const text = r.context.length ? r.context.map((c) => c.text).join('\n\n') : r.chunk.text;
      return {
        content: [{ type: 'text', text: `${r.chunk.title} (${source}/${r.chunk.doc_id})\n\n${text}` }],
        structuredContent: { chunk: r.chunk, context: r.context },
      };
    },
  );

  server.registerResource(
    'source',
    new ResourceTemplate('grounded://sources/{source}', {
      list: async () => ({
        resources: (await listSourceInfos(deps)).map((s) => ({
          uri: `grounded://sources/${encodeURIComponent(s.name)}`,
          name: s.name,
          description: `${s.documents} documents, ${s.rows} chunks`,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'A source and its documents', mimeType: 'application/json' },
    async (uri, { source }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: json(await listDocuments(deps, decodeURIComponent(String(source)))),
        },
      ],
    }),
  );
  return server;
}
