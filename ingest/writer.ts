import pLimit from 'p-limit';
import type { Embedder } from '../src/providers/embedder.ts';
import { type ChunkRow, ftsText, type ManifestEntry, type SourceTable } from '../src/store/index.ts';
import type { ChunkDraft } from './chunk.ts';

export type WriterOptions = { batchRows: number; embedBatch: number; concurrency: number; signal?: AbortSignal };
export type WriterStats = { embedded: number; written: number; deleted: number; embedMs: number; writeMs: number };
/**
 * How a document relates to what is stored: `reuse` holds the chunk ids its previous version stored (their vectors
 * are reused); `fresh` means the source holds nothing of it, so its rows are appended rather than merged.
 */
export type Prior = { reuse: ReadonlySet<string>; fresh: boolean };
type Pending = { drafts: ChunkDraft[]; entry: ManifestEntry; prior: Prior };

/**
 * Embeds and writes chunks in large batches. Documents are buffered until `batchRows` rows, then embedded (vectors
 * of chunk ids already stored are reused) and written: documents new to the source are appended, changed ones go
 * through `writeDocuments` (upsert, and their other chunks deleted in the same commit); the manifest follows the
 * chunks, so a crash in between leaves only rows the next run recognises.
 *
 * A three-stage pipeline: while the caller loads and chunks the next batch, the batch before it is embedded (in a
 * worker thread with the builtin embedder) and the one before that is written. Writes run one after another in
 * batch order; the caller waits when the write before its batch's turn is still running, which bounds memory to a
 * few batches.
 */
export class ChunkWriter {
  readonly stats: WriterStats = { embedded: 0, written: 0, deleted: 0, embedMs: 0, writeMs: 0 };
  private pending: Pending[] = [];
  private pendingRows = 0;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown;
  private readonly embedLimit: ReturnType<typeof pLimit>;

  constructor(
    private readonly table: SourceTable,
    private readonly embedder: Embedder,
    private readonly opts: WriterOptions,
    private readonly onWritten: (stats: WriterStats) => void = () => {},
  ) {
    this.embedLimit = pLimit(opts.concurrency);
  }

  /** Queue a whole (small) document. */
  async add(drafts: ChunkDraft[], entry: ManifestEntry, prior: Prior): Promise<void> {
    if (this.failure) throw this.failure;
    entry.chunk_ids = drafts.map((d) => d.id);
    this.stats.deleted += countMissing(prior.reuse, entry.chunk_ids);
    this.pending.push({ drafts, entry, prior });
    this.pendingRows += drafts.length;
    if (this.pendingRows >= this.opts.batchRows) await this.flush();
  }

  /** A document too large for one batch: written part by part, then committed (stale rows removed, manifest set). */
  async addLarge(parts: AsyncIterable<ChunkDraft[]> | Iterable<ChunkDraft[]>, entry: ManifestEntry, prior: Prior) {
    if (this.failure) throw this.failure;
    entry.chunk_ids = [];
    for await (const part of parts) {
      for (const d of part) entry.chunk_ids.push(d.id);
      await this.write(this.embedRows([{ drafts: part, entry, prior }]), (rows) =>
        prior.fresh ? this.table.appendChunks(rows) : this.table.upsertChunks(rows),
      );
    }
    await this.write(Promise.resolve([]), async () => {
      if (prior.fresh) await this.table.recordDocuments([entry]);
      else this.stats.deleted += await this.table.commitDocument(entry);
    });
  }

  /** Wait for the writes (and embeddings) in flight, if any (after an error or an interrupt, before closing). */
  async settle(): Promise<void> {
    await this.writing;
  }

  /** Write everything still buffered and wait for the last write. */
  async finish(): Promise<void> {
    await this.flush();
    await this.writing;
    if (this.failure) throw this.failure;
  }

  /** Hand the buffered documents on: their embedding starts now, their write follows the writes before it. */
  private flush(): Promise<void> {
    if (this.pending.length === 0) return this.write(Promise.resolve([]), async () => {});
    const batch = this.pending;
    this.pending = [];
    this.pendingRows = 0;
    return this.write(this.embedRows(batch), async (rows) => {
      // Documents new to the source are appended; the others are merged, which replaces their old chunks.
      const fresh = batch.filter((p) => p.prior.fresh);
      const known = batch.filter((p) => !p.prior.fresh);
      const freshIds = new Set(fresh.map((p) => p.entry.doc_id));
      if (fresh.length > 0) {
        await this.table.appendChunks(rows.filter((r) => freshIds.has(r.doc_id)));
        await this.table.recordDocuments(fresh.map((p) => p.entry));
      }
      if (known.length > 0)
        await this.table.writeDocuments(
          rows.filter((r) => !freshIds.has(r.doc_id)),
          known.map((p) => p.entry),
        );
    });
  }

  /** Rows for these documents: stored vectors reused by chunk id, the rest embedded in batches across documents. */
  private async embedRows(docs: readonly Pending[]): Promise<ChunkRow[]> {
    const known = docs.flatMap((p) => p.drafts.filter((d) => p.prior.reuse.has(d.id)));
    const vectors = known.length > 0 ? await this.table.vectorsFor(known) : new Map<string, Float32Array>();
    const todo = docs.flatMap((p) => p.drafts.filter((d) => !vectors.has(d.id)));
    const t0 = performance.now();
    const batches: ChunkDraft[][] = [];
    for (let i = 0; i < todo.length; i += this.opts.embedBatch) batches.push(todo.slice(i, i + this.opts.embedBatch));
    await Promise.all(
      batches.map((b) =>
        this.embedLimit(async () => {
          // Embed the chunk with its title and heading path: a chunk alone often does not say what it is about.
          const texts = b.map((d) => ftsText(d));
          const out = await this.embedder.embed(texts, this.opts.signal);
          if (out.length !== b.length) throw new Error(`embedder returned ${out.length} vectors for ${b.length} texts`);
          for (const [i, d] of b.entries()) vectors.set(d.id, out[i]!);
        }),
      ),
    );
    this.stats.embedMs += performance.now() - t0;
    this.stats.embedded += todo.length;
    return docs.flatMap((p) => p.drafts.map((d) => ({ ...d, doc_hash: p.entry.doc_hash, vector: vectors.get(d.id)! })));
  }

  /**
   * Queue a write of rows still being prepared (embedded). Writes run one after another in the order queued. The
   * caller resumes once the write before its own has finished, so one batch is written while the next is embedded
   * and the caller prepares a third, and no more than that piles up. After a failure, later writes are skipped (their
   * preparation is still awaited, so nothing runs on after `settle`) and the failure is thrown to the caller.
   */
  private write(prep: Promise<ChunkRow[]>, fn: (rows: ChunkRow[]) => Promise<void>): Promise<void> {
    // Handled below; a rejection must not surface as unhandled while earlier writes run.
    prep.catch(() => {});
    const previous = this.writing;
    this.writing = previous.then(async () => {
      if (this.failure) {
        await prep.catch(() => {});
        return;
      }
      try {
        const rows = await prep;
        const t0 = performance.now();
        await fn(rows);
        this.stats.writeMs += performance.now() - t0;
        this.stats.written += rows.length;
        this.onWritten(this.stats);
      } catch (e) {
        this.failure = e;
      }
    });
    return previous.then(() => {
      if (this.failure) throw this.failure;
    });
  }
}

const countMissing = (old: ReadonlySet<string>, now: readonly string[]): number => {
  const keep = new Set(now);
  let n = 0;
  for (const id of old) if (!keep.has(id)) n++;
  return n;
};
