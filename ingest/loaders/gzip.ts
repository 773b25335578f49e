import { open, readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { constants, createGunzip, gunzip } from 'node:zlib';
import { DEFAULT_MAX_DECOMPRESSED_MB } from '../../src/config.ts';
import { LoadError } from '../types.ts';

const gunzipAsync = promisify(gunzip);

/** Decompressed documents larger than this are refused unless the job sets another limit. */
export const MAX_DECOMPRESSED_BYTES = DEFAULT_MAX_DECOMPRESSED_MB << 20;

/** A byte limit in MB as the setting names it (1048576 → 1). */
const mb = (bytes: number): number => Math.round((bytes / (1 << 20)) * 100) / 100;

/** Whether a file is gzip-compressed by its name (`NEWS.gz`, `guide.html.gz`). */
export const isGzipName = (file: string): boolean => file.toLowerCase().endsWith('.gz');

/** The name a compressed file's content has: `guide.html.gz` → `guide.html`; other names as they are. */
export const innerName = (file: string): string => (isGzipName(file) ? file.slice(0, -3) : file);

/**
 * A gzip file's content, held in memory: decompression stops as soon as it passes `maxBytes` (a small file that
 * inflates to gigabytes never takes more memory than the limit). A corrupt or truncated file is a LoadError.
 */
export async function gunzipFile(file: string, maxBytes: number): Promise<Buffer> {
  const { size } = await stat(file);
  if (size === 0) throw new LoadError('empty file');
  // Deflate stores incompressible data with 5 bytes per 64 KB block: a file this much larger than the limit cannot
  // decompress within it, so it is refused before it is read (a file over 2 GB cannot even be read into a Buffer).
  if (size > maxBytes + Math.ceil(maxBytes / 8192) + 1024)
    throw new LoadError(
      `is ${mb(size)} MB compressed, more than its content may decompress to (GROUNDED_INGEST_MAX_DECOMPRESSED_MB=${mb(maxBytes)})`,
    );
  // Only this frame holds the compressed bytes: they are garbage once decompressed.
  const packed = await readFile(file);
  try {
    return await gunzipAsync(packed, { maxOutputLength: maxBytes });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
      throw new LoadError(
        `decompresses to more than ${mb(maxBytes)} MB (GROUNDED_INGEST_MAX_DECOMPRESSED_MB=${mb(maxBytes)})`,
      );
    throw new LoadError(`not a valid gzip file (${(e as Error).message})`);
  }
}

/**
 * At most `maxOut` bytes of what the start of a gzip stream decompresses to, in a buffer of their own. A prefix of
 * the stream is flushed as far as it goes rather than refused as truncated; inflating stops once `maxOut` bytes are
 * out (a small head of a bomb never inflates further). A head that is not gzip is a LoadError with the reason.
 */
export function gunzipHead(head: Uint8Array, maxOut: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: Math.max(64, Math.min(maxOut, 16384)) });
    const parts: Buffer[] = [];
    let n = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      z.destroy();
      // A copy: the result keeps nothing else alive.
      resolve(Buffer.concat(parts, n));
    };
    z.on('data', (b: Buffer) => {
      if (settled) return;
      const take = b.subarray(0, maxOut - n);
      parts.push(Buffer.from(take));
      n += take.length;
      if (n >= maxOut) finish();
    });
    z.on('end', finish);
    z.on('error', (e) => {
      if (settled) return;
      settled = true;
      reject(new LoadError(`not a valid gzip file (${e.message})`));
    });
    z.end(head);
  });
}

/**
 * The first bytes of a file's content, at most `bytes`, decompressed when it is a .gz (from its first `bytes`
 * compressed bytes), or undefined when they cannot be read or decompressed.
 */
export async function readHead(file: string, bytes: number): Promise<Uint8Array | undefined> {
  let head: Buffer;
  try {
    const fh = await open(file);
    try {
      const { buffer, bytesRead } = await fh.read(Buffer.alloc(bytes), 0, bytes, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  } catch {
    return undefined;
  }
  if (!isGzipName(file)) return head;
  return gunzipHead(head, bytes).catch(() => undefined);
}
