import { BooleanQuery, type IndexConfig, MatchQuery, Occur, Operator, type Table } from '@lancedb/lancedb';
import {
  cjkOnly,
  cjkPairs,
  compoundParts,
  compoundPattern,
  escapeRegExp,
  type FocusTerm,
  hasCjk,
  identifiers,
  namesRelease,
  splitUnits,
  writesAsName,
  zhReadings,
} from '../text/index.ts';
import { arrow } from './arrow.ts';
import { chunksToArrow, rowToChunk } from './arrow-rows.ts';
import { CHUNK_COLUMNS, ChunkCache, type ChunkRef, readChunks } from './chunk-reader.ts';
import { withConflictRetry as retry } from './conflict-retry.ts';
import { type IndexStepEvent, refreshIndexes } from './index-refresh.ts';
import { METADATA_COLUMN } from './metadata.ts';
import { publishedVersion, publishLatest } from './published-version.ts';
import type { SourceReader } from './reader.ts';
import {
  type ChunkRow,
  CJK_COLUMN,
  FTS_COLUMN,
  IDENT_COLUMN,
  type ManifestEntry,
  metadataField,
  type StoredChunk,
} from './schema.ts';
import { type RepairReport, repairSourceTables } from './source-repair.ts';
import { sqlIn, sqlString } from './sql.ts';
import {
  createVectorIndex,
  DEFAULT_VECTOR_INDEX,
  tuneVectorQuery,
  type VectorIndexInfo,
  type VectorIndexSpec,
} from './vector-index.ts';
import { cosine, type VectorMatrices, VectorMatrix } from './vector-matrix.ts';

const { vectorFromArray, Utf8, Table: ArrowTable } = arrow;

/**
 * A search hit before its row is read: enough to fuse lists, and to read the row (`readChunks`); `vector` is its
 * cosine similarity to the query vector a full-text search was given (`scoreAgainst`).
 */
export type Candidate = ChunkRef & { score: number; vector?: number };
export type VectorIndexStats = { type: string; indexed: number; unindexed: number; indices: number; bytes: number };

/** A chunk with its score. */
export type ScoredChunk = StoredChunk & { score: number };
export type WeightedTerm = { term: string; weight: number };
export type SearchOptions = {
  limit: number;
  where?: string;
  /** Full-text search: also score each hit by the cosine similarity of its stored vector to this one. */
  scoreAgainst?: Float32Array;
  /** Only these rows (to score known candidates: row ids from a search of the same table version). */
  rowids?: readonly bigint[];
  /** Vector search: scan every row exactly, whatever index the source has (ground truth for recall). */
  exact?: boolean;
  /** Vector search settings other than the source's (the index study). */
  vectorIndex?: VectorIndexSpec;
};

/** Weight of an identifier matched whole against the words of the text (BM25 scores of the two columns add up). */
const IDENT_BOOST = 1;

/**
 * Chunks read, by score, for how they write a term: a compound name's parts side by side (`writesCompound`), a word
 * as a name (`writesName`).
 */
const WRITTEN_ROWS = 200;
/** A dotted name with a letter in it (`conf.d`, `fs.readfile`): not an option, a snake_case name or a version. */
const DOTTED = /^(?=.*\p{L})[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)+$/u;
/** The chunks holding a version's (or a dotted name's) characters that are read for a release or a dotted name. */
const SCAN_ROWS = 2000;
/**
 * A table past this many rows is not scanned for a release or a dotted name: the term is unknown there, not absent (a
 * scan reads the whole text column when the term is absent: 0.1–0.3 s at 100,000 chunks of 900 characters, 2.5 s at
 * 300,000).
 */
const SCAN_MAX_TABLE_ROWS = 250_000;
/** Scans remembered per handle serving a published version (whose rows never change). */
const SCANS_KEPT = 1000;
/** The chunks read first for a word written as a name; the rest of `WRITTEN_ROWS` only when none of them does. */
const NAME_FIRST_ROWS = 10;

