import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { AppError } from '../../src/errors.ts';
import type { NewDocument } from '../../src/service/ingest-jobs.ts';
import { type Metadata, readMetadata } from '../../src/store/index.ts';
import { HEAD_BYTES } from '../loaders/decode.ts';
import { sniffUpload, type UploadType } from './sniff.ts';

/** One uploaded file on disk: its name (the document id), where it was written, its size and detected type. */
export type SpooledFile = {
  name: string;
  file: string;
  bytes: number;
  type: UploadType;
  /** Why a binary one is refused, as the sniff found it. */
  reason?: string;
};
export type Spooled = { files: SpooledFile[]; metadata: Metadata };
export type SpoolLimits = { maxBytes: number; maxFiles: number };

/** A refused body is still read and dropped up to this much, so a client that finished sending keeps its socket. */
const DISCARD_BYTES = 64 * 1024 * 1024;

const tooLarge = (l: SpoolLimits) =>
  new AppError('payload_too_large', `the upload passed ${l.maxBytes} bytes; send fewer or smaller files`, {
    limit: l.maxBytes,
  });

/** A file name as a document id: its last path segment, trimmed; control characters are refused. */
function documentName(filename: string): string {
  const name = basename(filename.replaceAll('\\', '/')).trim();
  if (!name || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name))
    throw new AppError('bad_request', `file name ${JSON.stringify(filename)} cannot name a document`, {
      field: 'files',
    });
  return name;
}

/** The `metadata` form field: a JSON object of metadata values (what it may hold is said when it does not). */
export function parseMetadataField(raw: string): Metadata {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch (e) {
    throw new AppError('bad_request', `metadata: not JSON (${(e as Error).message})`, { field: 'metadata' });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new AppError('bad_request', 'metadata: a JSON object, e.g. {"team": "billing"}', { field: 'metadata' });
  const { metadata, problems } = readMetadata(v as Record<string, unknown>);
  if (problems.length) throw new AppError('bad_request', problems.join('; '), { field: 'metadata' });
  return metadata;
}

/**
 * Stream a `multipart/form-data` body to `dir`: every file part is written as it arrives (memory holds one chunk
 * and the first 8 KB for type detection), counted against the limits, then named by its detected type. Fails with
 * 413 past the total size or file count, 400 for a malformed body; a failed spool leaves nothing behind.
 */
export async function spoolMultipart(
  o: { contentType: string; body: ReadableStream<Uint8Array>; dir: string; signal?: AbortSignal } & SpoolLimits,
): Promise<Spooled> {
  await mkdir(o.dir, { recursive: true });
  const files: SpooledFile[] = [];
  const writes: Promise<void>[] = [];
  let metadata: Metadata = {};
  let total = 0;
  let failure: unknown;
  let busboy: ReturnType<typeof Busboy>;
  try {
    busboy = Busboy({
      headers: { 'content-type': o.contentType },
      limits: { files: o.maxFiles, fileSize: o.maxBytes, fields: 20, fieldSize: 256 * 1024, parts: o.maxFiles + 20 },
    });
  } catch (e) {
    throw new AppError('bad_request', `not a multipart body: ${(e as Error).message}`, { field: 'body' });
  }
  const input = Readable.fromWeb(o.body as import('node:stream/web').ReadableStream<Uint8Array>);
  const open = new Set<Readable>();
  const fail = (e: unknown) => {
    failure ??= e;
    input.unpipe(busboy);
    // Every file still being written ends now, so its pipeline settles and its part file can be removed.
    for (const s of open) s.destroy();
    busboy.destroy();
  };
  busboy.on('file', (_field, stream, filename) => {
    if (failure) return stream.resume();
    let name: string;
    try {
      name = documentName(filename ?? '');
    } catch (e) {
      stream.resume();
      return fail(e);
    }
    const n = files.length + 1;
    const part = join(o.dir, `${String(n).padStart(4, '0')}.part`);
    const spooled: SpooledFile = { name, file: part, bytes: 0, type: 'text' };
    files.push(spooled);
    open.add(stream);
    stream.on('close', () => open.delete(stream));
    const head: Buffer[] = [];
    let headBytes = 0;
    stream.on('data', (b: Buffer) => {
      spooled.bytes += b.length;
      total += b.length;
      if (headBytes < HEAD_BYTES) {
        head.push(b.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(b.length, HEAD_BYTES - headBytes);
      }
      if (total > o.maxBytes) fail(tooLarge(o));
    });
    stream.on('limit', () => fail(tooLarge(o)));
    writes.push(
      pipeline(stream, createWriteStream(part)).then(async () => {
        const { type, ext, reason } = await sniffUpload(Buffer.concat(head), name);
        spooled.type = type;
        if (reason) spooled.reason = reason;
        spooled.file = part.replace(/\.part$/, ext);
        await rename(part, spooled.file);
      }),
    );
  });
  busboy.on('field', (field, value, _nameCut, valueCut) => {
    if (field !== 'metadata')
      return fail(
        new AppError(
          'bad_request',
          `unknown form field ${JSON.stringify(field)}: send files and an optional metadata field`,
          {
            field,
          },
        ),
      );
    if (valueCut) return fail(new AppError('payload_too_large', 'the metadata field is over 256 KB', { field }));
    try {
      metadata = parseMetadataField(value);
    } catch (e) {
      fail(e);
    }
  });
  busboy.on('filesLimit', () =>
    fail(new AppError('payload_too_large', `at most ${o.maxFiles} files per request`, { limit: o.maxFiles })),
  );
  const done = new Promise<void>((resolve, reject) => {
    busboy.on('finish', resolve);
    busboy.on('error', (e: Error) => reject(new AppError('bad_request', `malformed multipart body: ${e.message}`)));
    busboy.on('close', resolve);
    input.on('error', reject);
    o.signal?.addEventListener('abort', () => reject(new AppError('bad_request', 'the client went away')), {
      once: true,
    });
  });
  input.pipe(busboy);
  try {
    await done;
    if (failure) throw failure;
    await Promise.all(writes);
    if (failure) throw failure;
    if (files.length === 0)
      throw new AppError('bad_request', 'no files in the upload: send them as multipart file parts', {
        field: 'files',
      });
    return { files, metadata };
  } catch (e) {
    failure ??= e;
    void Promise.allSettled(writes).then(() => rm(o.dir, { recursive: true, force: true }));
    discard(input);
    throw failure;
  }
}

/** Read what is left of a refused body and drop it, up to a cap (then the connection is closed). */
function discard(input: Readable): void {
  let dropped = 0;
  input.on('data', (b: Buffer) => {
    dropped += b.length;
    if (dropped > DISCARD_BYTES) input.destroy();
  });
  input.on('error', () => {});
  input.resume();
}

/** Documents given as JSON, written as one JSONL file the pipeline reads (each record's path is its id). */
export async function spoolDocuments(documents: readonly NewDocument[], dir: string): Promise<Spooled> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, '0001.jsonl');
  const lines = documents.map((d) =>
    JSON.stringify({ _id: d.id, title: d.title ?? '', text: d.text, path: d.id, metadata: d.metadata ?? {} }),
  );
  const body = `${lines.join('\n')}\n`;
  await writeFile(file, body);
  return { files: [{ name: 'documents.jsonl', file, bytes: Buffer.byteLength(body), type: 'jsonl' }], metadata: {} };
}
