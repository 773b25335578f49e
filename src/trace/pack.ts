import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { TRACE_VERSION, type TraceRecord, TraceRecord as TraceRecordSchema } from './schema.ts';

/**
 * Stored layout version. v1 files hold one line per record, every retrieval hit with its chunk's full text (~64 KB
 * a run). A v2 file is one line per run: a plain summary (what grep and a listing need) and the records, deflated,
 * with each chunk's text stored once. Both read back as the same v1 records, so readers and clients see no change.
 */
export const TRACE_STORE_VERSION = 2;

const deflate = promisify(deflateRaw);

/** A hit as stored: its chunk id and score; what every hit of the chunk shares is in the run's chunk table. */
type HitRef = [chunk_id: string, score: number];
type ChunkRow = [doc_id: string, source: string, title: string, text: string];
type Hit = { chunk_id: string; doc_id: string; source: string; title: string; score: number; text: string };
type Packed = { chunks: Record<string, ChunkRow>; records: Omit<TraceRecord, 'v' | 'run_id'>[] };

const HIT_KEYS = ['chunk_id', 'doc_id', 'source', 'title', 'score', 'text'];
const isHit = (h: unknown): h is Hit => {
  if (!h || typeof h !== 'object' || Array.isArray(h)) return false;
  const o = h as Record<string, unknown>;
  return (
    Object.keys(o).length === HIT_KEYS.length &&
    HIT_KEYS.every((k) => (k === 'score' ? typeof o[k] === 'number' : typeof o[k] === 'string'))
  );
};

const StoredRun = z.object({
  v: z.literal(TRACE_STORE_VERSION),
  run_id: z.string(),
  at: z.string().nullable(),
  question: z.string().nullable(),
  status: z.string().nullable(),
  stop_reason: z.string().nullable(),
  deflated: z.string(),
});

/** Move each chunk's text (and doc, source, title) to a table; a hit that disagrees with its row stays inline. */
function pack(records: readonly TraceRecord[]): Packed {
  const chunks = new Map<string, ChunkRow>();
  const out = records.map(({ v: _v, run_id: _r, ...r }) => {
    if (r.type !== 'retrieval' || !Array.isArray(r.data.hits)) return r;
    const hits = r.data.hits.map((h: unknown) => {
      if (!isHit(h)) return h;
      const row = chunks.get(h.chunk_id) ?? [h.doc_id, h.source, h.title, h.text];
      chunks.set(h.chunk_id, row);
      const same = row[0] === h.doc_id && row[1] === h.source && row[2] === h.title && row[3] === h.text;
      return same ? ([h.chunk_id, h.score] satisfies HitRef) : h;
    });
    return { ...r, data: { ...r.data, hits } };
  });
  return { chunks: Object.fromEntries(chunks), records: out };
}

function storedLine(runId: string, records: readonly TraceRecord[], deflated: Buffer): string {
  const start = records.find((r) => r.type === 'start');
  const stop = records.findLast((r) => r.type === 'stop');
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return `${JSON.stringify({
    v: TRACE_STORE_VERSION,
    run_id: runId,
    at: start?.at ?? null,
    question: str(start?.data.question),
    status: str(stop?.data.status),
    stop_reason: str(stop?.data.reason),
    deflated: deflated.toString('base64'),
  } satisfies z.infer<typeof StoredRun>)}\n`;
}

/** A run's records as the one line of its v2 file (deflated on libuv's thread pool, not the event loop). */
export async function packTrace(runId: string, records: readonly TraceRecord[]): Promise<string> {
  return storedLine(runId, records, await deflate(JSON.stringify(pack(records))));
}

/** The same, synchronously: for a process that is exiting. */
export const packTraceSync = (runId: string, records: readonly TraceRecord[]): string =>
  storedLine(runId, records, deflateRawSync(JSON.stringify(pack(records))));

const inflateHit = (h: unknown, chunks: Record<string, ChunkRow>): unknown => {
  if (!Array.isArray(h)) return h;
  const [chunk_id, score] = h as HitRef;
  const [doc_id, source, title, text] = Object.hasOwn(chunks, chunk_id) ? chunks[chunk_id]! : ['', '', '', ''];
  return { chunk_id, doc_id, source, title, score, text };
};

/** Parse a stored trace of either layout into v1 records, in order; lines that are neither are skipped. */
export function unpackTrace(text: string): TraceRecord[] {
  const out: TraceRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      continue;
    }
    const run = StoredRun.safeParse(raw);
    if (run.success) {
      const { chunks, records } = JSON.parse(
        inflateRawSync(Buffer.from(run.data.deflated, 'base64')).toString('utf8'),
      ) as Packed;
      for (const r of records) {
        const data =
          r.type === 'retrieval' && Array.isArray(r.data.hits)
            ? { ...r.data, hits: r.data.hits.map((h: unknown) => inflateHit(h, chunks)) }
            : r.data;
        const parsed = TraceRecordSchema.safeParse({ v: TRACE_VERSION, run_id: run.data.run_id, ...r, data });
        if (parsed.success) out.push(parsed.data);
      }
      continue;
    }
    const v1 = TraceRecordSchema.safeParse(raw);
    if (v1.success) out.push(v1.data);
  }
  return out.sort((a, b) => a.seq - b.seq);
}
