import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { withScope } from '../service/scope.ts';
import type { AccessScope, Role } from '../store/index.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** What the caller's API key may read and do (set by `requireApiKey`). */
    scope: AccessScope;
  }
}

/** The caller of an open server (no keys configured): reads and manages everything. */
const ANONYMOUS: AccessScope = { key: 'anonymous', role: 'admin', sources: '*' };

/**
 * Bearer-key auth: on when keys are configured (`GROUNDED_API_KEYS`, `GROUNDED_API_KEYS_FILE`). The key's scope is
 * set on the request for the routes; keys are never logged.
 */
export const requireApiKey = (deps: Pick<Deps, 'keys'>): MiddlewareHandler =>
  async function requireApiKey(c, next) {
    if (deps.keys.open) {
      c.set('scope', ANONYMOUS);
      return next();
    }
    const m = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    const scope = m ? await deps.keys.lookup(m[1]!.trim()) : undefined;
    if (!scope)
      throw new AppError('unauthorized', m ? 'invalid API key' : 'missing API key: send Authorization: Bearer <key>');
    c.set('scope', scope);
    return next();
  };

/** The caller's scope; a route reached without auth having run fails closed. */
export function scopeOf(c: Context): AccessScope {
  const scope = c.get('scope');
  if (!scope) throw new AppError('internal', `no access scope on ${c.req.method} ${c.req.path}`);
  return scope;
}

/** The deps a request works through: the store and retriever see only what the caller's key may read. */
export const callerDeps = (c: Context, deps: Deps): Deps => withScope(deps, scopeOf(c));

const RANK: Record<Role, number> = { reader: 0, writer: 1, admin: 2 };

/** 403 unless the caller's role allows `action` (it has been checked that the caller may see the source). */
export function requireRole(c: Context, role: Role, action: string): AccessScope {
  const scope = scopeOf(c);
  if (RANK[scope.role] < RANK[role])
    throw new AppError(
      'forbidden',
      `${action} needs a${role === 'admin' ? 'n admin' : ` ${role}`} key; this key (${scope.key}) is a ${scope.role}`,
      {
        role: scope.role,
        needs: role,
      },
    );
  return scope;
}
