import { z } from 'zod';
import type { Citation, QueryResponse } from '../../agent/types.ts';
import { AppError } from '../../errors.ts';
import type { ResponseFormat } from './request.ts';

/** How the reply's content is written: prose with [n] markers, or one JSON object. */
export type OutputFormat = { type: 'text' } | { type: 'json'; render: (r: QueryResponse) => string };

/** The fields a JSON reply can carry; a `json_schema` picks among them. */
export const JSON_FIELDS = ['answer', 'citations', 'status', 'refusal_reason', 'run_id', 'question'] as const;

const fieldsOf = (r: QueryResponse): Record<string, unknown> => ({
  answer: r.answer,
  citations: r.citations,
  status: r.status,
  refusal_reason: r.refusal_reason ?? null,
  run_id: r.run_id,
  question: r.question,
});

type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: unknown; required?: unknown };

/** Keep the properties a schema declares, recursively through objects and arrays. */
function project(value: unknown, schema: Schema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return value;
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object')
    return value.map((v) => project(v, schema.items as Schema));
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, sub] of Object.entries(schema.properties))
      if (k in (value as object)) out[k] = project((value as Record<string, unknown>)[k], sub);
    return out;
  }
  return value;
}

const SAMPLE_CITATION: Citation = {
  n: 1,
  chunk_id: 'c1',
  source: 'docs',
  doc_id: 'guide.md',
  title: 'Guide',
  heading_path: ['Guide'],
  page: null,
  start: 0,
  end: 10,
  text: 'A sentence.',
};
const SAMPLE = {
  answer: 'An answer [1].',
  status: 'answered',
  citations: [SAMPLE_CITATION],
  run_id: 'run_1',
  question: 'q',
  stop_reason: 'answered',
} as QueryResponse;

/**
 * The output format a request asks for. `json_object` is `{answer, citations, status}`. A `json_schema` must
 * describe an object whose required properties are among JSON_FIELDS; the reply is those fields, with every object
 * inside cut to the properties the schema declares, and checked against the schema. A schema that a sample answer
 * cannot satisfy is a 400 before anything runs — grounded does not invent fields it has no data for.
 */
export function outputFormat(rf: ResponseFormat | null | undefined, param: string): OutputFormat {
  if (!rf || rf.type === 'text') return { type: 'text' };
  if (rf.type === 'json_object')
    return {
      type: 'json',
      render: (r) => JSON.stringify({ answer: r.answer, citations: r.citations, status: r.status }),
    };
  const schema = (rf.json_schema.schema ?? {}) as Schema;
  const bad = (why: string) =>
    new AppError(
      'unsupported_value',
      `${param}: the schema "${rf.json_schema.name}" ${why}. grounded can fill an object with the properties ${JSON_FIELDS.join(', ')}`,
      { field: param },
    );
  if (schema.type !== 'object' || !schema.properties || typeof schema.properties !== 'object')
    throw bad('is not an object schema with properties');
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const unknown = required.filter((k) => !(JSON_FIELDS as readonly string[]).includes(k));
  if (unknown.length) throw bad(`requires ${unknown.join(', ')}, which grounded has no data for`);
  let check: z.ZodType;
  try {
    check = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (e) {
    throw bad(`uses JSON Schema features that cannot be checked here (${(e as Error).message})`);
  }
  const render = (r: QueryResponse): string => {
    const value = project(fieldsOf(r), schema);
    const ok = check.safeParse(value);
    if (!ok.success) {
      const i = ok.error.issues[0]!;
      throw bad(`does not fit grounded's reply at ${i.path.join('.') || 'the top'}: ${i.message}`);
    }
    return JSON.stringify(value);
  };
  render(SAMPLE);
  return { type: 'json', render };
}
