// @ts-check
import { headingLine } from './answer.js';
import { enc, getJson, postJson, send } from './api.js';
import { $, fmtDate, fmtMs, fmtScore, h, plural, prose } from './dom.js';
import { initSettings } from './settings.js';
import { uploadZone } from './upload.js';

const cards = $('#source-cards');
const form = /** @type {HTMLFormElement} */ ($('#search'));
const query = /** @type {HTMLInputElement} */ ($('#search-q'));
const pick = /** @type {HTMLSelectElement} */ ($('#search-source'));
const mode = /** @type {HTMLSelectElement} */ ($('#search-mode'));
const topK = /** @type {HTMLInputElement} */ ($('#search-k'));
const status = $('#search-status');
const results = $('#results');
const who = $('#who');
const adminTools = $('#admin-tools');
const notice = $('#notice');

/** What the saved key may do (from /v1/me): uploads and deletes are offered only where they would be allowed. */
let role = 'reader';
const canWrite = () => role === 'writer' || role === 'admin';

/** @param {unknown} e */
const message = (e) => (e instanceof Error ? e.message : String(e));

async function loadWho() {
  try {
    const me = await getJson('/v1/me');
    role = me.role;
    const scope = me.sources === '*' ? 'every source' : me.sources.join(', ') || 'no source';
    who.textContent = me.keys_required ? `Key ${me.name}: ${me.role} of ${scope}` : 'Open server: no key needed';
  } catch {
    role = 'reader';
    who.textContent = '';
  }
}

async function loadSources() {
  cards.replaceChildren(h('p', { class: 'muted' }, 'Loading sources…'));
  await loadWho();
  try {
    const { sources } = await getJson('/v1/sources');
    adminTools.replaceChildren(...(role === 'admin' ? [newSourceForm()] : []));
    if (!sources.length) {
      cards.replaceChildren(
        h(
          'p',
          { class: 'muted' },
          'No sources yet. Add one with ',
          h('code', null, 'npm run ingest -- <path> --source <name>'),
        ),
      );
      return;
    }
    cards.replaceChildren(...sources.map(sourceCard));
    pick.replaceChildren(
      h('option', { value: '' }, 'all sources'),
      ...sources.map((/** @type {any} */ s) => h('option', { value: s.name }, s.name)),
    );
  } catch (e) {
    cards.replaceChildren(h('p', { class: 'error' }, `Could not list sources: ${message(e)}`));
  }
}

/** A source with its sizes and embedder; its documents load when opened. @param {any} s */
function sourceCard(s) {
  const docs = h('details', { class: 'docs' }, h('summary', null, `Documents (${s.documents})`));
  docs.addEventListener('toggle', () => {
    if (/** @type {HTMLDetailsElement} */ (docs).open && !docs.dataset.loaded) void loadDocuments(s.name, docs);
  });
  const refresh = () => void loadSources();
  return h(
    'article',
    { class: 'card source-card', dataset: { source: s.name } },
    h(
      'div',
      { class: 'card-head' },
      h('h2', null, s.name),
      role === 'admin'
        ? confirmButton('Delete source', `Delete ${s.name} and all its documents?`, () => deleteSource(s.name))
        : null,
    ),
    h(
      'dl',
      { class: 'stats' },
      stat('documents', s.documents),
      stat('chunks', s.rows),
      stat('embedder', `${s.embedder.id} (${s.embedder.dimensions} dims)`),
      stat('last ingest', fmtDate(s.last_ingest)),
      stat('created', fmtDate(s.created_at)),
    ),
    canWrite() ? zoneFor(s.name, refresh) : null,
    docs,
  );
}

/** @param {string} label @param {string | number} value */
const stat = (label, value) => h('div', null, h('dt', null, label), h('dd', null, String(value)));

/** @param {string} source @param {HTMLElement} box */
async function loadDocuments(source, box) {
  box.dataset.loaded = '1';
  const note = h('p', { class: 'muted' }, 'Loading…');
  box.append(note);
  try {
    const { documents } = await getJson(`/v1/sources/${enc(source)}/documents`);
    note.replaceWith(
      h(
        'table',
        { class: 'doc-table' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', null, 'Document'),
            h('th', { class: 'num' }, 'Chunks'),
            canWrite() ? h('th', null, '') : null,
          ),
        ),
        h(
          'tbody',
          null,
          ...documents.map((/** @type {any} */ d) =>
            h(
              'tr',
              null,
              h(
                'td',
                null,
                h('div', null, d.title || d.doc_id),
                h(
                  'div',
                  { class: 'muted small' },
                  h('code', null, d.path),
                  ` · ingested ${fmtDate(d.ingested_at, true)}`,
                ),
              ),
              h('td', { class: 'num' }, d.chunks),
              canWrite()
                ? h(
                    'td',
                    null,
                    confirmButton('Delete', `Delete ${d.doc_id}?`, () => deleteDocument(source, d.doc_id)),
                  )
                : null,
            ),
          ),
        ),
      ),
    );
  } catch (e) {
    delete box.dataset.loaded;
    note.replaceWith(h('p', { class: 'error' }, `Could not list documents: ${message(e)}`));
  }
}

