// @ts-check
import { getJson, postStream } from './api.js';
import { showCitation } from './citation-view.js';
import { $, h, plural } from './dom.js';
import { initSettings } from './settings.js';
import { createTurn } from './turn.js';

/** @typedef {import('./answer.js').OnCite} OnCite */

const form = /** @type {HTMLFormElement} */ ($('#ask'));
const question = /** @type {HTMLTextAreaElement} */ ($('#question'));
const sourceList = $('#source-list');
const turns = $('#turns');
const evidence = $('#evidence');
const askButton = /** @type {HTMLButtonElement} */ ($('#ask-button'));
const stopButton = /** @type {HTMLButtonElement} */ ($('#stop-button'));
const formError = $('#form-error');
/** @type {AbortController | null} */
let running = null;

/** @param {unknown} e */
const message = (e) => (e instanceof Error ? e.message : String(e));

async function loadSources() {
  sourceList.replaceChildren(h('span', { class: 'muted' }, 'Loading sources…'));
  try {
    const { sources } = await getJson('/v1/sources');
    if (!sources.length) {
      sourceList.replaceChildren(
        h(
          'span',
          { class: 'muted' },
          'No sources yet. Add one with ',
          h('code', null, 'npm run ingest -- <path> --source <name>'),
        ),
      );
      return;
    }
    sourceList.replaceChildren(
      ...sources.map((/** @type {any} */ s) =>
        h(
          'label',
          { class: 'check' },
          h('input', { type: 'checkbox', name: 'source', value: s.name, checked: true }),
          ` ${s.name} `,
          h('span', { class: 'muted' }, plural(s.documents, 'doc')),
        ),
      ),
    );
  } catch (e) {
    sourceList.replaceChildren(h('span', { class: 'error' }, `Could not list sources: ${message(e)}`));
  }
}

/** @param {string} text */
function showFormError(text) {
  formError.textContent = text;
  formError.hidden = !text;
}

/** @type {OnCite} */
function onCite(c, chip, ev) {
  for (const el of document.querySelectorAll('.cite[aria-pressed]')) el.removeAttribute('aria-pressed');
  chip.setAttribute('aria-pressed', 'true');
  void showCitation(evidence, c).then(() => {
    // Keyboard users land on the passage; mouse users keep their place (the panel is beside the answer).
    if (ev.detail === 0) evidence.querySelector('h2')?.focus();
    else if (evidence.getBoundingClientRect().top > window.innerHeight) evidence.scrollIntoView({ block: 'start' });
  });
}

async function ask() {
  if (running) return;
  const q = question.value.trim();
  const boxes = /** @type {HTMLInputElement[]} */ ([...sourceList.querySelectorAll('input[name=source]')]);
  const picked = boxes.filter((b) => b.checked).map((b) => b.value);
  if (!q) return showFormError('Type a question first.');
  if (boxes.length && !picked.length) return showFormError('Pick at least one source.');
  showFormError('');
  const mode =
    /** @type {HTMLInputElement | null} */ (form.querySelector('input[name=mode]:checked'))?.value ?? 'agent';
  const body = { question: q, mode, ...(picked.length ? { sources: picked } : {}) };
  const turn = createTurn(q, body, onCite);
  turns.prepend(turn.el);
  question.value = '';
  const ctl = new AbortController();
  running = ctl;
  setBusy(true);
  try {
    await postStream('/v1/query/stream', body, (type, data) => turn.on(type, data), ctl.signal);
    if (!turn.finished) turn.fail('The stream ended before the answer was complete.');
  } catch (e) {
    turn.fail(ctl.signal.aborted ? 'Stopped before the answer was complete.' : message(e));
  } finally {
    running = null;
    setBusy(false);
  }
}

/** @param {boolean} busy */
function setBusy(busy) {
  askButton.disabled = busy;
  askButton.textContent = busy ? 'Asking…' : 'Ask';
  stopButton.hidden = !busy;
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void ask();
});
// Enter asks, Shift+Enter breaks the line (and IME composition is left alone).
question.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    form.requestSubmit();
  }
});
stopButton.addEventListener('click', () => running?.abort());
initSettings(() => void loadSources());
void loadSources();
