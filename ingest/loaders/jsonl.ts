import { stat } from 'node:fs/promises';
import { type Metadata, readMetadata } from '../../src/store/index.ts';
import { type LoadContext, LoadError, type LoadedDoc } from '../types.ts';
import { assertText, decodeNotUtf8, normalizeNewlines } from './decode.ts';
import { readLines } from './lines.ts';

const MAX_ISSUES = 20;
const DEFAULT_ID = ['_id', 'id'];
const DEFAULT_TITLE = ['title'];
const DEFAULT_TEXT = ['text', 'contents'];

/**
 * A record's metadata: its other top-level fields that are metadata values (strings, numbers, booleans, string
 * lists), then the entries of its `metadata` object, which win. Problems are reported only for that object (other
 * fields may be anything).
 */
function recordMetadata(
  rec: Record<string, unknown>,
  used: ReadonlySet<string>,
): { metadata: Metadata; problems: string[] } {
  const top = readMetadata(Object.fromEntries(Object.entries(rec).filter(([k]) => !used.has(k)))).metadata;
  const given = rec.metadata;
  if (!given || typeof given !== 'object' || Array.isArray(given)) return { metadata: top, problems: [] };
  const own = readMetadata(given as Record<string, unknown>);
  return { metadata: { ...top, ...own.metadata }, problems: own.problems };
}

/**
 * One document per line (BEIR corpora ingest as they are); the record's other fields are its metadata and a `path`
 * field is where citations say it is. A broken line is reported with its number and skipped;
 * the rest of the file is still loaded. A document with an empty text but a title is indexed by its title.
 * `given`: the file's content when it is not the file's bytes (a decompressed `.jsonl.gz`).
 */
export async function* loadJsonl(ctx: LoadContext, given?: Buffer): AsyncGenerator<LoadedDoc> {
  if ((given?.length ?? (await stat(ctx.file)).size) === 0) throw new LoadError('empty file');
  const idFields = ctx.jsonlFields.id ? [ctx.jsonlFields.id] : DEFAULT_ID;
  const titleFields = ctx.jsonlFields.title ? [ctx.jsonlFields.title] : DEFAULT_TITLE;
  const textFields = ctx.jsonlFields.text ? [ctx.jsonlFields.text] : DEFAULT_TEXT;
  const used = new Set([...idFields, ...titleFields, ...textFields, 'metadata', 'path']);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let issues = 0;
  let docs = 0;
  const issue = (lineNo: number, reason: string) => {
    issues++;
    if (issues <= MAX_ISSUES) ctx.onIssue(`line ${lineNo}: ${reason}`);
    else if (issues === MAX_ISSUES + 1)
      ctx.onIssue(`more broken lines after line ${lineNo}; only the first ${MAX_ISSUES} are listed`);
  };
  for await (const { bytes, lineNo, end } of readLines(given ? [given] : ctx.file)) {
    ctx.onBytes(end);
    if (lineNo === 1) assertText(bytes);
    let line: string;
    try {
      line = decoder.decode(bytes);
    } catch {
      // Read as a text file is: UTF-8 with a few stray bytes (a Latin-1 "©"), or Western legacy text.
      try {
        line = decodeNotUtf8(bytes, lineNo === 1);
      } catch (e) {
        issue(lineNo, (e as Error).message.replace(/ at byte \d+/, ''));
        continue;
      }
    }
    if (!line.trim()) continue;
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch (e) {
      issue(lineNo, `invalid JSON (${(e as Error).message})`);
      continue;
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
      issue(lineNo, 'not a JSON object');
      continue;
    }
    const rec = obj as Record<string, unknown>;
    const id = pick(rec, idFields);
    if (!id) {
      issue(lineNo, `no document id (field ${idFields.map((f) => JSON.stringify(f)).join(' or ')})`);
      continue;
    }
    const title = pick(rec, titleFields) ?? '';
    const body = normalizeNewlines(pick(rec, textFields) ?? '');
    const text = body.trim() ? body : title;
    if (!text.trim()) {
      issue(
        lineNo,
        `document ${JSON.stringify(id)} has no text (field ${textFields.map((f) => JSON.stringify(f)).join(' or ')})`,
      );
      continue;
    }
    const { metadata, problems } = recordMetadata(rec, used);
    for (const p of problems) issue(lineNo, `document ${JSON.stringify(id)}: ${p}`);
    docs++;
    yield {
      doc_id: id,
      path: typeof rec.path === 'string' && rec.path.trim() ? rec.path : ctx.path,
      title,
      text,
      sections: [{ start: 0, end: text.length, heading_path: [], page: null }],
      metadata,
    };
  }
  if (docs === 0 && issues === 0) throw new LoadError('no documents (only blank lines)');
}

/** The first present field of a record as a string (numbers are accepted for ids). */
function pick(rec: Record<string, unknown>, fields: readonly string[]): string | undefined {
  for (const f of fields) {
    const v = rec[f];
    if (typeof v === 'string' && v.trim()) return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}
