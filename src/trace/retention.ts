export type StoredFile = { name: string; bytes: number; mtimeMs: number };

/**
 * The trace files on disk, oldest first, with their total size: which to delete so that the directory stays under
 * its byte cap (counting what is about to be written) and holds nothing older than the retention age.
 */
export class RetentionIndex {
  private readonly files = new Map<string, StoredFile>();
  total = 0;

  /** Start from a directory listing (any order). */
  load(files: readonly StoredFile[]): void {
    for (const f of [...files].sort((a, b) => a.mtimeMs - b.mtimeMs)) this.add(f);
  }

  get size(): number {
    return this.files.size;
  }

  /** A file just written is the newest; one rewritten moves to the end. */
  add(f: StoredFile): void {
    this.remove(f.name);
    this.files.set(f.name, f);
    this.total += f.bytes;
  }

  remove(name: string): void {
    const f = this.files.get(name);
    if (!f) return;
    this.files.delete(name);
    this.total -= f.bytes;
  }

  /**
   * Oldest files to delete so that `incoming` more bytes fit under `maxBytes` and none is older than `cutoffMs`.
   * They are taken off the index at once, so concurrent callers never pick the same file twice.
   */
  evict(incoming: number, maxBytes: number, cutoffMs: number): StoredFile[] {
    const out: StoredFile[] = [];
    for (const f of this.files.values()) {
      if (this.total + incoming <= maxBytes && f.mtimeMs >= cutoffMs) break;
      out.push(f);
      this.remove(f.name);
    }
    return out;
  }
}
