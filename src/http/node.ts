import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import {
  ListCall,
  NODE_PREFIX,
  type NodeScope,
  SearchCall,
  SOURCE_OPS,
  SourceCall,
  type SourceOp,
} from '../remote/protocol.ts';
import type { ChunkFilter, SearchRequest } from '../retrieval/index.ts';
import { withScope } from '../service/scope.ts';
import type { AccessScope, SourceReader } from '../store/index.ts';
import { requireApiKey, scopeOf } from './auth.ts';
import { readJson } from './json-body.ts';

const MAX_BODY = 4 * 1024 * 1024;

const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));

/** The front holding the node key reads every source, narrowed per call by the scope it sends for its caller. */
const FRONT: AccessScope = { key: 'node-key', role: 'reader', sources: '*' };

/** The node key when one is set (GROUNDED_NODE_KEY, compared as digests in full); otherwise the API keys. */
function nodeAuth(deps: Deps): MiddlewareHandler {
  const key = deps.config.GROUNDED_NODE_KEY;
  if (!key) return requireApiKey(deps);
  const want = digest(key);
  return async function nodeKey(c, next) {
    const m = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    let same = false;
    if (m) {
      const [a, b] = [await digest(m[1]!.trim()), await want];
      same = a.every((x, i) => x === b[i]);
    }
    if (!same)
      throw new AppError('unauthorized', m ? 'invalid node key' : 'missing node key: send Authorization: Bearer <key>');
    c.set('scope', FRONT);
    return next();
  };
}

/** What this call may read: the authenticated scope, narrowed to the sources the front's caller may read. */
function callScope(c: Context, claimed: NodeScope): AccessScope {
  const base = scopeOf(c);
  if (!claimed || claimed.sources === '*') return base;
  const sources = base.sources === '*' ? claimed.sources : claimed.sources.filter((s) => base.sources.includes(s));
  return { ...base, sources };
}

/**
 * The retrieval-node routes: the store and the retriever of this process, read over HTTP by a Workers front
 * (src/remote/), so the agent runs there on the same code. Searches embed here; nothing here writes.
 */
export function nodeRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.use(`${NODE_PREFIX}/*`, nodeAuth(deps));
  const body = <S extends z.ZodType>(c: Context, schema: S) => readJson(c, schema, MAX_BODY);

  app.get(`${NODE_PREFIX}/ping`, async (c) => {
    await deps.store.ping();
    return c.json({ status: 'ok' });
  });
  app.post(`${NODE_PREFIX}/sources`, async (c) => {
    const { scope } = await body(c, ListCall);
    return c.json({ sources: await withScope(deps, callScope(c, scope)).store.listSources() });
  });
  app.post(`${NODE_PREFIX}/search`, async (c) => {
    const { scope, request, filters } = await body(c, SearchCall);
    let retriever = withScope(deps, callScope(c, scope)).retriever;
    for (const filter of filters ?? []) retriever = retriever.forRequest({ filter: filter as ChunkFilter });
    const hits = await retriever.search(request as SearchRequest, c.req.raw.signal);
    return c.json({ hits });
  });
  app.post(`${NODE_PREFIX}/sources/:name/:op`, async (c) => {
    const op = c.req.param('op') as SourceOp;
    if (!SOURCE_OPS.includes(op)) throw new AppError('not_found', `no source operation ${op}`);
    const call = await body(c, SourceCall);
    const src = await withScope(deps, callScope(c, call.scope)).store.source(c.req.param('name'));
    return c.json({ result: await runOp(src, op, call) });
  });
  return app;
}

async function runOp(src: SourceReader, op: SourceOp, call: SourceCall): Promise<unknown> {
  const need = <T>(v: T | undefined, field: string): T => {
    if (v === undefined) throw new AppError('validation', `${field}: required for ${op}`, { field });
    return v;
  };
  switch (op) {
    case 'count':
      return src.count();
    case 'manifest':
      return [...(await src.manifest()).values()];
    case 'titles':
      return src.documentTitles();
    case 'presence':
      return [...(await src.presence(need(call.terms, 'terms')))].map(([term, present]) => [term, present ?? null]);
    case 'chunks':
      return src.getChunks(need(call.ids, 'ids'));
    case 'neighbours':
      return src.neighbours(need(call.doc_id, 'doc_id'), need(call.from, 'from'), need(call.to, 'to'));
  }
}
