// @ts-check
import { $, fill, h } from './dom.js';

/**
 * The API reference, rendered from /openapi.json in this page (no CDN, no framework): per tag, each operation
 * with its parameters, request body fields (from the schema the route validates with) and responses.
 */

/** @typedef {{ type?: string | string[], enum?: unknown[], const?: unknown, anyOf?: Schema[], items?: Schema, properties?: Record<string, Schema>, required?: string[], description?: string, default?: unknown }} Schema */

/** @param {Schema | undefined} s @returns {string} */
function typeOf(s) {
  if (!s) return 'any';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.type === 'array') return `${typeOf(s.items)}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return s.type ?? 'any';
}

/** @param {Schema | undefined} schema */
function fields(schema) {
  const props = Object.entries(schema?.properties ?? {});
  if (!props.length) return h('p', { class: 'muted' }, typeOf(schema));
  const required = new Set(schema?.required ?? []);
  return h(
    'table',
    { class: 'docs-fields' },
    h('thead', null, h('tr', null, h('th', null, 'field'), h('th', null, 'type'), h('th', null, 'about'))),
    h(
      'tbody',
      null,
      props.map(([name, s]) =>
        h(
          'tr',
          null,
          h('td', null, h('code', null, name), required.has(name) ? ' *' : ''),
          h('td', null, h('code', null, typeOf(s))),
          h('td', null, s.description ?? '', s.default !== undefined ? ` (default ${JSON.stringify(s.default)})` : ''),
        ),
      ),
    ),
  );
}

/** @param {string} method @param {string} path @param {any} op */
function operation(method, path, op) {
  const body = op.requestBody?.content?.['application/json']?.schema;
  /** @type {{ name: string, in: string, required: boolean, description?: string, schema: Schema }[]} */
  const params = op.parameters ?? [];
  return h(
    'details',
    { class: 'docs-op', id: op.operationId },
    h(
      'summary',
      null,
      h('span', { class: `docs-method docs-${method}` }, method.toUpperCase()),
      ' ',
      h('code', null, path),
      ' — ',
      op.summary,
    ),
    op.description ? h('p', null, op.description) : null,
    op.security?.length === 0 ? h('p', { class: 'muted' }, 'No API key needed.') : null,
    params.length
      ? [
          h('h4', null, 'Parameters'),
          fields({
            properties: Object.fromEntries(
              params.map((p) => [
                p.name,
                { ...p.schema, description: `${p.in}${p.description ? `: ${p.description}` : ''}` },
              ]),
            ),
            required: params.filter((p) => p.required).map((p) => p.name),
          }),
        ]
      : null,
    body ? [h('h4', null, 'Request body'), fields(body)] : null,
    h('h4', null, 'Responses'),
    h(
      'ul',
      null,
      Object.entries(op.responses).map(([code, r]) =>
        h('li', null, h('code', null, code), ' ', /** @type {any} */ (r).description),
      ),
    ),
  );
}

async function main() {
  const intro = $('#docs-intro');
  const res = await fetch('/openapi.json');
  if (!res.ok) {
    intro.textContent = `Could not load /openapi.json (HTTP ${res.status}).`;
    return;
  }
  const doc = await res.json();
  fill(
    intro,
    doc.info.description,
    ' The machine-readable document: ',
    h('a', { href: '/openapi.json' }, '/openapi.json'),
    ` (OpenAPI ${doc.openapi}).`,
  );
  /** @type {Map<string, HTMLElement[]>} */
  const byTag = new Map();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(/** @type {Record<string, any>} */ (ops))) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  fill(
    $('#docs-body'),
    doc.tags
      .filter((/** @type {{name: string}} */ t) => byTag.has(t.name))
      .map((/** @type {{name: string, description: string}} */ t) =>
        h(
          'section',
          { class: 'docs-tag card' },
          h('h2', null, t.name),
          h('p', { class: 'muted' }, t.description),
          byTag.get(t.name),
        ),
      ),
  );
}

void main();
