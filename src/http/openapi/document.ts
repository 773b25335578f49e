import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type RouteDoc, routeDocs, TAGS } from './routes.ts';
import { NativeError, OpenAiError } from './schemas.ts';

/** Hono's `/v1/models/:id{.+}` as OpenAPI's `/v1/models/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a zod schema, as a request reads it or a response writes it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const ERROR_TEXT: Record<string, string> = {
  '4XX': 'A request error: what to fix is in the message (and `param`/`field`)',
  '5XX': 'A server error',
};

function operation(r: RouteDoc) {
  const errorSchema = jsonSchema(r.errors === 'openai' ? OpenAiError : NativeError, 'output');
  const params = [
    ...[...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1]!,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...Object.entries(r.query ?? {}).map(([name, q]) => ({
      name,
      in: 'query',
      required: false,
      description: q.description,
      schema: jsonSchema(q.schema, 'input'),
    })),
  ];
  const okType = r.ok.type ?? 'application/json';
  return {
    operationId: `${r.method}${openApiPath(r.path)
      .replace(/[{}]/g, '')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.tag],
    ...(r.open ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(r.body || r.multipart
      ? {
          requestBody: {
            required: !r.optionalBody,
            content: {
              ...(r.multipart ? { 'multipart/form-data': { schema: r.multipart } } : {}),
              ...(r.body ? { 'application/json': { schema: jsonSchema(r.body, 'input') } } : {}),
            },
          },
        }
      : {}),
    responses: {
      [String(r.ok.status ?? 200)]: {
        description: r.ok.description,
        content: { [okType]: { schema: r.ok.schema ? jsonSchema(r.ok.schema, 'output') : { type: 'string' } } },
      },
      ...Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([code, description]) => [
          code,
          { description, content: { 'application/json': { schema: errorSchema } } },
        ]),
      ),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the running server, built from the same zod schemas the routes validate requests
 * with (`routes.ts`), so it cannot disagree with them. `server` is the URL the document was fetched from.
 */
export function openApiDocument(config: Config, server: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routeDocs(config)) {
    const p = openApiPath(r.path);
    paths[p] ??= {};
    paths[p][r.method] = operation(r);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'grounded',
      version: '0.1.0',
      description:
        'An agentic RAG server: every answer cited, every claim checked, every step replayable. When the server has API keys (GROUNDED_API_KEYS), every route but the open ones needs `Authorization: Bearer <key>`.',
    },
    servers: [{ url: server }],
    tags: TAGS,
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key' } } },
    paths,
  };
}
