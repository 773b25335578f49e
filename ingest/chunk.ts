import { type ChunkRow, hasMetadata, type Metadata } from '../src/store/index.ts';
import { paragraphUnits, type Unit } from './chunk-units.ts';
import { chunkId, contentHash } from './hash.ts';
import type { DefinitionEntry, LoadedDoc, Section } from './types.ts';

/** Bumped whenever chunk boundaries or the columns derived from chunks change, so stored documents are rewritten. */
export const CHUNKER_VERSION = 'chunk-v8';

export type ChunkParams = { maxTokens: number; overlapTokens: number };
/** A chunk before embedding: a stored row without its vector and document hash. */
export type ChunkDraft = Omit<ChunkRow, 'vector' | 'doc_hash'>;
type DocMeta = { source: string; doc_id: string; path: string; title: string; metadata?: Metadata };

/**
 * Splits one document into chunks that follow its structure: never across a heading or page, paragraphs kept whole
 * when they fit, otherwise whole sentences, and a sentence is cut only when it alone exceeds the limit. Consecutive
 * chunks of a section share up to `overlapTokens` of whole sentences. A chunk's text is exactly
 * `text.slice(start, end)` of the document's extracted text; headings are not copied into it.
 */
export class DocumentChunker {
  private index = 0;
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly doc: DocMeta,
    private readonly params: ChunkParams,
  ) {
    if (params.overlapTokens >= params.maxTokens)
      throw new RangeError(
        `chunk overlap (${params.overlapTokens}) must be below the chunk size (${params.maxTokens})`,
      );
  }

  /** Chunks of one section of `text`; `base` is the offset of `text` within the document (for windows). */
  section(text: string, section: Section, base = 0): ChunkDraft[] {
    const { maxTokens: max } = this.params;
    const out: ChunkDraft[] = [];
    let cur: Unit[] = [];
    let tokens = 0;
    let fresh = 0;
    const emit = () => {
      if (fresh > 0) out.push(this.draft(text, cur, section, base));
      cur = this.overlap(cur);
      tokens = cur.reduce((n, u) => n + u.tokens, 0);
      fresh = 0;
    };
    for (const para of paragraphUnits(text, section.start, section.end, max)) {
      const paraTokens = para.reduce((n, u) => n + u.tokens, 0);
      // A paragraph that fits a chunk of its own starts one rather than being split across two.
      if (fresh > 0 && tokens + paraTokens > max && paraTokens <= max) emit();
      for (const u of para) {
        if (tokens + u.tokens > max) {
          if (fresh > 0) emit();
          while (cur.length > 0 && tokens + u.tokens > max) tokens -= cur.shift()!.tokens;
        }
        cur.push(u);
        tokens += u.tokens;
        fresh++;
      }
    }
    if (fresh > 0) out.push(this.draft(text, cur, section, base));
    return out;
  }

  /** The trailing whole sentences of a chunk that fit the overlap budget. */
  private overlap(units: Unit[]): Unit[] {
    const keep: Unit[] = [];
    let n = 0;
    for (let i = units.length - 1; i >= 0; i--) {
      const u = units[i]!;
      if (!u.whole || n + u.tokens > this.params.overlapTokens) break;
      keep.unshift(u);
      n += u.tokens;
    }
    return keep;
  }

  private draft(text: string, units: Unit[], section: Section, base: number): ChunkDraft {
    const start = units[0]!.start;
    const end = units[units.length - 1]!.end;
    const body = text.slice(start, end);
    const hash = contentHash(body);
    const occurrence = this.seen.get(hash) ?? 0;
    this.seen.set(hash, occurrence + 1);
    return {
      id: chunkId(this.doc.source, this.doc.doc_id, body, occurrence),
      source: this.doc.source,
      doc_id: this.doc.doc_id,
      path: this.doc.path,
      title: this.doc.title,
      heading_path: section.heading_path,
      page: section.page,
      start: base + start,
      end: base + end,
      chunk_index: this.index++,
      text: body,
      content_hash: hash,
      ...(hasMetadata(this.doc.metadata) ? { metadata: this.doc.metadata } : {}),
    };
  }
}

export function chunkDocument(doc: LoadedDoc, source: string, params: ChunkParams): ChunkDraft[] {
  const chunker = new DocumentChunker(
    { source, doc_id: doc.doc_id, path: doc.path, title: doc.title, metadata: doc.metadata },
    params,
  );
  const sections = doc.sections ?? [{ start: 0, end: doc.text.length, heading_path: [], page: null }];
  const chunks = inEntries(
    sections.flatMap((s) => chunker.section(doc.text, s)),
    doc.entries,
  );
  const starts = doc.pageStarts;
  if (!starts?.length) return chunks;
  // Sections that run across pages: a chunk is on the page its first character is on.
  return chunks.map((c) => ({ ...c, page: pageAt(starts, c.start) }));
}

/** Chunks inside a long definition-list entry, past its terms, get the terms as their last heading. */
function inEntries(chunks: ChunkDraft[], entries: readonly DefinitionEntry[] | undefined): ChunkDraft[] {
  if (!entries?.length) return chunks;
  let k = 0;
  return chunks.map((c) => {
    while (k < entries.length && entries[k]!.end <= c.start) k++;
    const e = entries[k];
    // Inside it: a chunk that runs on into the next entry is no more this one's than that one's.
    return e && e.start < c.start && c.end <= e.end ? { ...c, heading_path: [...c.heading_path, e.term] } : c;
  });
}

/** The page (from 1) that offset `at` is on, given where each page starts. */
export function pageAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