/**
 * Rows × dimensions from which the vector index (IVF_RQ) answers a nearest-neighbour query faster than an exact scan.
 * Measured on this 2-core machine (README, Performance: "Where the index starts"), query p50 exact vs index: at 512
 * dimensions 3.4/4.8/7.5/18.5 vs 3.5/4.0/6.0/5.4 ms at 512/1,015/2,041/3,641 rows, at 1,024 dimensions
 * 5.6/7.4/10.5/37.7 vs 5.4/5.7/7.4/6.9 ms, recall 0.999–1.0; the index wins from ~1,000 rows at 512 dimensions and
 * ~500 at 1,024.
 */
const FLAT_SCAN_MAX_CELLS = 512_000;
export const defaultVectorIndexMinRows = (dims: number): number => Math.ceil(FLAT_SCAN_MAX_CELLS / dims);

const toFloat32 = (v: unknown): Float32Array =>
  v instanceof Float32Array ? v : Float32Array.from((v as { toArray(): ArrayLike<number> }).toArray());

const candidateOf = (r: Record<string, unknown>): ChunkRef => ({
  id: String(r.id),
  doc_hash: String(r.doc_hash),
  rowid: BigInt(r._rowid as bigint),
});

let handles = 0;

/** One source: its chunk table and its manifest table. All LanceDB calls for a source live here. */
export class SourceTable implements SourceReader {
  /** The columns a chunk is read with (sources written before metadata existed have no metadata column). */
  private readonly columns: readonly string[];
  /** This handle among all handles of the process (its vectors in memory are its own: `VectorMatrices`). */
  private readonly handleId = ++handles;

  constructor(
    readonly name: string,
    readonly embedderId: string,
    readonly dimensions: number,
    private readonly chunks: Table,
    private readonly manifestTable: Table,
    private readonly vectorIndexMinRows: number = defaultVectorIndexMinRows(dimensions),
    /** Whether the chunk table has the metadata column (filters on metadata match nothing without it). */
    readonly hasMetadata = true,
    /** The published version this handle reads (`published-version.ts`); undefined: the latest version. */
    readonly servedVersion?: number,
    private readonly vectorIndex: VectorIndexSpec = DEFAULT_VECTOR_INDEX,
    private readonly cache: ChunkCache = new ChunkCache(0),
    private readonly onIndexStep?: (e: IndexStepEvent) => void,
    /** Where the vectors of a served version are held in memory (none: every vector search goes to LanceDB). */
    private readonly matrices?: VectorMatrices,
  ) {
    this.columns = hasMetadata ? [...CHUNK_COLUMNS, METADATA_COLUMN] : CHUNK_COLUMNS;
  }

  count(where?: string): Promise<number> {
    return this.chunks.countRows(where);
  }

  async manifest(): Promise<Map<string, ManifestEntry>> {
    const rows = (await this.manifestTable.query().toArray()) as Record<string, unknown>[];
    return new Map(
      rows.map((r) => [
        String(r.doc_id),
        {
          doc_id: String(r.doc_id),
          path: String(r.path),
          origin: String(r.origin),
          doc_hash: String(r.doc_hash),
          chunk_ids: JSON.parse(String(r.chunk_ids)) as string[],
          title: String(r.title),
          ingested_at: String(r.ingested_at),
        },
      ]),
    );
  }

  /** The titles of the source's documents (one manifest row each). */
  async documentTitles(): Promise<string[]> {
    const rows = (await this.manifestTable.query().select(['title']).toArray()) as { title: string }[];
    return rows.map((r) => String(r.title));
  }

  /**
   * Write the chunks of whole documents: rows are upserted by id, and any other chunk of those documents is
   * deleted in the same commit. Then the manifest records them. A crash between the two leaves chunks the
   * manifest does not know; the next run re-writes those documents with the same ids, so nothing duplicates.
   */
  async writeDocuments(rows: readonly ChunkRow[], entries: readonly ManifestEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const docIds = entries.map((e) => e.doc_id);
    if (rows.length > 0) {
      const data = chunksToArrow(rows, this.dimensions);
      await retry(() =>
        this.chunks
          .mergeInsert('id')
          .whenMatchedUpdateAll()
          .whenNotMatchedInsertAll()
          .whenNotMatchedBySourceDelete({ where: sqlIn('doc_id', docIds) })
          .execute(data),
      );
    } else {
      await retry(() => this.chunks.delete(sqlIn('doc_id', docIds)));
    }
    await this.upsertManifest(entries);
  }

