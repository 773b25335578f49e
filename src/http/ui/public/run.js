// @ts-check
import { answerNodes, whereLine } from './answer.js';
import { enc, getJson } from './api.js';
import { $, field, fill, fmtMs, h, plural, prose } from './dom.js';
import { initSettings } from './settings.js';
import { timelineItem } from './timeline.js';

/** @typedef {import('./timeline.js').TraceRecord} TraceRecord */
/** @typedef {import('./answer.js').Citation} Citation */

const summary = $('#run-summary');
const timeline = $('#timeline');
const runId = decodeURIComponent(location.pathname.split('/')[2] ?? '');

async function load() {
  summary.replaceChildren(
    h('h1', null, 'Run ', h('code', null, runId)),
    h('p', { class: 'muted' }, 'Loading the trace…'),
  );
  timeline.replaceChildren();
  /** @type {{ records: TraceRecord[] }} */
  let trace;
  try {
    trace = await getJson(`/v1/traces/${enc(runId)}`);
  } catch (e) {
    summary.append(h('p', { class: 'error', role: 'alert' }, e instanceof Error ? e.message : String(e)));
    summary.querySelector('.muted')?.remove();
    return;
  }
  const records = trace.records;
  const start = records.find((r) => r.type === 'start')?.data ?? {};
  const stop = records.findLast((r) => r.type === 'stop')?.data;
  /** @type {Citation[]} */
  const citations = stop?.citations ?? [];
  document.title = `${start.question ?? runId} · run · grounded`;
  renderSummary(records, start, stop, citations);
  const ctx = { t0: Date.parse(records[0]?.at ?? ''), cited: new Map(citations.map((c) => [c.chunk_id, c.n])) };
  timeline.replaceChildren(...records.map((r) => timelineItem(r, ctx)));
}

/**
 * @param {TraceRecord[]} records
 * @param {Record<string, any>} start
 * @param {Record<string, any> | undefined} stop
 * @param {Citation[]} citations
 */
function renderSummary(records, start, stop, citations) {
  const verify = records.findLast((r) => r.type === 'verify')?.data;
  const guardrails = records.filter((r) => r.type === 'guardrail');
  const jump = (/** @type {Citation} */ c) => {
    const li = document.getElementById(`ref-${c.n}`);
    li?.scrollIntoView({ block: 'center' });
    li?.focus();
  };
  fill(
    summary,
    h('p', { class: 'eyebrow' }, 'Run ', h('code', null, runId)),
    h('h1', { class: 'q' }, start.question ?? '(no question recorded)'),
    h(
      'p',
      { class: 'meta' },
      stop
        ? h(
            'span',
            { class: `badge badge-${stop.status}` },
            stop.status === 'refused' ? `refused: ${stop.refusal_reason ?? stop.reason}` : 'answered',
          )
        : h('span', { class: 'badge badge-refused' }, 'no stop record'),
      field('stop reason', stop?.reason ?? '–'),
      field('mode', start.mode ?? '–'),
      field('sources', (start.sources ?? []).join(', ')),
      field('reasoner', start.reasoner ?? '–'),
    ),
    stop
      ? h(
          'p',
          { class: 'meta' },
          field('steps', stop.usage?.steps ?? '–'),
          field('searches', stop.usage?.retrievals ?? '–'),
          field('tokens', `${stop.usage?.input_tokens ?? 0} in / ${stop.usage?.output_tokens ?? 0} out`),
          field('total', fmtMs(stop.timings?.total_ms)),
          field('retrieval', fmtMs(stop.timings?.retrieval_ms)),
          field('reasoning', fmtMs(stop.timings?.reasoning_ms)),
        )
      : null,
    guardrails.length
      ? h(
          'p',
          { class: 'warn-line' },
          `⚠ ${plural(guardrails.length, 'guardrail')} fired: `,
          guardrails.map((g) => g.data.name).join(', '),
        )
      : null,
    stop?.answer
      ? h(
          'div',
          { class: stop.status === 'refused' ? 'answer is-refusal' : 'answer' },
          answerNodes(stop.answer, new Map(citations.map((c) => [c.n, c])), jump),
        )
      : null,
    citations.length
      ? h(
          'ol',
          { class: 'refs' },
          ...citations.map((c) =>
            h(
              'li',
              { id: `ref-${c.n}`, tabindex: '-1' },
              h('span', { class: 'cite static' }, c.n),
              ' ',
              h('span', { class: 'where' }, whereLine(c)),
              h('blockquote', { class: 'cited-text' }, prose(c.text)),
            ),
          ),
        )
      : null,
    verify
      ? h(
          'p',
          { class: 'meta' },
          h(
            'a',
            { href: `#rec-${records.findLast((r) => r.type === 'verify')?.seq}` },
            `${plural(verify.kept + verify.removed, 'claim')} checked: ${verify.kept} supported, ${verify.removed} removed`,
          ),
        )
      : null,
  );
}

$('#show-llm').addEventListener('change', (e) => {
  timeline.classList.toggle('hide-llm', !(/** @type {HTMLInputElement} */ (e.target).checked));
});
$('#expand-all').addEventListener('click', (e) => {
  const hits = /** @type {NodeListOf<HTMLDetailsElement>} */ (timeline.querySelectorAll('.hits details'));
  const open = [...hits].some((d) => !d.open);
  for (const d of hits) d.open = open;
  /** @type {HTMLElement} */ (e.target).textContent = open ? 'Collapse all hits' : 'Expand all hits';
});
initSettings(() => void load());
void load();
