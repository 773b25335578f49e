import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Replies that make a run answer from its first retrieval: rewrite, grade "answer", compose, verify. */
const REPLIES: Record<string, unknown> = {
  condense: { question: 'Xylo moons' },
  rewrite: { question: 'Xylo moons count', subqueries: [] },
  grade: { subquestions: [{ query: 'Xylo moons', covered: true }], action: 'answer', reason: 'the evidence states it' },
  compose: { answer: 'Xylo has seven moons [1].' },
  verify: { verdicts: [{ claim: 0, supported: true, cites: [1] }] },
};

export type ModelServer = {
  /** Base URL for GROUNDED_LLM_BASE_URL. */
  url: string;
  /** The decision of every call received, in order (counted when the request arrives, before the delay). */
  calls: string[];
  /** How long each call takes to answer; change it between tests. */
  delayMs: number;
  close(): Promise<void>;
};

const readBody = async (req: IncomingMessage) => {
  let s = '';
  for await (const c of req) s += c;
  return JSON.parse(s);
};

/**
 * A stand-in for a remote OpenAI-compatible chat model (what cannot run here): answers each decision with a fixed
 * reply after `delayMs`, so a run stays in flight as long as a test needs.
 */
export async function startModelServer(delayMs = 0): Promise<ModelServer> {
  const state = { calls: [] as string[], delayMs };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const decision: string = body.response_format?.json_schema?.name ?? 'unknown';
    state.calls.push(decision);
    const timer = setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: `chatcmpl-${state.calls.length}`,
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(REPLIES[decision] ?? {}) },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
        }),
      );
    }, state.delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
