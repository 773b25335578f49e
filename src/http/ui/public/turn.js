// @ts-check
import { answerNodes, citeChip, whereLine } from './answer.js';
import { enc } from './api.js';
import { field, fmtMs, h, plural } from './dom.js';

/** @typedef {import('./answer.js').Citation} Citation */
/** @typedef {import('./answer.js').OnCite} OnCite */

/** A small uppercase tag naming a step. @param {string} kind */
const tag = (kind) => h('span', { class: `tag tag-${kind.replace(/\W/g, '')}` }, kind);

/**
 * One question and its answer in the chat view, updated from the stream's events: live steps while the agent works,
 * the answer as it arrives, its citations, and a link to the run.
 *
 * @param {string} question
 * @param {{ mode: string, sources?: string[] }} body
 * @param {OnCite} onCite
 */
export function createTurn(question, body, onCite) {
  const steps = h('ol', { class: 'steps-list' });
  const summary = h('summary', null, 'Working…');
  const stepsBox = /** @type {HTMLDetailsElement} */ (h('details', { class: 'steps', open: true }, summary, steps));
  const answer = h('div', { class: 'answer', 'aria-live': 'polite' });
  const refs = h('ol', { class: 'refs', 'aria-label': 'Cited sources' });
  const foot = h('footer', { class: 'turn-foot' });
  const el = h(
    'article',
    { class: 'turn card', 'aria-busy': 'true', dataset: { state: 'streaming' } },
    h('h2', { class: 'q' }, question),
    h('p', { class: 'meta' }, field('mode', body.mode), field('sources', body.sources?.join(', ') || 'all')),
    stepsBox,
    answer,
    refs,
    foot,
  );
  let text = '';
  /** @type {Map<number, Citation>} */
  let cites = new Map();
  let finished = false;
  const render = () => answer.replaceChildren(answerNodes(text, cites, onCite));

  /** @param {string} kind @param {...(Node | string)} children */
  const step = (kind, ...children) =>
    steps.append(h('li', { class: `step step-${kind}` }, tag(kind), ' ', ...children));

  /** @param {string} state @param {string} label */
  function settle(state, label) {
    finished = true;
    el.dataset.state = state;
    el.removeAttribute('aria-busy');
    summary.textContent = label;
  }

  /** @param {any} r the final response */
  function done(r) {
    text = r.answer;
    cites = new Map(r.citations.map((/** @type {Citation} */ c) => [c.n, c]));
    render();
    refs.replaceChildren(
      ...r.citations.map((/** @type {Citation} */ c) =>
        h(
          'li',
          null,
          citeChip(c.n, c, onCite),
          ' ',
          h('span', { class: 'where' }, whereLine(c)),
          ' ',
          h('span', { class: 'tag' }, c.source),
        ),
      ),
    );
    if (r.status === 'refused') el.classList.add('refused');
    foot.replaceChildren(
      h(
        'span',
        { class: `badge badge-${r.status}` },
        r.status === 'refused' ? `refused: ${r.refusal_reason ?? r.stop_reason}` : 'answered',
      ),
      field('stop', r.stop_reason),
      field('tokens', r.usage.total_tokens),
      field('time', fmtMs(r.timings.total_ms)),
      h('a', { class: 'run-link', href: `/runs/${enc(r.run_id)}` }, 'How this answer was made →'),
    );
    settle(
      'done',
      `${plural(r.usage.steps, 'step')} · ${plural(r.usage.retrievals, 'search', 'searches')} · ${fmtMs(r.timings.total_ms)}`,
    );
    stepsBox.open = false;
  }

  return {
    el,
    get finished() {
      return finished;
    },
    /** @param {string} type @param {any} d */
    on(type, d) {
      if (type === 'rewrite')
        step('rewrite', 'searching for ', ...d.queries.map((/** @type {string} */ q) => h('q', null, q)));
      else if (type === 'retrieval')
        step(
          'retrieval',
          `${d.source} (${d.mode}): ${plural(d.hits.length, 'hit')}, ${d.new_chunks} new`,
          d.hits[0] ? h('span', { class: 'muted' }, ` — best: ${d.hits[0].title}`) : '',
        );
      else if (type === 'grade')
        step(
          'grade',
          `coverage ${Math.round(d.coverage * 100)}% → ${d.action}`,
          h('span', { class: 'muted' }, ` — ${d.reason}`),
        );
      else if (type === 'switch')
        step('switch', `${d.kind} ${d.from} → ${d.to}`, h('span', { class: 'muted' }, ` — ${d.reason}`));
      else if (type === 'guardrail') step('guardrail', `${d.name}: ${d.detail}`);
      else if (type === 'answer.delta') {
        text += d.text;
        render();
      } else if (type === 'citation') {
        cites.set(d.citation.n, d.citation);
        render();
      } else if (type === 'done') done(d);
      else if (type === 'error') this.fail(d.error?.message ?? 'the run failed');
    },
    /** @param {string} message */
    fail(message) {
      if (finished) return;
      answer.append(h('p', { class: 'error', role: 'alert' }, message));
      settle('error', 'Stopped');
    },
  };
}
