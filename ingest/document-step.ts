import type { ManifestEntry } from '../src/store/index.ts';
import { chunkDocument } from './chunk.ts';
import { docHash, extractedHash } from './doc-hash.ts';
import type { InputFile } from './inputs.ts';
import type { Settings } from './job.ts';
import { slices, streamedParts } from './parts.ts';
import type { PriorState } from './prior-state.ts';
import type { RunState } from './run-state.ts';
import type { AnyDoc } from './types.ts';
import type { ChunkWriter } from './writer.ts';

/** Errors that stop the whole job (store, embedder), as opposed to a file that cannot be read. */
export class FatalIngestError extends Error {}

const fatal = <T>(p: Promise<T>): Promise<T> =>
  p.catch((e: unknown) => Promise.reject(new FatalIngestError('ingest stopped', { cause: e })));

/**
 * One document: skipped when the manifest has it with the same hash; otherwise extracted (PDFs), chunked and handed
 * to the writer (or, in a dry run, counted).
 */
export async function ingestDocument(
  doc: AnyDoc,
  file: InputFile,
  ctx: { settings: Settings; state: RunState; prior: PriorState; writer?: ChunkWriter },
): Promise<void> {
  const { settings, state, prior, writer } = ctx;
  const seen = state.produced.get(doc.doc_id);
  if (seen !== undefined)
    return state.fail(file, `duplicate document id ${JSON.stringify(doc.doc_id)} (first read from ${seen})`);
  // Claimed before any await, so two files loaded concurrently cannot both take the same id.
  state.produced.set(doc.doc_id, file.path);
  const hash = docHash(
    doc.kind === 'memory' ? extractedHash(doc) : doc.contentHash,
    doc.path,
    settings.params,
    doc.metadata,
  );
  const prev = prior.manifest.get(doc.doc_id);
  if (!settings.force && prev?.doc_hash === hash && !prior.damaged.has(doc.doc_id)) return state.counted(true);

  const loaded = await state.time('load', () =>
    doc.kind === 'deferred' ? doc.load() : doc.kind === 'memory' ? doc : undefined,
  );
  state.counted(false);
  const stored = { reuse: new Set(settings.force ? [] : (prev?.chunk_ids ?? [])), fresh: prev === undefined };
  const entry: ManifestEntry = {
    doc_id: doc.doc_id,
    path: doc.path,
    origin: file.origin ?? file.file,
    doc_hash: hash,
    chunk_ids: [],
    title: loaded?.title ?? (doc.kind === 'stream' ? doc.title : ''),
    ingested_at: new Date().toISOString(),
  };
  const drafts = loaded && (await state.time('chunk', () => chunkDocument(loaded, settings.source, settings.params)));
  const parts = drafts
    ? slices(drafts, settings.batchRows)
    : streamedParts(
        doc as Extract<AnyDoc, { kind: 'stream' }>,
        settings.source,
        settings.params,
        settings.batchRows,
        (ms) => {
          state.timings.chunk += ms;
        },
      );
  if (!writer) {
    for await (const part of parts) {
      state.dry.written += part.length;
      state.dry.embedded += part.filter((d) => !stored.reuse.has(d.id)).length;
    }
  } else if (drafts && drafts.length <= settings.batchRows) await fatal(writer.add(drafts, entry, stored));
  else await fatal(writer.addLarge(parts, entry, stored));
}
