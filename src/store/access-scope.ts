/** What an API key may do: its role, and the sources it may read (every one: `'*'`). */
export type Role = 'admin' | 'writer' | 'reader';
export type AccessScope = {
  /** The key's name (never the key): recorded in traces and logs. */
  key: string;
  role: Role;
  sources: '*' | readonly string[];
};

/** The scope of callers inside the process (the CLI, evals, an open server without keys): every source. */
export const FULL_SCOPE: AccessScope = { key: 'local', role: 'admin', sources: '*' };

export const canRead = (scope: AccessScope, source: string): boolean =>
  scope.sources === '*' || scope.sources.includes(source);

/** Whether a run over `sources` may be shown to a key with this scope: it must read every one of them. */
export const readsAll = (scope: AccessScope, sources: readonly string[]): boolean =>
  sources.every((s) => canRead(scope, s));
