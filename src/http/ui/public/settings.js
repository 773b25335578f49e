// @ts-check
import { getApiKey, setApiKey } from './api.js';
import { $ } from './dom.js';

/**
 * The API-key field in the page header. The key stays in this browser (localStorage) and is sent as a Bearer token;
 * a 401 from any call opens the field and says why.
 *
 * @param {() => void} [onSaved] reload whatever the page shows once a key is saved
 */
export function initSettings(onSaved) {
  const panel = /** @type {HTMLDetailsElement} */ ($('#settings'));
  const form = $('#settings-form');
  const input = /** @type {HTMLInputElement} */ ($('#api-key'));
  const status = $('#settings-status');
  input.value = getApiKey();
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const key = input.value.trim();
    setApiKey(key);
    status.textContent = key ? 'Key saved in this browser.' : 'Key cleared.';
    onSaved?.();
  });
  window.addEventListener('grounded:unauthorized', (e) => {
    panel.open = true;
    const why = e instanceof CustomEvent ? String(e.detail) : 'unauthorized';
    status.textContent = `This server needs an API key (${why}).`;
    if (!input.value) input.focus();
  });
}
