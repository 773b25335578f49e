import { type Connection, connect, type Table } from '@lancedb/lancedb';
import { AppError } from '../errors.ts';
import { type AccessScope, canRead, FULL_SCOPE } from './access-scope.ts';
import { arrow } from './arrow.ts';
import { ChunkCache } from './chunk-reader.ts';
import { withConflictRetry } from './conflict-retry.ts';
import type { IndexStepEvent } from './index-refresh.ts';
import { LanceLeases } from './lance-leases.ts';
import type { LeaseStore } from './lease.ts';
import { METADATA_COLUMN } from './metadata.ts';
import { checkoutPublished } from './published-version.ts';
import type { StoreReader } from './reader.ts';
import { chunkSchema, manifestSchema, type SourceCapabilities, type SourceMeta, sourcesSchema } from './schema.ts';
import { validateSourceName } from './source-name.ts';
import { repairRegistryRows } from './source-repair.ts';
import { SourceTable } from './source-table.ts';
import { sqlString } from './sql.ts';
import type { VectorIndexSpec } from './vector-index.ts';
import { VectorMatrices } from './vector-matrix.ts';

const { Int32, Table: ArrowTable, Utf8, vectorFromArray } = arrow;

const SOURCES_TABLE = '_sources';
const manifestName = (source: string) => `_manifest_${source}`;

export type StoreOptions = {
  /** LanceDB Cloud key (db:// URIs) and region; object-storage credentials come from the usual environment. */
  apiKey?: string;
  region?: string;
  /** LanceDB storage options for object stores (endpoint, region, allow_http, credentials). */
  storageOptions?: Record<string, string>;
  /** Rows past which a source gets a vector index (default: where a flat scan stops being cheap, per dimension). */
  vectorIndexMinRows?: number;
  /**
   * Seconds between checks for writes by other processes (ingest jobs, other nodes); 0 checks on every read. The
   * source registry is cached for as long.
   */
  /** Told each index step `refreshIndexes` takes, and how long it took. */
  onIndexStep?: (e: IndexStepEvent) => void;
  /** Bytes of recently read chunks kept in memory for searches (0: none). */
  chunkCacheBytes?: number;
  /** Bytes of served sources' vectors kept in memory for exact search in JS (0: none; `VectorMatrices`). */
  vectorMemoryBytes?: number;
  /** How vector indexes are built and searched (default: `DEFAULT_VECTOR_INDEX`, chosen by the index study). */
  vectorIndex?: VectorIndexSpec;
  readConsistencySeconds?: number;
  /** A writer's lease on a source lapses this long after its holder stops renewing it (default 30 s). */
  leaseTtlMs?: number;
};

/** An embedder as the registry sees it; one that can `resize` writes and searches a source at the size it has. */
export type EmbedderRef = { id: string; dimensions: number; resize?: unknown };

const sameEmbedder = (meta: { embedder_id: string; dimensions: number }, e: EmbedderRef) =>
  meta.embedder_id === e.id && meta.dimensions === e.dimensions;
const fitsEmbedder = (meta: { embedder_id: string; dimensions: number }, e: EmbedderRef) =>
  sameEmbedder(meta, e) || (meta.embedder_id === e.id && typeof e.resize === 'function');

/** What every view of one store shares: open source handles, the cached registry, the lease connection, the chunks. */
type Shared = {
  /** Read handles, each on its source's published version, and when that was last checked. */
  opened: Map<string, { at: number; table: Promise<SourceTable> }>;
  listed?: { at: number; value: SourceMeta[] };
  leaseStore?: { db: Promise<Connection>; leases: Promise<LeaseStore> };
  /** Chunks recently read by searches. */
  cache: ChunkCache;
  /** The vectors of served source versions, in memory for exact search in JS. */
  matrices: VectorMatrices;
};

const unknownSource = (name: string) =>
  new AppError('unknown_source', `unknown source ${JSON.stringify(name)}`, { field: 'sources', source: name });

