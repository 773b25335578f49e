// @ts-check
import { headingLine } from './answer.js';
import { enc, getJson } from './api.js';
import { field, fill, h, prose } from './dom.js';

/** @typedef {import('./answer.js').Citation} Citation */

/**
 * Where the cited span sits inside the chunk's text. Citation offsets are into the document's extracted text and the
 * chunk knows its own start, so the span is (start - chunk.start, end - chunk.start). If that does not reproduce the
 * cited text (the document was re-ingested since), fall back to finding the text itself.
 *
 * @param {string} chunkText
 * @param {number} chunkStart
 * @param {Citation} c
 * @returns {[number, number] | null}
 */
export function spanInChunk(chunkText, chunkStart, c) {
  const a = c.start - chunkStart;
  const b = c.end - chunkStart;
  if (a >= 0 && b <= chunkText.length && a < b && chunkText.slice(a, b) === c.text) return [a, b];
  const at = c.text ? chunkText.indexOf(c.text) : -1;
  return at >= 0 ? [at, at + c.text.length] : null;
}

/**
 * Show a citation in `panel`: the cited chunk between its neighbours, the span marked.
 *
 * @param {HTMLElement} panel
 * @param {Citation} c
 */
export async function showCitation(panel, c) {
  panel.replaceChildren(h('p', { class: 'muted' }, `Loading citation [${c.n}]…`));
  panel.setAttribute('aria-busy', 'true');
  /** @type {any} */
  let data;
  try {
    data = await getJson(`/v1/sources/${enc(c.source)}/chunks/${enc(c.chunk_id)}?context=1`);
  } catch (e) {
    panel.replaceChildren(
      header(c),
      h('p', { class: 'error' }, `Could not load the passage: ${e instanceof Error ? e.message : String(e)}`),
      h('blockquote', { class: 'doc' }, h('mark', { class: 'cited-span' }, c.text)),
    );
    panel.removeAttribute('aria-busy');
    return;
  }
  const chunk = data.chunk;
  /** @type {{id: string, start: number, text: string}[]} */
  const around = data.context?.length ? data.context : [chunk];
  const doc = h('div', { class: 'doc', 'aria-label': 'Document context' });
  let found = false;
  for (const part of around) {
    if (part.id !== chunk.id) {
      doc.append(h('p', { class: 'context' }, prose(part.text)));
      continue;
    }
    const span = spanInChunk(chunk.text, chunk.start, c);
    found = span !== null;
    doc.append(
      span
        ? h(
            'p',
            { class: 'cited' },
            prose(chunk.text.slice(0, span[0])),
            h('mark', { class: 'cited-span' }, prose(chunk.text.slice(span[0], span[1]))),
            prose(chunk.text.slice(span[1])),
          )
        : h('p', { class: 'cited' }, prose(chunk.text)),
    );
  }
  fill(
    panel,
    header({ ...c, title: c.title || chunk.title, heading_path: chunk.heading_path ?? c.heading_path }),
    found
      ? null
      : h('p', { class: 'error' }, 'The cited span is no longer in this chunk; the document may have changed.'),
    doc,
  );
  panel.removeAttribute('aria-busy');
  panel.querySelector('mark')?.scrollIntoView({ block: 'nearest' });
}

/** @param {Citation} c */
function header(c) {
  const title = h(
    'h2',
    { class: 'evidence-title', tabindex: '-1' },
    h('span', { class: 'cite static' }, c.n),
    ' ',
    c.title || c.doc_id,
  );
  return h(
    'header',
    { class: 'evidence-head' },
    title,
    headingLine(c) ? h('p', { class: 'where' }, headingLine(c)) : null,
    h(
      'p',
      { class: 'meta' },
      field('source', c.source),
      field('document', c.doc_id),
      c.page != null ? field('page', c.page) : null,
      field('chars', `${c.start}–${c.end}`),
    ),
  );
}
