import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reply } from './embedding-server.ts';

export type RerankShape = 'cohere' | 'jina' | 'vllm' | 'tei';
export type RerankRequest = { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> };
/** Return true when the reply was written (a scripted failure); false to answer normally. */
export type RerankScript = (req: RerankRequest, n: number, res: ServerResponse) => boolean | Promise<boolean>;
export type RerankServer = { url: string; requests: RerankRequest[]; close(): Promise<void> };

// Where each API is served, and the base URL a client is given (up to the API version).
const ROUTES: Record<RerankShape, { path: string; base: string }> = {
  cohere: { path: '/v2/rerank', base: '/v2' },
  jina: { path: '/v1/rerank', base: '/v1' },
  vllm: { path: '/v1/rerank', base: '/v1' },
  tei: { path: '/rerank', base: '' },
};

/** Relevance as a stand-in cross-encoder sees it: the share of the query's words (3+ letters) in the text. */
export function overlapScore(query: string, text: string): number {
  const words = new Set(query.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
  const have = new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
  let hit = 0;
  for (const w of words) if (have.has(w)) hit++;
  return words.size ? hit / words.size : 0;
}

/**
 * A real rerank server on a free local port speaking one API's wire shape, as the real servers do: it refuses
 * requests missing the fields that API requires, records every request, scores with `score`, and answers with
 * results sorted best first. A script can make chosen requests fail or stall.
 */
export async function startRerankServer(
  shape: RerankShape,
  opts: { score?: (query: string, text: string) => number; script?: RerankScript } = {},
): Promise<RerankServer> {
  const score = opts.score ?? overlapScore;
  const route = ROUTES[shape];
  const requests: RerankRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const record: RerankRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
    };
    requests.push(record);
    if (req.method !== 'POST' || req.url !== route.path) return reply(res, 404, { message: `no route ${req.url}` });
    if (opts.script && (await opts.script(record, requests.length, res))) return;
    const { query, model } = record.body;
    const texts = shape === 'tei' ? record.body.texts : record.body.documents;
    if (typeof query !== 'string' || !Array.isArray(texts) || !texts.every((t) => typeof t === 'string'))
      return reply(res, shape === 'tei' ? 422 : 400, { message: 'query and a list of texts are required' });
    if ((shape === 'cohere' || shape === 'jina') && typeof model !== 'string')
      return reply(res, 400, { message: 'model is required' });
    const ranked = (texts as string[])
      .map((t, index) => ({ index, s: score(query, t), text: t }))
      .sort((a, b) => b.s - a.s || a.index - b.index);
    const topN = typeof record.body.top_n === 'number' && record.body.top_n > 0 ? record.body.top_n : ranked.length;
    if (shape === 'tei')
      return reply(
        res,
        200,
        ranked.map((r) => ({ index: r.index, score: r.s })),
      );
    const results = ranked.slice(0, topN).map((r) => ({
      index: r.index,
      relevance_score: r.s,
      ...(shape === 'vllm' || (shape === 'jina' && record.body.return_documents !== false)
        ? { document: { text: r.text } }
        : {}),
    }));
    const extra =
      shape === 'cohere'
        ? { id: 'rerank-1', meta: { billed_units: { search_units: 1 } } }
        : { id: 'rerank-1', model: model ?? 'served-model', usage: { total_tokens: 1 } };
    reply(res, 200, { ...extra, results });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${route.base}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A script answering with this status and body (every request, or only request number `only`). */
export const answerWith =
  (status: number, body: unknown, headers: Record<string, string> = {}, only?: number): RerankScript =>
  (_req, n, res) => {
    if (only !== undefined && n !== only) return false;
    reply(res, status, body, headers);
    return true;
  };