/**
 * The store: one chunk table and one manifest per source, plus a registry of sources. A view made with `scoped`
 * lists and opens only the sources its scope may read; any other is unknown to it (a 404, so names don't leak).
 */
export class Store implements StoreReader {
  private constructor(
    readonly uri: string,
    private readonly db: Connection,
    private readonly opts: StoreOptions,
    private readonly shared: Shared = {
      opened: new Map(),
      cache: new ChunkCache(opts.chunkCacheBytes ?? 0),
      matrices: new VectorMatrices(opts.vectorMemoryBytes ?? 0),
    },
    readonly scope: AccessScope = FULL_SCOPE,
  ) {}

  /** The same store seen through an API key's scope (same connection and caches). */
  scoped(scope: AccessScope): Store {
    return new Store(this.uri, this.db, this.opts, this.shared, scope);
  }

  private get opened(): Shared['opened'] {
    return this.shared.opened;
  }

  static async open(uri: string, opts: StoreOptions = {}): Promise<Store> {
    const db = await connect(uri, {
      apiKey: opts.apiKey,
      region: opts.region,
      storageOptions: opts.storageOptions,
      readConsistencyInterval: opts.readConsistencySeconds ?? 2,
    });
    return new Store(uri, db, opts);
  }

  /**
   * Writer leases, one per source, kept in the store (`_leases`). They read through a connection of their own with
   * strong consistency, whatever the read-consistency interval of this one.
   */
  leases(): Promise<LeaseStore> {
    if (!this.shared.leaseStore) {
      const db = connect(this.uri, {
        apiKey: this.opts.apiKey,
        region: this.opts.region,
        storageOptions: this.opts.storageOptions,
        readConsistencyInterval: 0,
      });
      this.shared.leaseStore = { db, leases: db.then((c) => new LanceLeases(c, { ttlMs: this.opts.leaseTtlMs })) };
    }
    return this.shared.leaseStore.leases;
  }

  /** Remove extra registry rows of a source (two writers registered it at once); returns how many. */
  async repairRegistry(name: string): Promise<number> {
    const n = await repairRegistryRows(await this.registry(), name);
    if (n > 0) this.shared.listed = undefined;
    return n;
  }

  async ping(): Promise<void> {
    await this.db.tableNames();
  }

  /**
   * The registry table, created by the first writer. A reader (`create: false`) never creates it: table creation is
   * not atomic on every store, and nodes that only serve must not race an ingest job's first write.
   */
  private async registry(): Promise<Table>;
  private async registry(opts: { create: false }): Promise<Table | undefined>;
  private async registry(opts: { create: boolean } = { create: true }): Promise<Table | undefined> {
    const names = await this.db.tableNames();
    if (!names.includes(SOURCES_TABLE))
      return opts.create ? this.db.createEmptyTable(SOURCES_TABLE, sourcesSchema, { existOk: true }) : undefined;
    const table = await this.db.openTable(SOURCES_TABLE);
    // Registries written before sources had capabilities get the column (empty: nothing measured yet).
    if (!(await table.schema()).fields.some((f) => f.name === 'capabilities'))
      await table.addColumns([{ name: 'capabilities', valueSql: 'CAST(NULL AS STRING)' }]);
    return table;
  }

  /**
   * The registry, cached for as long as LanceDB itself may serve a stale read (the read-consistency interval):
   * every request resolves its sources here, and a scan per request cost more than the search itself.
   */
  async listSources(): Promise<SourceMeta[]> {
    const now = Date.now();
    let listed = this.shared.listed;
    if (!listed || now - listed.at >= this.consistencyMs) {
      listed = { at: now, value: await this.readRegistry() };
      this.shared.listed = listed;
    }
    return this.scope.sources === '*' ? listed.value : listed.value.filter((m) => canRead(this.scope, m.name));
  }
  private get consistencyMs(): number {
    return (this.opts.readConsistencySeconds ?? 2) * 1000;
  }

