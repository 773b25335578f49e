import type { Deps } from '../deps.ts';
import type { AccessScope } from '../store/index.ts';

/**
 * The deps one request works through: its store lists and opens only the sources the scope may read (any other is
 * an unknown source, 404), and its retriever searches only those. Every service function (sources, documents,
 * chunks, models, ask, MCP tools) takes these, so what a key may not read never reaches a route.
 */
export function withScope(deps: Deps, scope: AccessScope): Deps {
  return { ...deps, scope, store: deps.store.scoped(scope), retriever: deps.retriever.forRequest({ scope }) };
}
