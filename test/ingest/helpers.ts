import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createPdfPool, loadFile, type PdfPool } from '../../ingest/loaders/index.ts';
import type { JsonlFields, LoadContext } from '../../ingest/types.ts';
import type { Embedder } from '../../src/providers/embedder.ts';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import { rowToChunk, type SourceTable, type StoredChunk } from '../../src/store/index.ts';

export const FIXTURES = new URL('../fixtures/docs/', import.meta.url).pathname;

/** Write files (relative path → content) under a directory. */
export async function writeTree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}

/** The builtin embedder, recording every text it is asked to embed. */
export function countingEmbedder(dims = 64): Embedder & { calls: string[][] } {
  const inner = createBuiltinEmbedder(dims);
  const calls: string[][] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    calls,
    embed(texts, signal) {
      calls.push([...texts]);
      return inner.embed(texts, signal);
    },
  };
}

/** A load context for calling one loader directly; issues are collected. */
export function loadContext(
  file: string,
  pdf: PdfPool,
  jsonlFields: JsonlFields = {},
): LoadContext & { issues: string[] } {
  const issues: string[] = [];
  return {
    file,
    path: file,
    docId: file,
    jsonlFields,
    pdf,
    issues,
    onIssue: (r) => issues.push(r),
    onBytes: () => {},
  };
}

/** Every stored chunk of a source, ordered by document and position. */
export async function allChunks(table: SourceTable): Promise<StoredChunk[]> {
  return (await table.scanChunks())
    .map(rowToChunk)
    .sort((a, b) => (a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : a.chunk_index - b.chunk_index));
}

/** The extracted text of each document in a file, as the pipeline sees it (PDFs extracted too). */
export async function extractedTexts(file: string): Promise<Map<string, string>> {
  const pool = createPdfPool({ size: 1 });
  const out = new Map<string, string>();
  try {
    for await (const d of loadFile(loadContext(file, pool), 0)) {
      if (d.kind === 'memory') out.set(d.doc_id, d.text);
      else if (d.kind === 'deferred') out.set(d.doc_id, (await d.load()).text);
    }
  } finally {
    await pool.close();
  }
  return out;
}

/** A private copy of the fixture documents, free to change. */
export async function copyFixtures(dir: string): Promise<string> {
  const root = join(dir, 'docs');
  await cp(FIXTURES, root, { recursive: true });
  return root;
}
