/**
 * Per-document metadata: a flat JSON object of strings, numbers, booleans and string arrays, stored with every chunk
 * of the document (a LanceDB JSON column) so that filters on it run inside LanceDB's `where`.
 */
export type MetaValue = string | number | boolean | string[];
export type Metadata = Record<string, MetaValue>;

/** Keys are plain names (they are written into JSON paths): a letter or `_` first, then letters, digits, `_`, `-`. */
export const META_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
export const META_LIMITS = { keys: 64, stringChars: 1000, arrayItems: 100 } as const;

/** The column holding each chunk's metadata (Lance's JSON type; null when the document has none). */
export const METADATA_COLUMN = 'metadata';

const isMetaValue = (v: unknown): v is MetaValue =>
  (typeof v === 'string' && v.length <= META_LIMITS.stringChars) ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  typeof v === 'boolean' ||
  (Array.isArray(v) &&
    v.length <= META_LIMITS.arrayItems &&
    v.every((x) => typeof x === 'string' && x.length <= META_LIMITS.stringChars));

/**
 * Keep the entries of `input` that are metadata; each one left out is described in `problems` (what to fix).
 * Dates and other YAML scalars arrive as strings and stay strings.
 */
export function readMetadata(input: Record<string, unknown>): { metadata: Metadata; problems: string[] } {
  const metadata: Metadata = {};
  const problems: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (v === null || v === undefined) continue;
    if (!META_KEY.test(k)) {
      problems.push(`metadata key ${JSON.stringify(k)} is not a plain name (letters, digits, _ and -, at most 64)`);
      continue;
    }
    const value = v instanceof Date ? v.toISOString() : v;
    if (!isMetaValue(value)) {
      problems.push(
        `metadata ${k}: only strings (≤ ${META_LIMITS.stringChars} chars), numbers, booleans and string arrays (≤ ${META_LIMITS.arrayItems}) are kept`,
      );
      continue;
    }
    if (Object.keys(metadata).length >= META_LIMITS.keys) {
      problems.push(`more than ${META_LIMITS.keys} metadata keys; ${k} and later ones are left out`);
      break;
    }
    metadata[k] = value;
  }
  return { metadata, problems };
}

export const hasMetadata = (m: Metadata | undefined): m is Metadata => !!m && Object.keys(m).length > 0;

/** A stored metadata value (JSON text, or its bytes) back into an object; anything unreadable is no metadata. */
export function parseStoredMetadata(raw: unknown): Metadata {
  if (raw === null || raw === undefined) return {};
  const text = typeof raw === 'string' ? raw : raw instanceof Uint8Array ? new TextDecoder().decode(raw) : String(raw);
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Metadata) : {};
  } catch {
    return {};
  }
}
