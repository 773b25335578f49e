import { cjkOnly, identifierText, splitUnits } from '../text/index.ts';
import type { ArrowTable, Schema } from './arrow.ts';
import { arrow } from './arrow.ts';
import { hasMetadata, METADATA_COLUMN, parseStoredMetadata } from './metadata.ts';
import { type ChunkRow, CJK_COLUMN, chunkSchema, FTS_COLUMN, IDENT_COLUMN } from './schema.ts';

const { FixedSizeList, Float32, Int32, makeData, makeVector, RecordBatch, Struct, Table, Utf8, vectorFromArray } =
  arrow;

/** What the full-text index sees: title and headings help BM25 find a chunk by its document's name. */
export const ftsText = (r: Pick<ChunkRow, 'title' | 'heading_path' | 'text'>): string =>
  [r.title, ...r.heading_path, r.text].filter(Boolean).join('\n');

/**
 * A Utf8 column written straight into one buffer of its exact size (Arrow's builder grows its buffers by doubling,
 * which cost more time and left more garbage behind than the strings themselves).
 */
function utf8Column(values: readonly string[]) {
  let bytes = 0;
  for (const v of values) bytes += Buffer.byteLength(v, 'utf8');
  const data = Buffer.allocUnsafeSlow(bytes);
  const valueOffsets = new Int32Array(values.length + 1);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += data.write(values[i]!, at, 'utf8');
    valueOffsets[i + 1] = at;
  }
  return makeVector(makeData({ type: new Utf8(), length: values.length, nullCount: 0, valueOffsets, data }));
}

/** Build an Arrow table column by column (typed arrays for vectors): far faster than arrays of objects. */
export function chunksToArrow(rows: readonly ChunkRow[], dims: number): ArrowTable {
  const schema = chunkSchema(dims);
  const str = (f: (r: ChunkRow) => string) => utf8Column(rows.map(f));
  // The full-text column is what the chunk was embedded from; built once, and its CJK characters kept apart.
  const fts = rows.map((r) => ftsText(r));
  const i32 = (f: (r: ChunkRow) => number | null) => vectorFromArray(rows.map(f), new Int32());
  const flat = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    if (r.vector.length !== dims)
      throw new Error(`vector of ${r.id} has ${r.vector.length} dimensions, expected ${dims}`);
    flat.set(r.vector, i * dims);
  });
  const listType = new FixedSizeList(dims, schema.fields.find((f) => f.name === 'vector')!.type.children[0]);
  const values = makeData({ type: new Float32(), length: flat.length, data: flat });
  const vectors = makeVector(makeData({ type: listType, length: rows.length, nullCount: 0, child: values }));
  const columns: Record<string, ReturnType<typeof makeVector>> = {
    id: str((r) => r.id),
    source: str((r) => r.source),
    doc_id: str((r) => r.doc_id),
    path: str((r) => r.path),
    title: str((r) => r.title),
    heading_path: str((r) => JSON.stringify(r.heading_path)),
    page: i32((r) => r.page),
    start: i32((r) => r.start),
    end: i32((r) => r.end),
    chunk_index: i32((r) => r.chunk_index),
    text: str((r) => r.text),
    [FTS_COLUMN]: utf8Column(fts.map(splitUnits)),
    [CJK_COLUMN]: utf8Column(fts.map((t) => cjkOnly(t))),
    [IDENT_COLUMN]: utf8Column(fts.map(identifierText)),
    content_hash: str((r) => r.content_hash),
    doc_hash: str((r) => r.doc_hash),
    vector: vectors,
    [METADATA_COLUMN]: vectorFromArray(
      rows.map((r) => (hasMetadata(r.metadata) ? JSON.stringify(r.metadata) : null)),
      new Utf8(),
    ),
  };
  return tableFromColumns(schema, columns, rows.length);
}

export function tableFromColumns(
  schema: Schema,
  columns: Record<string, { data: readonly unknown[] }>,
  length: number,
): ArrowTable {
  const children = schema.fields.map((f) => {
    const col = columns[f.name];
    if (!col) throw new Error(`missing column ${f.name}`);
    return (col.data as ReturnType<typeof makeData>[])[0]!;
  });
  const data = makeData({ type: new Struct(schema.fields), length, nullCount: 0, children });
  return new Table([new RecordBatch(schema, data)]);
}

/** A stored row (as LanceDB returns it) back into a plain chunk. */
export function rowToChunk(r: Record<string, unknown>) {
  return {
    id: String(r.id),
    source: String(r.source),
    doc_id: String(r.doc_id),
    path: String(r.path),
    title: String(r.title),
    heading_path: JSON.parse(String(r.heading_path ?? '[]')) as string[],
    page: r.page === null || r.page === undefined ? null : Number(r.page),
    start: Number(r.start),
    end: Number(r.end),
    chunk_index: Number(r.chunk_index),
    text: String(r.text),
    content_hash: String(r.content_hash),
    doc_hash: String(r.doc_hash),
    metadata: parseStoredMetadata(r[METADATA_COLUMN]),
  };
}
