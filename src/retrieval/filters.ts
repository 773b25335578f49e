import { sqlIn, sqlString } from '../store/index.ts';
import type { ChunkFilter } from './types.ts';

/** Metadata filter → LanceDB SQL predicate (values quoted, never interpolated raw). */
export function filterToWhere(f: ChunkFilter | undefined): string | undefined {
  if (!f) return undefined;
  const parts: string[] = [];
  if (f.doc_ids?.length) parts.push(sqlIn('doc_id', f.doc_ids));
  if (f.path_prefix) parts.push(`starts_with(path, ${sqlString(f.path_prefix)})`);
  if (f.page !== undefined) parts.push(`page = ${Math.trunc(f.page)}`);
  if (f.title) parts.push(`title = ${sqlString(f.title)}`);
  if (f.titles?.length) parts.push(sqlIn('title', f.titles));
  return parts.length ? parts.join(' AND ') : undefined;
}