/** One upload zone per source, kept across refreshes so a finished job's report stays on screen. */
const zones = new Map();
/** @param {string} source @param {() => void} refresh @returns {HTMLElement} */
function zoneFor(source, refresh) {
  if (!zones.has(source)) zones.set(source, uploadZone(source, refresh));
  return zones.get(source);
}

/**
 * A destructive button that asks first, in place: the first click turns it into "Confirm" (no dialog box).
 * @param {string} label @param {string} question @param {() => Promise<void>} act
 */
function confirmButton(label, question, act) {
  const b = /** @type {HTMLButtonElement} */ (
    h('button', { type: 'button', class: 'danger small', title: question }, label)
  );
  b.addEventListener('click', () => {
    if (b.dataset.armed) return void act();
    b.dataset.armed = '1';
    b.textContent = 'Confirm';
    setTimeout(() => {
      delete b.dataset.armed;
      b.textContent = label;
    }, 5000);
  });
  return b;
}

/** @param {string} source @param {string} docId */
async function deleteDocument(source, docId) {
  try {
    await send('DELETE', `/v1/sources/${enc(source)}/documents/${enc(docId)}`);
    notice.textContent = `Deleted ${docId} from ${source}.`;
    await loadSources();
  } catch (e) {
    notice.textContent = `Could not delete ${docId}: ${message(e)}`;
  }
}

/** @param {string} source */
async function deleteSource(source) {
  try {
    await send('DELETE', `/v1/sources/${enc(source)}`);
    notice.textContent = `Deleted the source ${source}.`;
    await loadSources();
  } catch (e) {
    notice.textContent = `Could not delete ${source}: ${message(e)}`;
  }
}

/** Admins create sources here (empty, ready for uploads). */
function newSourceForm() {
  const input = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'new-source',
      name: 'name',
      placeholder: 'new-source-name',
      pattern: '[A-Za-z0-9][A-Za-z0-9_-]{0,63}',
      required: true,
    })
  );
  const note = h('span', { class: 'muted small', role: 'status' });
  const form = h(
    'form',
    { class: 'new-source' },
    h('label', { for: 'new-source' }, 'New source'),
    input,
    h('button', { type: 'submit' }, 'Create'),
    note,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await send('PUT', `/v1/sources/${enc(input.value.trim())}`, {});
      input.value = '';
      await loadSources();
    } catch (err) {
      note.textContent = message(err);
    }
  });
  return form;
}

/**
 * Text with the query's words marked, built node by node (the text is untrusted; the query is only used to split it).
 * @param {string} text @param {string} q
 */
function marked(text, q) {
  const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])];
  if (!words.length) return prose(text);
  const re = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  return text.split(re).flatMap((part, i) => (i % 2 ? [h('mark', null, part)] : prose(part)));
}

/** @param {any} r @param {number} i @param {string} q */
function resultItem(r, i, q) {
  return h(
    'li',
    { class: 'result card' },
    h(
      'div',
      { class: 'result-head' },
      h('span', { class: 'rank' }, `${i + 1}`),
      h('strong', null, r.title || r.doc_id),
      h('span', { class: 'tag' }, r.source),
      h('span', { class: 'score' }, `score ${fmtScore(r.score)}`),
      h('span', { class: 'muted small' }, `bm25 ${fmtScore(r.scores?.bm25)} · vector ${fmtScore(r.scores?.vector)}`),
    ),
    h('p', { class: 'where' }, h('code', null, r.path), headingLine(r) ? ` · ${headingLine(r)}` : ''),
    h('p', { class: 'result-text' }, ...marked(r.text, q)),
  );
}

async function search() {
  const q = query.value.trim();
  if (!q) {
    status.textContent = 'Type something to search for.';
    return;
  }
  status.textContent = 'Searching…';
  results.replaceChildren();
  try {
    const body = {
      query: q,
      mode: mode.value,
      top_k: Math.min(100, Math.max(1, Number(topK.value) || 10)),
      ...(pick.value ? { sources: [pick.value] } : {}),
    };
    const r = await postJson('/v1/search', body);
    status.textContent = `${plural(r.results.length, 'result')} in ${fmtMs(r.timings?.total_ms)}`;
    results.replaceChildren(...r.results.map((/** @type {any} */ x, /** @type {number} */ i) => resultItem(x, i, q)));
  } catch (e) {
    status.textContent = `Search failed: ${message(e)}`;
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void search();
});
initSettings(() => void loadSources());
void loadSources();