  private async readRegistry(): Promise<SourceMeta[]> {
    const registry = await this.registry({ create: false });
    const rows = registry ? ((await registry.query().toArray()) as Record<string, unknown>[]) : [];
    return rows
      .map((r) => ({
        name: String(r.name),
        embedder_id: String(r.embedder_id),
        dimensions: Number(r.dimensions),
        created_at: String(r.created_at),
        last_ingest: String(r.last_ingest),
        capabilities: parseCapabilities(r.capabilities),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async sourceMeta(name: string): Promise<SourceMeta | undefined> {
    return (await this.listSources()).find((s) => s.name === name);
  }

  /**
   * Open an existing source for reading; unknown names are a 404-class error. Reads are served from the version the
   * source's last ingest published (`published-version.ts`), checked again once per read-consistency interval, so a
   * source being re-ingested keeps answering from indexes that cover it instead of scanning rewritten rows. A newer
   * published version gets a new handle; reads in flight finish on the old one.
   */
  async source(name: string): Promise<SourceTable> {
    if (!canRead(this.scope, name)) throw unknownSource(name);
    const now = Date.now();
    const open = this.opened.get(name);
    if (open && now - open.at < this.consistencyMs) return open.table;
    const next = {
      at: now,
      table: open
        ? open.table.then(async (t) => ((await t.servesPublished()) ? t : this.handle(await this.knownMeta(name))))
        : this.knownMeta(name).then((meta) => this.handle(meta)),
    };
    this.opened.set(name, next);
    next.table.catch(() => this.opened.get(name) === next && this.opened.delete(name));
    return next.table;
  }

  /** A source at its latest version, for a writer (or a dry run): not cached, not held on a published version. */
  async latest(name: string): Promise<SourceTable> {
    if (!canRead(this.scope, name)) throw unknownSource(name);
    return this.handle(await this.knownMeta(name), { latest: true });
  }

  /** Make what a writer has written to a source (indexes refreshed) the version readers serve; here at once. */
  async publish(table: SourceTable): Promise<void> {
    await table.publish();
    this.opened.delete(table.name);
  }

  private async knownMeta(name: string): Promise<SourceMeta> {
    const meta = await this.sourceMeta(name);
    if (!meta) throw unknownSource(name);
    return meta;
  }

  /** Check that a query embedder matches the one that filled the source (at its size, or able to resize to it). */
  assertEmbedder(src: SourceTable, embedder: EmbedderRef): void {
    if (!fitsEmbedder({ embedder_id: src.embedderId, dimensions: src.dimensions }, embedder))
      throw embedderMismatch(src.name, { id: src.embedderId, dimensions: src.dimensions }, embedder);
  }

  /**
   * Open a source for writing, creating it on first use. Another embedder than the one that filled it is an error
   * unless `reembed` is set, which drops the source's rows so the caller re-ingests everything. The same embedder at
   * another size (the builtin one) keeps writing the source at its size; `reembed` starts it again at the new one.
   */
  async sourceForWrite(name: string, embedder: EmbedderRef, opts: { reembed?: boolean } = {}): Promise<SourceTable> {
    validateSourceName(name);
    const meta = await this.sourceMeta(name);
    const now = new Date().toISOString();
    if (meta && !sameEmbedder(meta, embedder) && (opts.reembed || !fitsEmbedder(meta, embedder))) {
      if (!opts.reembed) throw embedderMismatch(name, { id: meta.embedder_id, dimensions: meta.dimensions }, embedder);
      await this.dropSource(name);
    } else if (meta) {
      const table = await this.latest(name);
      // Columns newer than the table (identifiers, metadata) are added, empty until its documents are written again.
      return (await table.upgradeSchema()) ? this.latest(name) : table;
    }
    const fresh: SourceMeta = {
      name,
      embedder_id: embedder.id,
      dimensions: embedder.dimensions,
      created_at: now,
      last_ingest: '',
      capabilities: {},
    };
    const names = await this.db.tableNames();
    if (!names.includes(name))
      await this.db.createEmptyTable(name, chunkSchema(embedder.dimensions), { existOk: true });
    if (!names.includes(manifestName(name)))
      await this.db.createEmptyTable(manifestName(name), manifestSchema, { existOk: true });
    await this.putMeta(fresh);
    this.opened.delete(name);
    return this.latest(name);
  }

  async markIngested(name: string, at = new Date().toISOString()): Promise<void> {
    const meta = await this.readMeta(name);
    if (meta) await this.putMeta({ ...meta, last_ingest: at });
  }

  /** Record what ingestion learned about a source. */
  async setCapabilities(name: string, capabilities: SourceCapabilities): Promise<void> {
    const meta = await this.readMeta(name);
    if (meta) await this.putMeta({ ...meta, capabilities });
  }

  /** The registry row as stored now (not the cached list): for read-modify-write. */
  private async readMeta(name: string): Promise<SourceMeta | undefined> {
    return (await this.readRegistry()).find((s) => s.name === name);
  }

  async dropSource(name: string): Promise<void> {
    const names = await this.db.tableNames();
    if (names.includes(name)) await this.db.dropTable(name);
    if (names.includes(manifestName(name))) await this.db.dropTable(manifestName(name));
    const registry = await this.registry();
    await withConflictRetry(() => registry.delete(`name = ${sqlString(name)}`));
    this.shared.listed = undefined;
    this.opened.delete(name);
  }

  private async putMeta(m: SourceMeta): Promise<void> {
    this.shared.listed = undefined;
    const s = (v: string) => vectorFromArray([v], new Utf8());
    const row = new ArrowTable({
      name: s(m.name),
      embedder_id: s(m.embedder_id),
      dimensions: vectorFromArray([m.dimensions], new Int32()),
      created_at: s(m.created_at),
      last_ingest: s(m.last_ingest),
      capabilities: s(JSON.stringify(m.capabilities)),
    });
    const registry = await this.registry();
    await withConflictRetry(() =>
      registry.mergeInsert('name').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(row),
    );
  }

  /** Both tables of a source, on their published version (unless `latest`, or never published). */
  private async handle(meta: SourceMeta, opts: { latest?: boolean } = {}): Promise<SourceTable> {
    const [chunks, manifest] = await Promise.all([
      this.db.openTable(meta.name),
      this.db.openTable(manifestName(meta.name)),
    ]);
    const served = opts.latest ? undefined : await checkoutPublished(chunks);
    if (served !== undefined) await checkoutPublished(manifest);
    const hasMetadata = (await chunks.schema()).fields.some((f) => f.name === METADATA_COLUMN);
    return new SourceTable(
      meta.name,
      meta.embedder_id,
      meta.dimensions,
      chunks,
      manifest,
      this.opts.vectorIndexMinRows,
      hasMetadata,
      served,
      this.opts.vectorIndex,
      this.shared.cache,
      this.opts.onIndexStep,
      this.shared.matrices,
    );
  }

  /** The sources whose served version's vectors are held in memory (`VectorMatrices`), for figures and tests. */
  vectorsInMemory(): { source: string; version: number; bytes: number }[] {
    return this.shared.matrices.held();
  }

  close(): void {
    this.db.close();
    this.shared.leaseStore?.db.then((c) => c.close()).catch(() => {});
  }
}

function parseCapabilities(raw: unknown): SourceCapabilities {
  if (typeof raw !== 'string' || !raw) return {};
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' ? (v as SourceCapabilities) : {};
  } catch {
    return {};
  }
}

function embedderMismatch(source: string, stored: EmbedderRef, configured: EmbedderRef): AppError {
  const given = { id: configured.id, dimensions: configured.dimensions };
  return new AppError(
    'embedder_mismatch',
    `source ${JSON.stringify(source)} was filled by embedder ${stored.id} (${stored.dimensions} dims) but ${given.id} (${given.dimensions} dims) is configured; ` +
      `use the same embedder, ingest into a new source, or re-ingest with --reembed`,
    { source, stored, configured: given },
  );
}
