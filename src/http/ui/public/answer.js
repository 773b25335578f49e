// @ts-check
import { h } from './dom.js';

/**
 * @typedef {{ n: number, chunk_id: string, source: string, doc_id: string, title: string, heading_path: string[],
 *   page: number | null, start: number, end: number, text: string }} Citation
 */

/**
 * Called when a citation chip is pressed; `ev.detail === 0` means it came from the keyboard.
 * @typedef {(c: Citation, chip: HTMLElement, ev: MouseEvent) => void} OnCite
 */

const MARKER = /\[(\d+)\]/g;

/**
 * The answer as text with each [n] marker turned into a citation button. Markers whose citation has not arrived yet
 * (the stream sends citations after the text) are disabled until it does.
 *
 * @param {string} text
 * @param {Map<number, Citation>} cites
 * @param {OnCite} onCite
 */
export function answerNodes(text, cites, onCite) {
  const frag = document.createDocumentFragment();
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const at = m.index ?? 0;
    frag.append(text.slice(last, at));
    frag.append(citeChip(Number(m[1]), cites.get(Number(m[1])), onCite));
    last = at + m[0].length;
  }
  frag.append(text.slice(last));
  return frag;
}

/**
 * @param {number} n
 * @param {Citation | undefined} c
 * @param {OnCite} onCite
 */
export function citeChip(n, c, onCite) {
  const chip = h(
    'button',
    {
      type: 'button',
      class: 'cite',
      disabled: !c,
      title: c ? `${c.title} — show the cited passage` : undefined,
      'aria-label': c ? `Citation ${n}: ${c.title}` : `Citation ${n}`,
      dataset: { n: String(n) },
    },
    String(n),
  );
  if (c) chip.addEventListener('click', (ev) => onCite(c, chip, ev));
  return chip;
}

/** The headings under the title, and the page: what a header that already shows the title adds. @param {Citation} c */
export function headingLine(c) {
  const parts = (c.heading_path ?? []).filter((x) => x && x !== c.title);
  if (c.page != null) parts.push(`page ${c.page}`);
  return parts.join(' › ');
}

/** Where a document lives, for headers and lists: title › heading › heading, page. @param {Citation} c */
export function whereLine(c) {
  const parts = [c.title || c.doc_id, ...(c.heading_path ?? []).filter((x) => x && x !== c.title)];
  return parts.join(' › ') + (c.page != null ? ` · p. ${c.page}` : '');
}
