// @ts-check
/**
 * DOM building without ever parsing HTML. Document text is untrusted: it only ever reaches the page as text nodes
 * or attribute values set one at a time, never parsed as markup.
 */

/** @typedef {Node | string | number | null | undefined | false} Child */

/**
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs] `class`, `dataset`, `on<event>` (functions only) or any attribute
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on')) {
      // A string here would become an inline handler; only real functions are accepted.
      if (typeof value !== 'function') throw new TypeError(`${key} must be a function`);
      el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    } else if (key === 'class') el.className = String(value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/**
 * @param {Node} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

/**
 * Replace an element's children, skipping empty ones (replaceChildren would print `null` as text).
 * @param {Node & ParentNode} parent
 * @param {...(Child | Child[])} children
 */
export function fill(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * @param {string} selector
 * @returns {HTMLElement}
 */
export function $(selector) {
  const el = document.querySelector(selector);
  if (!(el instanceof HTMLElement)) throw new Error(`page is missing ${selector}`);
  return el;
}

/** A line break inside a paragraph: not next to another break, not before a list item, quote, heading or table. */
const SOFT_BREAK = /(?<=[^\n])\n(?!\n|\s*(?:[-*+>#|]|\d+[.)]\s))/;

/**
 * Document text for reading. Hard-wrapped files break lines mid-sentence; each such break becomes a span that CSS
 * folds into a space, so the text reflows while its textContent (and every character offset) stays exactly the same.
 * @param {string} text
 * @returns {(Node | string)[]}
 */
export function prose(text) {
  return text.split(SOFT_BREAK).flatMap((part, i) => (i ? [h('span', { class: 'soft-break' }, '\n'), part] : [part]));
}

/** @param {number | null | undefined} ms */
export function fmtMs(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** @param {unknown} n */
export const fmtScore = (n) => (typeof n === 'number' && Number.isFinite(n) ? n.toFixed(3) : '–');

/** @param {unknown} iso @param {boolean} [short] */
export function fmtDate(iso, short = false) {
  if (typeof iso !== 'string' || !iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: short ? 'short' : 'medium' });
}

/**
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A labelled value for the small "key: value" rows used across the console. @param {string} label @param {Child | Child[]} value */
export const field = (label, value) =>
  h('span', { class: 'field' }, h('span', { class: 'field-label' }, `${label}:`), ' ', value);
