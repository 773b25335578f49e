import { AppError } from '../errors.ts';

type Item = { embedding?: unknown; index?: unknown };

/** Vectors from an OpenAI-style embeddings response, in input order (by `index`), as float arrays or base64. */
export function parseEmbeddings(body: unknown, expected: number, where: string): Float32Array[] {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data) || data.length !== expected)
    throw new AppError(
      'upstream',
      `${where} returned ${Array.isArray(data) ? `${data.length} embeddings for ${expected} inputs` : 'no "data" array'}`,
    );
  const out = new Array<Float32Array>(expected);
  (data as Item[]).forEach((item, i) => {
    const index = typeof item.index === 'number' ? item.index : i;
    const v = toVector(item.embedding);
    if (!v || index < 0 || index >= expected || out[index])
      throw new AppError('upstream', `${where} returned a malformed embedding at position ${i}`);
    out[index] = v;
  });
  const dims = out[0]!.length;
  if (dims === 0 || out.some((v) => v.length !== dims))
    throw new AppError('upstream', `${where} returned vectors of different or zero length`);
  return out;
}

function toVector(e: unknown): Float32Array | undefined {
  if (Array.isArray(e))
    return e.every((x) => typeof x === 'number' && Number.isFinite(x)) ? Float32Array.from(e) : undefined;
  if (typeof e === 'string') {
    const bytes = Buffer.from(e, 'base64');
    if (bytes.length % 4 !== 0) return undefined;
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  }
  return undefined;
}
