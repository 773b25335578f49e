import { type AccessScope, METADATA_COLUMN, type MetaValue, sqlIn, sqlString } from '../store/web.ts';
import type { ChunkFilter, MetaCondition, MetadataFilter, MetaScalar } from './types.ts';

/**
 * Filters → LanceDB SQL predicates, evaluated inside LanceDB (`where` before the search: prefiltering), never on
 * results afterwards. Values are quoted, never interpolated raw; metadata keys are plain names (`META_KEY`).
 */
export function filterToWhere(f: ChunkFilter | undefined, table: { hasMetadata?: boolean } = {}): string | undefined {
  if (!f) return undefined;
  const parts: string[] = [];
  if (f.doc_ids?.length) parts.push(sqlIn('doc_id', f.doc_ids));
  if (f.path_prefix) parts.push(`starts_with(path, ${sqlString(f.path_prefix)})`);
  if (f.page !== undefined) parts.push(`page = ${Math.trunc(f.page)}`);
  if (f.title) parts.push(`title = ${sqlString(f.title)}`);
  if (f.titles?.length) parts.push(sqlIn('title', f.titles));
  if (f.metadata && Object.keys(f.metadata).length) {
    // A source written before metadata existed has no column: none of its chunks has metadata to match.
    parts.push(table.hasMetadata === false ? 'false' : metadataWhere(f.metadata));
  }
  return parts.length ? parts.join(' AND ') : undefined;
}

/**
 * The predicate a source's scope adds: none when the key may read the whole source (a source it may not read is
 * never opened: `assertReadable`). Kept beside the other filters so finer scopes (per document) have one place to go.
 */
export function scopeWhere(_scope: AccessScope | undefined, _source: string): string | undefined {
  return undefined;
}

/** Both filters of one source: the request's and the scope's, joined. */
export function whereFor(
  filter: ChunkFilter | undefined,
  scope: AccessScope | undefined,
  table: { name: string; hasMetadata?: boolean },
): string | undefined {
  const parts = [filterToWhere(filter, table), scopeWhere(scope, table.name)].filter(Boolean);
  return parts.length ? parts.map((p) => (parts.length > 1 ? `(${p})` : p)).join(' AND ') : undefined;
}

/** Two filters that must both hold (the request's and one search's own, e.g. the agent's titles). */
export function mergeFilters(a: ChunkFilter | undefined, b: ChunkFilter | undefined): ChunkFilter | undefined {
  if (!a) return b;
  if (!b) return a;
  const both = <T>(x: T[] | undefined, y: T[] | undefined) => (x && y ? x.filter((v) => y.includes(v)) : (x ?? y));
  const merged: ChunkFilter = { ...a, ...b };
  const docIds = both(a.doc_ids, b.doc_ids);
  if (docIds) merged.doc_ids = docIds.length ? docIds : ['\u0000none'];
  if (a.metadata && b.metadata) merged.metadata = { ...a.metadata, ...b.metadata };
  return merged;
}

const path = (key: string) => sqlString(`$[${JSON.stringify(key)}]`);
/**
 * The stored value of `key` as JSON text (`"billing"`, `2024`, `true`, `["a","b"]`; NULL when absent). Comparing
 * that text keeps types apart (the string "2024" never equals the number 2024) and never fails on an unexpected
 * type, which `json_get_string` does on a list.
 */
const extracted = (key: string) => `json_extract(${METADATA_COLUMN}, ${path(key)})`;
const num = (n: number) => {
  if (!Number.isFinite(n)) throw new RangeError(`metadata filter number ${n} is not finite`);
  return String(n);
};
/** The stored number (NULL for any other type). */
const asNumber = (key: string) => `try_cast(${extracted(key)} AS DOUBLE)`;

/** `key` equals `v`, or (for a string) the stored string list holds it. */
function equals(key: string, v: MetaScalar): string {
  if (typeof v === 'number') return `${asNumber(key)} = ${num(v)}`;
  const eq = `${extracted(key)} = ${sqlString(JSON.stringify(v))}`;
  return typeof v === 'string'
    ? `(${eq} OR json_array_contains(${METADATA_COLUMN}, ${path(key)}, ${sqlString(v)}))`
    : eq;
}

/** An order comparison: numbers with numbers, strings with strings (as their JSON text, which sorts the same). */
function compare(key: string, sym: string, v: string | number): string {
  if (typeof v === 'number') return `${asNumber(key)} ${sym} ${num(v)}`;
  return `(starts_with(${extracted(key)}, '"') AND ${extracted(key)} ${sym} ${sqlString(JSON.stringify(v))})`;
}

/**
 * Any of `values`: one extraction compared with an IN list (a chain of ORs cost ~3× as much on 8k rows), plus list
 * membership for the strings.
 */
function anyOf(key: string, values: readonly MetaScalar[]): string {
  if (values.length === 0) return 'false';
  if (values.length === 1) return equals(key, values[0]!);
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const texts = [...strings, ...values.filter((v) => typeof v === 'boolean')].map((v) => sqlString(JSON.stringify(v)));
  const parts = [
    ...(texts.length ? [`${extracted(key)} IN (${texts.join(', ')})`] : []),
    ...(numbers.length ? [`${asNumber(key)} IN (${numbers.map(num).join(', ')})`] : []),
    ...strings.map((v) => `json_array_contains(${METADATA_COLUMN}, ${path(key)}, ${sqlString(v)})`),
  ];
  return `(${parts.join(' OR ')})`;
}
/** Not matching, including documents without the key (SQL NULL would otherwise drop them). */
const not = (p: string) => `(NOT coalesce(${p}, false))`;

function condition(key: string, c: MetaCondition): string[] {
  if (typeof c !== 'object' || c === null) return [equals(key, c)];
  if (Array.isArray(c)) return [anyOf(key, c as MetaValue[] as MetaScalar[])];
  const out: string[] = [];
  if (c.eq !== undefined) out.push(equals(key, c.eq));
  if (c.ne !== undefined) out.push(not(equals(key, c.ne)));
  if (c.in !== undefined) out.push(anyOf(key, c.in));
  if (c.nin !== undefined) out.push(not(anyOf(key, c.nin)));
  for (const [op, sym] of [
    ['gt', '>'],
    ['gte', '>='],
    ['lt', '<'],
    ['lte', '<='],
  ] as const) {
    const v = c[op];
    if (v !== undefined) out.push(compare(key, sym, v));
  }
  if (c.exists !== undefined) {
    const has = `json_exists(${METADATA_COLUMN}, ${path(key)})`;
    out.push(c.exists ? has : not(has));
  }
  return out;
}

/** `{team: "billing", year: {gte: 2024}}` → every condition must hold. */
export function metadataWhere(f: MetadataFilter): string {
  const parts = Object.entries(f).flatMap(([k, c]) => condition(k, c));
  return parts.length ? parts.join(' AND ') : 'true';
}
