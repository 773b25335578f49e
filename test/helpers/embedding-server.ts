import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EmbeddingRequest = { headers: IncomingMessage['headers']; body: { model?: string; input?: string[] } };
/** Return true when the reply was written (a scripted failure); false to answer normally. */
export type Script = (req: EmbeddingRequest, n: number, res: ServerResponse) => boolean | Promise<boolean>;

export type EmbeddingServer = { url: string; requests: EmbeddingRequest[]; close(): Promise<void> };

/**
 * A real OpenAI-compatible embeddings server on a free local port. It records every request and answers with cheap
 * deterministic vectors (a few hashed features of each text); a script can make chosen requests fail.
 */
export async function startEmbeddingServer(opts: { dims?: number; script?: Script } = {}): Promise<EmbeddingServer> {
  const dims = opts.dims ?? 8;
  const requests: EmbeddingRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const record: EmbeddingRequest = {
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
    };
    requests.push(record);
    if (req.url !== '/v1/embeddings') return reply(res, 404, { error: { message: `no route ${req.url}` } });
    if (opts.script && (await opts.script(record, requests.length, res))) return;
    const input = record.body.input ?? [];
    reply(res, 200, {
      object: 'list',
      model: record.body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text, dims) })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A unit vector from the text's length and character codes: distinct texts mostly get distinct vectors. */
export function vectorOf(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    v[(h >>> 0) % dims]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