  private async upsertManifest(entries: readonly ManifestEntry[]): Promise<void> {
    const col = (f: (e: ManifestEntry) => string) => vectorFromArray(entries.map(f), new Utf8());
    const table = new ArrowTable({
      doc_id: col((e) => e.doc_id),
      path: col((e) => e.path),
      origin: col((e) => e.origin),
      doc_hash: col((e) => e.doc_hash),
      chunk_ids: col((e) => JSON.stringify(e.chunk_ids)),
      title: col((e) => e.title),
      ingested_at: col((e) => e.ingested_at),
    });
    await retry(() =>
      this.manifestTable.mergeInsert('doc_id').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(table),
    );
  }

  /** Remove documents: their chunks first, then their manifest rows (a crash between is repaired next run). */
  async deleteDocuments(docIds: readonly string[]): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < docIds.length; i += 500) {
      const batch = docIds.slice(i, i + 500);
      const where = sqlIn('doc_id', batch);
      deleted += (await retry(() => this.chunks.delete(where))).numDeletedRows;
      await retry(() => this.manifestTable.delete(where));
    }
    return deleted;
  }

  /**
   * Upsert chunk rows by id and touch nothing else: one part of a document too large for one `writeDocuments`
   * call. `commitDocument` finishes it; until then the manifest still describes the previous version.
   */
  async upsertChunks(rows: readonly ChunkRow[]): Promise<void> {
    if (rows.length === 0) return;
    const data = chunksToArrow(rows, this.dimensions);
    await retry(() => this.chunks.mergeInsert('id').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(data));
  }

  /**
   * Append rows without matching ids: only for documents the source does not hold at all (no manifest entry and no
   * rows), where an upsert would find nothing to update. Far cheaper than a merge on a large table. A crash before
   * `recordDocuments` leaves rows without a manifest entry, which the next ingest removes.
   */
  async appendChunks(rows: readonly ChunkRow[]): Promise<void> {
    if (rows.length === 0) return;
    const data = chunksToArrow(rows, this.dimensions);
    await retry(() => this.chunks.add(data));
  }

  /** Record documents in the manifest (after their chunks were written). */
  async recordDocuments(entries: readonly ManifestEntry[]): Promise<void> {
    if (entries.length > 0) await this.upsertManifest(entries);
  }

  /**
   * Finish a document written with `upsertChunks`: its rows from other versions (another doc_hash) are deleted,
   * then the manifest records it. Returns how many stale rows were deleted.
   */
  async commitDocument(entry: ManifestEntry): Promise<number> {
    const stale = `doc_id = ${sqlString(entry.doc_id)} AND doc_hash != ${sqlString(entry.doc_hash)}`;
    const n = (await retry(() => this.chunks.delete(stale))).numDeletedRows;
    await this.upsertManifest([entry]);
    return n;
  }

  /**
   * Undo what a crash or two writers at once left: duplicate chunk ids and manifest rows, manifest rows without
   * chunks, chunks without a manifest row. Run by a writer that holds the source's lease.
   */
  repair(): Promise<Omit<RepairReport, 'duplicate_registry_rows'>> {
    return repairSourceTables(this.chunks, this.manifestTable);
  }

  /** Vectors already stored for these chunk ids, so a changed document re-embeds only its new chunks. */
  async vectorsFor(
    chunks: readonly Pick<ChunkRow, 'id' | 'title' | 'heading_path'>[],
  ): Promise<Map<string, Float32Array>> {
    // A chunk id names its text only: a stored vector is reused when the title and headings it was embedded with are
    // the chunk's too (a page retitled, a chunk newly headed by its entry's terms is embedded again).
    const wanted = new Map(chunks.map((c) => [c.id, JSON.stringify([c.title, c.heading_path])]));
    const ids = [...wanted.keys()];
    const out = new Map<string, Float32Array>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = (await this.chunks
        .query()
        .where(sqlIn('id', ids.slice(i, i + 500)))
        .select(['id', 'vector', 'title', 'heading_path'])
        .toArray()) as {
        id: string;
        vector: { toArray(): Float32Array } | Float32Array;
        title: string;
        heading_path: string;
      }[];
      for (const r of rows)
        if (JSON.stringify([r.title, JSON.parse(r.heading_path)]) === wanted.get(r.id))
          out.set(r.id, toFloat32(r.vector));
    }
    return out;
  }

  /** Writers: make what is written now (indexes refreshed) the version readers serve. */
  async publish(): Promise<void> {
    await publishLatest(this.chunks);
    await publishLatest(this.manifestTable);
  }

  /** Whether a version of this source was ever published for readers. */
  async isPublished(): Promise<boolean> {
    return (await publishedVersion(this.chunks)) !== undefined;
  }

  /** Readers: whether this handle still reads the version published last. */
  async servesPublished(): Promise<boolean> {
    return (await publishedVersion(this.chunks)) === this.servedVersion;
  }

  /**
   * Create missing indexes and fold new rows into existing ones (`index-refresh.ts`), each build under a watchdog
   * that reports a stuck build after `stallMs` without CPU.
   */
  refreshIndexes(opts: { stallMs?: number; now?: () => number } = {}): Promise<void> {
    return refreshIndexes(this.chunks, this.manifestTable, {
      source: this.name,
      vectorIndexMinRows: this.vectorIndexMinRows,
      stallMs: opts.stallMs,
      now: opts.now,
      buildVectorIndex: () => this.buildVectorIndex(),
      onStep: this.onIndexStep,
    });
  }

  /** Build (or rebuild) the vector index over every row now, with the source's spec or another (benchmarks). */
  async buildVectorIndex(spec: VectorIndexSpec = this.vectorIndex): Promise<void> {
    await createVectorIndex(this.chunks, spec, await this.chunks.countRows());
    this.indexInfo = undefined;
  }

  /** The vector index as searching needs it, looked up at most every 10 s (another process may build it). */
  private vectorIndexInfo(now = Date.now()): Promise<VectorIndexInfo | undefined> {
    if (!this.indexInfo || now - this.indexInfo.at > 10_000)
      this.indexInfo = {
        at: now,
        value: this.vectorIndexStats()
          .then((s) => s && { type: s.type, indexedRows: s.indexed })
          .catch(() => undefined),
      };
    return this.indexInfo.value;
  }
  private indexInfo?: { at: number; value: Promise<VectorIndexInfo | undefined> };

  /** The vector index, if any: its type, the rows it covers and misses (added since), its segments and size. */
  async vectorIndexStats(): Promise<VectorIndexStats | undefined> {
    const ix = (await this.chunks.listIndices()).find((i) => i.columns.includes('vector')) as
      | (IndexConfig & { sizeBytes?: number })
      | undefined;
    const stats = ix && (await this.chunks.indexStats(ix.name));
    return (
      stats && {
        type: stats.indexType,
        indexed: stats.numIndexedRows,
        unindexed: stats.numUnindexedRows,
        indices: stats.numIndices ?? 1,
        bytes: ix.sizeBytes ?? 0,
      }
    );
  }

  /**
   * BM25 over title + headings + text; Chinese queries also go through the n-gram column (a clause per character
   * pair: `cjkPairs`), and the query's identifiers (`--location`, `max_connections`) through the identifier column,
   * where they match whole.
   */
  async fullText(query: string, opts: SearchOptions): Promise<ScoredChunk[]> {
    return this.weightedFullText([{ term: query, weight: 1 }], opts);
  }

  /** BM25 with per-term weights (query expansion); the first term is the query itself. */
  async weightedFullText(terms: readonly WeightedTerm[], opts: SearchOptions): Promise<ScoredChunk[]> {
    const q = await this.fullTextQuery(terms);
    if (!q) return [];
    const rows = await this.ftsRows(q, opts, this.columns);
    return rows.map((r) => ({ ...rowToChunk(r), score: Number(r._score) }));
  }

  /**
   * `weightedFullText` without reading the rows: ids, row ids and scores (and vector scores with `scoreAgainst`: from
   * the vectors held in memory, else read with the hits), for a search that reads only the rows it returns
   * (`readChunks`).
   */
  async fullTextCandidates(terms: readonly WeightedTerm[], opts: SearchOptions): Promise<Candidate[]> {
    const q = await this.fullTextQuery(terms);
    if (!q) return [];
    const query = opts.scoreAgainst;
    const memory = query ? await this.vectorsInMemory() : undefined;
    const read = query && !memory;
    const rows = await this.ftsRows(q, opts, ['id', 'doc_hash', ...(read ? ['vector'] : [])], true);
    const out: Candidate[] = rows.map((r) => ({ ...candidateOf(r), score: Number(r._score) }));
    if (memory) {
      const scores = memory.similarities(
        query!,
        out.map((c) => c.id),
      );
      for (const [i, c] of out.entries()) if (scores[i] !== undefined) c.vector = scores[i];
    } else if (read) for (const [i, c] of out.entries()) c.vector = cosine(query, toFloat32(rows[i]!.vector));
    return out;
  }

  private async fullTextQuery(terms: readonly WeightedTerm[]): Promise<MatchQuery | BooleanQuery | undefined> {
    const clauses: [Occur, MatchQuery][] = [];
    for (const [i, t] of terms.entries()) {
      if (!t.term.trim() || t.weight <= 0) continue;
      const boost = t.weight === 1 ? undefined : { boost: t.weight };
      clauses.push([Occur.Should, new MatchQuery(splitUnits(t.term), FTS_COLUMN, boost)]);
      // Pairs as written too: a source filled before the column held simplified characters still finds them.
      for (const pair of new Set([...cjkPairs(t.term), ...cjkPairs(t.term, true)]))
        clauses.push([Occur.Should, new MatchQuery(pair, CJK_COLUMN, boost)]);
      const ids = i === 0 ? identifiers(t.term) : [];
      if (ids.length > 0 && (await this.identifierIndexed()))
        clauses.push([Occur.Should, new MatchQuery(ids.join(' '), IDENT_COLUMN, { boost: IDENT_BOOST * t.weight })]);
    }
    if (clauses.length === 0) return undefined;
    return clauses.length === 1 ? clauses[0]![1] : new BooleanQuery(clauses);
  }

  /**
   * Which terms the source holds at all: identifiers in the identifier column, CJK names in the n-gram column (every
   * character pair and triple of the name in one chunk: for a name of up to four characters, the name itself),
   * other terms in the full-text one. `undefined` when the source cannot tell (no identifier index yet: ingested
   * before it existed).
   */
  async presence(terms: readonly FocusTerm[]): Promise<Map<string, boolean | undefined>> {
    const indexed = await this.identifierIndexed();
    const out = new Map<string, boolean | undefined>();
    await Promise.all(
      terms.map(async (f) => {
        if (f.kind === 'identifier' && !indexed) return out.set(f.term, undefined);
        if (f.kind === 'compound') return out.set(f.term, await this.writesCompound(f.term));
        if (f.kind === 'release') return out.set(f.term, await this.givesRelease(f.term));
        if (f.written && f.kind !== 'identifier') return out.set(f.term, await this.writesName(f.term));
        // The n-gram column holds pairs and triples: a lone CJK character is in none of them, so it cannot tell.
        if (f.kind !== 'identifier' && hasCjk(f.term) && cjkPairs(f.term).length === 0)
          return out.set(f.term, undefined);
        const q =
          f.kind === 'identifier'
            ? new MatchQuery(f.term, IDENT_COLUMN)
            : hasCjk(f.term)
              ? cjkNameQuery(f.term)
              : new MatchQuery(f.term, FTS_COLUMN);
        const rows = await this.chunks.query().fullTextSearch(q).select(['id']).limit(1).toArray();
        if (rows.length === 0 && f.kind === 'identifier' && DOTTED.test(f.term))
          return out.set(f.term, await this.endsDottedName(f.term));
        out.set(f.term, rows.length > 0);
      }),
    );
    return out;
  }

  /**
   * Whether some chunk writes a compound name (`ssh-audit`): the chunks holding all its parts, or the parts run
   * together as one token ("7zip", "HTTP2"), read for the parts side by side. The full-text index has the parts, not
   * their order; the first `WRITTEN_ROWS` of them by score are read (a compound that is written anywhere is written
   * where its parts weigh most).
   */
  private async writesCompound(compound: string): Promise<boolean> {
    const parts = compoundParts(compound);
    if (parts.length === 0) return false;
    const query = new BooleanQuery([
      [Occur.Should, new MatchQuery(parts.join(' '), FTS_COLUMN, { operator: Operator.And })],
      [Occur.Should, new MatchQuery(parts.join(''), FTS_COLUMN, { operator: Operator.And })],
    ]);
    const rows = await this.chunks.query().fullTextSearch(query).select([FTS_COLUMN]).limit(WRITTEN_ROWS).toArray();
    const written = compoundPattern(compound);
    return rows.some((r) => written.test(String(r[FTS_COLUMN] ?? '')));
  }

  /**
   * Whether some chunk writes a dotted name as the end of a longer one: "its conf.d folder" is Unbound's
   * `/etc/unbound/unbound.conf.d/`, whose identifier is `unbound.conf.d` (not `conf.d.bak`). Read in the chunks
   * holding the name's characters (`scan`: only for a dotted name the identifier column lacks whole).
   */
  private endsDottedName(term: string): Promise<boolean | undefined> {
    const name = term.toLowerCase();
    const ends = new RegExp(`[\\p{L}\\p{N}]\\.${escapeRegExp(name)}(?![\\p{L}\\p{N}_]|\\.[\\p{L}\\p{N}])`, 'iu');
    return this.scan(`lower(${FTS_COLUMN}) LIKE ${sqlString(`%.${name}%`)}`, (text) => ends.test(text));
  }

  /**
   * Whether some chunk about a program gives one of its releases (`namesRelease`: "tmux 3.4" where the version is and
   * the program is named in the chunk or its path), read in the chunks holding the version's characters (`scan`): the
   * full-text index splits "3.4" into two numbers every chunk has.
   */
  private givesRelease(term: string): Promise<boolean | undefined> {
    const version = term.slice(term.lastIndexOf(' ') + 1);
    if (!/^\d+\.\d+$/.test(version)) return Promise.resolve(undefined);
    return this.scan(`${FTS_COLUMN} LIKE ${sqlString(`%${version}%`)}`, (text, path) => namesRelease(term, text, path));
  }

  /**
   * Whether some chunk matching `where` (a scan of the text column: no index serves a substring) passes `holds`.
   * Unknown when the first `SCAN_ROWS` such chunks do not (a term that common is no evidence of absence), or when the
   * table is too large to scan. A handle serving a published version remembers each answer.
   */
  private scan(where: string, holds: (text: string, path: string) => boolean): Promise<boolean | undefined> {
    const kept = this.servedVersion === undefined ? undefined : this.scans;
    const known = kept?.get(where);
    if (known) return known;
    const run = (async () => {
      if ((await this.count()) > SCAN_MAX_TABLE_ROWS) return undefined;
      const rows = await this.chunks.query().where(where).select([FTS_COLUMN, 'path']).limit(SCAN_ROWS).toArray();
      if (rows.some((r) => holds(String(r[FTS_COLUMN] ?? ''), String(r.path ?? '')))) return true;
      return rows.length < SCAN_ROWS ? false : undefined;
    })();
    if (kept) {
      if (kept.size >= SCANS_KEPT) kept.clear();
      kept.set(where, run);
      run.catch(() => kept.get(where) === run && kept.delete(where));
    }
    return run;
  }
  private readonly scans = new Map<string, Promise<boolean | undefined>>();

  /**
   * Whether some chunk writes a word as a name (`writesAsName`: "Postfix" inside a sentence, "TZ"), read in the
   * chunks holding the word.
   */
  private async writesName(term: string): Promise<boolean> {
    const read = async (offset: number, limit: number) =>
      (
        await this.chunks
          .query()
          .fullTextSearch(new MatchQuery(term, FTS_COLUMN))
          .select([FTS_COLUMN])
          .offset(offset)
          .limit(limit)
          .toArray()
      ).some((r) => writesAsName(String(r[FTS_COLUMN] ?? ''), term));
    // A name is mostly written so where the word weighs most: the first few chunks answer for most names.
    return (await read(0, NAME_FIRST_ROWS)) || read(NAME_FIRST_ROWS, WRITTEN_ROWS - NAME_FIRST_ROWS);
  }

  /** Whether the identifier column exists and is indexed (sources ingested before it have neither). */
  private identifierIndexed(now = Date.now()): Promise<boolean> {
    if (!this.identIndex || now - this.identIndex.at > 60_000)
      this.identIndex = {
        at: now,
        value: this.chunks
          .listIndices()
          .then((ix) => ix.some((i) => i.columns.includes(IDENT_COLUMN)))
          .catch(() => false),
      };
    return this.identIndex.value;
  }
  private identIndex?: { at: number; value: Promise<boolean> };

  private async hasColumn(name: string): Promise<boolean> {
    return (await this.chunks.schema()).fields.some((f) => f.name === name);
  }

  /** Add columns newer than the table (an older source): empty until its documents are written again. Returns whether it did. */
  async upgradeSchema(): Promise<boolean> {
    let changed = false;
    if (!(await this.hasColumn(IDENT_COLUMN))) {
      await this.chunks.addColumns([{ name: IDENT_COLUMN, valueSql: 'CAST(NULL AS STRING)' }]);
      changed = true;
    }
    if (!this.hasMetadata) {
      await this.chunks.addColumns(metadataField());
      changed = true;
    }
    return changed;
  }

  private async ftsRows(
    q: MatchQuery | BooleanQuery,
    opts: SearchOptions,
    columns: readonly string[],
    rowIds = false,
  ): Promise<Record<string, unknown>[]> {
    // A row-id filter is evaluated without reading any column, unlike a filter on chunk ids (a scan of every id).
    const where = [opts.where, opts.rowids && `_rowid IN (${opts.rowids.join(', ')})`].filter(Boolean).join(' AND ');
    let query = this.chunks
      .query()
      .fullTextSearch(q)
      .select([...columns, '_score'])
      .limit(opts.limit);
    if (rowIds) query = query.withRowId();
    if (where) query = query.where(where);
    return (await query.toArray()) as Record<string, unknown>[];
  }

  /** The chunks behind search candidates (cached by id and document hash; the rest read by row id). */
  readChunks(refs: readonly ChunkRef[]): Promise<Map<string, StoredChunk>> {
    return readChunks(this.chunks, this.name, refs, this.cache, this.columns, (ids) => this.getChunks(ids));
  }

  /** Nearest chunks by cosine similarity (score = 1 − cosine distance). */
  async nearest(vector: Float32Array, opts: SearchOptions): Promise<ScoredChunk[]> {
    const rows = await this.nearestRows(vector, opts, this.columns);
    return rows.map((r) => ({ ...rowToChunk(r), score: 1 - Number(r._distance) }));
  }

  /**
   * The nearest chunks as candidates (ids, row ids and scores): reading every candidate's columns costs more than the
   * search itself, and most vector candidates are also full-text candidates.
   */
  async nearestCandidates(vector: Float32Array, opts: SearchOptions): Promise<Candidate[]> {
    const memory = opts.where || opts.exact || opts.vectorIndex ? undefined : await this.vectorsInMemory();
    if (memory?.scans(vector)) {
      // The scan holds the thread for up to a millisecond or two: the queries on their way to LanceDB (the search's
      // full-text one) are sent first, to run beside it.
      await new Promise((go) => setImmediate(go));
      return memory.nearest(vector, opts.limit);
    }
    const rows = await this.nearestRows(vector, opts, ['id', 'doc_hash'], true);
    return rows.map((r) => ({ ...candidateOf(r), score: 1 - Number(r._distance) }));
  }

  /**
   * This version's vectors in memory (`VectorMatrices`), read by the first search that needs them, for a handle
   * serving a published version (its rows never change) whose vectors fit. Undefined otherwise, or when the read
   * failed: LanceDB is searched instead.
   */
  private vectorsInMemory(): Promise<VectorMatrix | undefined> {
    if (!this.matrices || this.servedVersion === undefined) return Promise.resolve(undefined);
    return this.matrices
      .get(
        this.handleId,
        this.name,
        this.servedVersion,
        async () => (await this.count()) * this.dimensions,
        async () => {
          const { matrix, chunks } = await VectorMatrix.read(this.chunks, this.name, this.dimensions, this.columns);
          this.cache.seed(this.name, chunks);
          return matrix;
        },
      )
      .catch(() => undefined);
  }

  private async nearestRows(
    vector: Float32Array,
    opts: SearchOptions,
    columns: readonly string[],
    rowIds = false,
  ): Promise<Record<string, unknown>[]> {
    if (vector.length !== this.dimensions)
      throw new Error(`query vector has ${vector.length} dimensions; source ${this.name} holds ${this.dimensions}`);
    // Without a vector index LanceDB scans exactly and ignores the HNSW settings; with one, rows added since the
    // index was built are still scanned, so new chunks are found before the next optimize.
    let query = this.chunks
      .vectorSearch(vector)
      .distanceType('cosine')
      .select([...columns, '_distance'])
      .limit(opts.limit);
    query = opts.exact
      ? query.bypassVectorIndex()
      : tuneVectorQuery(query, opts.vectorIndex ?? this.vectorIndex, await this.vectorIndexInfo(), opts.limit);
    if (rowIds) query = query.withRowId();
    if (opts.where) query = query.where(opts.where);
    return (await query.toArray()) as Record<string, unknown>[];
  }

  async getChunks(ids: readonly string[]): Promise<StoredChunk[]> {
    if (ids.length === 0) return [];
    const rows = (await this.chunks
      .query()
      .where(sqlIn('id', ids))
      .select([...this.columns])
      .toArray()) as Record<string, unknown>[];
    return rows.map(rowToChunk);
  }

  async neighbours(docId: string, from: number, to: number): Promise<StoredChunk[]> {
    const rows = await this.scanChunks(
      CHUNK_COLUMNS,
      `doc_id = ${sqlString(docId)} AND chunk_index >= ${Math.floor(from)} AND chunk_index <= ${Math.floor(to)}`,
    );
    return rows.map(rowToChunk).sort((a, b) => a.chunk_index - b.chunk_index);
  }

  /** All chunks of a source (for building per-source statistics such as the title index). */
  async scanChunks(
    columns: readonly string[] = this.columns,
    where?: string,
    limit?: number,
    offset?: number,
  ): Promise<Record<string, unknown>[]> {
    let q = this.chunks.query().select([...columns]);
    if (where) q = q.where(where);
    if (limit !== undefined) q = q.limit(limit);
    if (offset) q = q.offset(offset);
    return (await q.toArray()) as Record<string, unknown>[];
  }
}

/**
 * A CJK name's every pair and triple in one chunk, in any reading the column may hold it in: simplified characters,
 * the mainland's words for Taiwan's (`cjkOnly`), or as written, for a source filled before the column held them so.
 */
function cjkNameQuery(term: string): MatchQuery | BooleanQuery {
  const written = cjkOnly(term, true);
  const readings = [...new Set([...zhReadings(written), written])];
  const all = (text: string) => new MatchQuery(text, CJK_COLUMN, { operator: Operator.And });
  return readings.length === 1 ? all(readings[0]!) : new BooleanQuery(readings.map((r) => [Occur.Should, all(r)]));
}
