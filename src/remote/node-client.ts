import { AppError, ERROR_STATUS, type ErrorCode, errorMessage } from '../errors.ts';
import { NODE_PREFIX, type NodeScope } from './protocol.ts';

/** How to reach retrieval nodes: a base URL (GROUNDED_RETRIEVAL_URL) or a Workers service binding. */
export type NodeTarget = {
  url: string;
  /** A service binding's fetch (requests go to the bound Worker, `url` only names the host). */
  fetch?: (req: Request) => Promise<Response>;
  /** Sent as `Authorization: Bearer <key>` (the node's GROUNDED_NODE_KEY, or an API key of an open node). */
  key?: string;
  /** A call that has not answered by then fails as unavailable (default 10 s). */
  timeoutMs?: number;
  /** Who is asking: sent with every call; the node reads nothing outside it. */
  scope?: NodeScope;
};

const RETRY_AFTER_MS = 1000;

/**
 * One retrieval node over HTTP. A node that is down, unreachable or too slow is an `unavailable` error (503 with
 * Retry-After), never a hang; an error the node itself reports (unknown source, bad request) keeps its code.
 */
export class NodeClient {
  private readonly base: string;

  constructor(readonly target: NodeTarget) {
    this.base = target.url.replace(/\/+$/, '');
  }

  /** The same node for a caller with this scope. */
  withScope(scope: NodeScope): NodeClient {
    return new NodeClient({ ...this.target, scope });
  }

  get(path: string, signal?: AbortSignal): Promise<unknown> {
    return this.call('GET', path, undefined, signal);
  }

  post(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    return this.call('POST', path, { ...body, ...(this.target.scope ? { scope: this.target.scope } : {}) }, signal);
  }

  private async call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const url = `${this.base}${NODE_PREFIX}${path}`;
    const timeoutMs = this.target.timeoutMs ?? 10_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const req = new Request(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.target.key ? { authorization: `Bearer ${this.target.key}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    let res: Response;
    try {
      res = await (this.target.fetch ? this.target.fetch(req) : fetch(req));
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      const why = timeout.aborted ? `did not answer within ${timeoutMs} ms` : `cannot be reached (${errorMessage(e)})`;
      throw unavailable(`the retrieval node at ${this.base} ${why}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (res.ok && json !== undefined) return json;
    const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
    const code = err?.code as ErrorCode | undefined;
    // The node's own verdict on the request (unknown source, validation, busy) passes through as it is.
    if (code && code in ERROR_STATUS && res.status < 500 && code !== 'unauthorized') {
      const { code: _c, message, ...details } = err as Record<string, unknown>;
      throw new AppError(code, String(message ?? code), details);
    }
    if (res.status === 401)
      throw unavailable(`the retrieval node at ${this.base} refused this front's node key (GROUNDED_NODE_KEY)`);
    throw unavailable(
      `the retrieval node at ${this.base} answered ${res.status}: ${err?.message ?? text.slice(0, 200) ?? ''}`,
    );
  }
}

const unavailable = (message: string) =>
  new AppError('unavailable', `${message}; try again shortly`, { retry_after_ms: RETRY_AFTER_MS });
