import { AppError } from '../errors.ts';
import type { ChunkFilter, Hit, RequestBounds, Searcher, SearchRequest } from '../retrieval/index.ts';
import type { AccessScope, ManifestEntry, SourceMeta, SourceReader, StoredChunk, StoreReader } from '../store/index.ts';
import type { FocusTerm } from '../text/index.ts';
import type { NodeClient } from './node-client.ts';

/**
 * The store read through a retrieval node: sources and their capabilities, and each source's reader (titles,
 * focus-term presence, chunks), so the agent runs here on the same code as in the node. The source list is kept
 * for `cacheMs` (the store's own consistency interval is the node's).
 */
export class RemoteStore implements StoreReader {
  private listed?: { at: number; value: Promise<SourceMeta[]> };
  private readonly sources = new Map<string, RemoteSource>();

  constructor(
    private readonly node: NodeClient,
    private readonly cacheMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  listSources(): Promise<SourceMeta[]> {
    const t = this.now();
    if (!this.listed || t - this.listed.at >= this.cacheMs) {
      const value = this.node.post('/sources', {}).then((r) => (r as { sources: SourceMeta[] }).sources);
      this.listed = { at: t, value };
      value.catch(() => {
        if (this.listed?.value === value) this.listed = undefined;
      });
    }
    return this.listed.value;
  }

  async sourceMeta(name: string): Promise<SourceMeta | undefined> {
    return (await this.listSources()).find((s) => s.name === name);
  }

  async source(name: string): Promise<SourceReader> {
    if (!(await this.sourceMeta(name)))
      throw new AppError('unknown_source', `unknown source ${JSON.stringify(name)}`, {
        field: 'sources',
        source: name,
      });
    const known = this.sources.get(name);
    if (known) return known;
    const s = new RemoteSource(this.node, name);
    this.sources.set(name, s);
    return s;
  }

  /** The same node read for a caller with this scope: every call carries it, and the node reads nothing outside it. */
  scoped(scope: AccessScope): RemoteStore {
    return new RemoteStore(
      this.node.withScope({ sources: scope.sources === '*' ? '*' : [...scope.sources] }),
      this.cacheMs,
      this.now,
    );
  }

  async ping(): Promise<void> {
    await this.node.get('/ping');
  }

  close(): void {}
}

/** One source read through the node. One object per name, so per-source caches (the title index) keep working. */
class RemoteSource implements SourceReader {
  constructor(
    private readonly node: NodeClient,
    readonly name: string,
  ) {}

  private async op<T>(op: string, body: Record<string, unknown> = {}): Promise<T> {
    return ((await this.node.post(`/sources/${encodeURIComponent(this.name)}/${op}`, body)) as { result: T }).result;
  }

  count(): Promise<number> {
    return this.op('count');
  }
  async manifest(): Promise<Map<string, ManifestEntry>> {
    return new Map((await this.op<ManifestEntry[]>('manifest')).map((e) => [e.doc_id, e]));
  }
  documentTitles(): Promise<string[]> {
    return this.op('titles');
  }
  async presence(terms: readonly FocusTerm[]): Promise<Map<string, boolean | undefined>> {
    // An ordinary word used as a name is looked up as a name is: nodes older than that kind take it.
    const asNames = terms.map((f) => (f.kind === 'word' ? { ...f, kind: 'name' as const } : f));
    const [releases, others] = [
      asNames.filter((f) => f.kind === 'release'),
      asNames.filter((f) => f.kind !== 'release'),
    ];
    const ask = async (list: typeof asNames) =>
      list.length ? await this.op<[string, boolean | null][]>('presence', { terms: list }) : [];
    // A node older than the release kind rejects it: the release is unknown there, and the rest is still asked.
    const [found, dated] = await Promise.all([
      ask(others),
      ask(releases).catch((e) => {
        if (AppError.is(e, 'validation')) return releases.map((f): [string, null] => [f.term, null]);
        throw e;
      }),
    ]);
    return new Map([...found, ...dated].map(([t, p]) => [t, p ?? undefined]));
  }
  getChunks(ids: readonly string[]): Promise<StoredChunk[]> {
    return this.op('chunks', { ids });
  }
  neighbours(docId: string, from: number, to: number): Promise<StoredChunk[]> {
    return this.op('neighbours', { doc_id: docId, from, to });
  }
}

/** Searches run on the node (it embeds the query and fuses the lists); the hits come back as they are. */
export class RemoteRetriever implements Searcher {
  constructor(
    private readonly node: NodeClient,
    private readonly filters: readonly ChunkFilter[] = [],
  ) {}

  /** Bounds of one request: the scope goes with every call, the filters with every search (the node applies both). */
  forRequest(b: RequestBounds): RemoteRetriever {
    return new RemoteRetriever(
      b.scope ? this.node.withScope({ sources: b.scope.sources === '*' ? '*' : [...b.scope.sources] }) : this.node,
      [...this.filters, ...(b.filter ? [b.filter] : [])],
    );
  }

  async search(request: SearchRequest, signal?: AbortSignal): Promise<Hit[]> {
    const filters = this.filters.length ? this.filters : undefined;
    return ((await this.node.post('/search', { request, filters }, signal)) as { hits: Hit[] }).hits;
  }
}
