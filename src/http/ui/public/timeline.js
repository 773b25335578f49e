// @ts-check
import { field, fmtMs, fmtScore, h, plural, prose } from './dom.js';

/**
 * @typedef {{ v: number, run_id: string, seq: number, step: number, type: string, at: string, duration_ms: number,
 *   tokens?: { input: number, output: number }, data: Record<string, any> }} TraceRecord
 * @typedef {{ t0: number, cited: Map<string, number> }} TimelineContext
 */

/** @param {unknown} v */
const list = (v) => (Array.isArray(v) ? v : []);
/** @param {unknown} v */
const str = (v) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
/** @param {string} text */
const muted = (text) => h('span', { class: 'muted' }, text);
/** @param {unknown[]} queries */
const queryList = (queries) =>
  h('ul', { class: 'queries' }, ...queries.map((q) => h('li', null, h('q', null, str(q)))));

const SHOWN_HITS = 5;

/**
 * The hits of one retrieval: score, title, whether the final answer cites it; the text opens on demand. Past the
 * first few, hits fold away so a run with many rounds stays readable.
 * @param {any[]} hits @param {TimelineContext} ctx
 */
function hitList(hits, ctx) {
  const max = Math.max(1, ...hits.map((x) => (typeof x.score === 'number' ? x.score : 0)));
  const items = hits.map((x) => {
    const n = ctx.cited.get(x.chunk_id);
    return h(
      'li',
      { class: n ? 'hit is-cited' : 'hit' },
      h(
        'details',
        null,
        h(
          'summary',
          null,
          h('meter', { min: 0, max, value: x.score ?? 0, 'aria-label': 'score' }),
          h('span', { class: 'score' }, fmtScore(x.score)),
          h('span', { class: 'hit-title' }, x.title || x.doc_id),
          h('span', { class: 'muted' }, ` ${x.source ?? ''} · ${x.doc_id}`),
          n ? h('span', { class: 'badge badge-answered' }, `cited [${n}]`) : null,
        ),
        h('p', { class: 'hit-text' }, prose(str(x.text))),
        h('p', { class: 'muted small' }, `chunk ${x.chunk_id}`),
      ),
    );
  });
  const rest = items.splice(SHOWN_HITS);
  if (rest.length)
    items.push(
      h(
        'li',
        { class: 'more-hits' },
        h('details', null, h('summary', null, `${plural(rest.length, 'more hit')}`), h('ol', { class: 'hits' }, rest)),
      ),
    );
  return h('ol', { class: 'hits' }, items);
}

/**
 * Queries as searched. Feedback expansion terms (`term^weight`) are many and short: they go on one line.
 * @param {unknown[]} queries
 */
function searched(queries) {
  const terms = queries.filter((q) => typeof q === 'string' && /\^[\d.]+$/.test(q)).map(String);
  return [
    queryList(queries.filter((q) => !terms.includes(/** @type {string} */ (q)))),
    terms.length
      ? h(
          'p',
          { class: 'expansion' },
          muted('expanded with '),
          ...terms.map((t) => {
            const at = t.lastIndexOf('^');
            return h('span', { class: 'term' }, t.slice(0, at), h('small', null, t.slice(at + 1)));
          }),
        )
      : null,
  ];
}

/**
 * What each record type says, as a title and a body. Unknown types still render (title + raw data), so a newer
 * trace never breaks the page.
 * @type {Record<string, (d: Record<string, any>, ctx: TimelineContext) => [string, ...(Node | string | null)[]]>}
 */
const VIEWS = {
  start: (d) => [
    'Started',
    h('p', { class: 'quote' }, str(d.question)),
    h(
      'p',
      { class: 'meta' },
      field('mode', str(d.mode)),
      field('sources', list(d.sources).join(', ')),
      field('reasoner', str(d.reasoner)),
    ),
  ],
  condense: (d) => [
    'Condensed the conversation',
    h('p', null, muted('from '), h('q', null, str(d.original)), muted(' to '), h('q', null, str(d.condensed))),
  ],
  rewrite: (d) => [`Rewrote into ${plural(list(d.queries).length, 'query', 'queries')}`, queryList(list(d.queries))],
  retrieval: (d, ctx) => [
    `Retrieved from ${str(d.source)} (${str(d.mode)}${d.purpose ? `, ${d.purpose}` : ''})`,
    ...searched(list(d.queries)),
    h(
      'p',
      { class: 'meta' },
      field('hits', list(d.hits).length),
      field('new chunks', str(d.new_chunks)),
      d.filter ? field('filter', str(d.filter)) : null,
    ),
    hitList(list(d.hits), ctx),
  ],
  grade: (d) => [
    `Graded: coverage ${Math.round((d.coverage ?? 0) * 100)}% → ${str(d.action?.type ?? d.action)}`,
    h('p', null, h('meter', { min: 0, max: 1, value: d.coverage ?? 0, 'aria-label': 'coverage' }), ' ', str(d.reason)),
    list(d.subqueries).length
      ? h(
          'ul',
          { class: 'verdicts' },
          ...list(d.subqueries).map((s) =>
            verdict(s.covered, h('q', null, str(s.query)), ` score ${fmtScore(s.score)}`),
          ),
        )
      : null,
    d.action && typeof d.action === 'object' && Object.keys(d.action).length > 1
      ? h('p', { class: 'meta' }, field('action', str(d.action)))
      : null,
  ],
  switch: (d) => [`Switched ${str(d.kind)}: ${str(d.from)} → ${str(d.to)}`, h('p', null, str(d.reason))],
  hop: (d) => [`Hop ${d.accepted ? 'accepted' : 'rejected'}`, h('p', null, str(d.reason))],
  rank: (d) => [
    `Ranked ${plural(list(d.chunk_ids).length, 'chunk')} from ${plural(new Set(list(d.doc_ids)).size, 'document')}`,
  ],
  answer: (d) => ['Drafted an answer', h('p', { class: 'quote' }, prose(str(d.draft)))],
  verify: (d) => [
    `Verified ${plural(list(d.claims).length, 'claim')}: kept ${d.kept}, removed ${d.removed}`,
    h(
      'ul',
      { class: 'verdicts claims' },
      ...list(d.claims).map((c) =>
        verdict(
          c.supported,
          h('span', { class: 'claim-text' }, prose(str(c.text))),
          ` cites ${list(c.cites).join(', ') || 'nothing'} — ${str(c.reason)}`,
        ),
      ),
    ),
  ],
  guardrail: (d) => [
    `Guardrail fired: ${str(d.name)}`,
    h('p', null, str(d.detail)),
    d.fallback ? h('p', { class: 'meta' }, field('fell back to', str(d.fallback))) : null,
  ],
  llm: (d) => [
    `Model call: ${str(d.decision)} (attempt ${str(d.attempt)})`,
    d.error ? h('p', { class: 'error' }, str(d.error)) : null,
    h('details', null, h('summary', null, 'raw output'), h('pre', null, str(d.raw))),
  ],
  error: (d) => [
    `Error${d.call ? ` in ${d.call}` : ''}`,
    h('p', { class: 'error' }, str(d.error)),
    d.retrying ? muted('retrying') : null,
  ],
  stop: (d) => [
    `Stopped: ${str(d.reason)}`,
    h(
      'p',
      { class: 'meta' },
      field('status', str(d.status)),
      d.refusal_reason ? field('refusal', str(d.refusal_reason)) : null,
    ),
  ],
};

/** @param {boolean} ok @param {...(Node | string)} rest */
const verdict = (ok, ...rest) =>
  h(
    'li',
    { class: ok ? 'ok' : 'bad' },
    h('span', { class: 'verdict' }, ok ? '✓ supported' : '✗ unsupported'),
    ' ',
    ...rest,
  );

/** @param {TraceRecord} r @param {TimelineContext} ctx */
export function timelineItem(r, ctx) {
  const view = VIEWS[r.type] ?? (() => [r.type]);
  const [title, ...body] = view(r.data ?? {}, ctx);
  const offset = Date.parse(r.at) - ctx.t0;
  const warn = r.type === 'guardrail' ? ' tl-warn' : r.type === 'error' ? ' tl-error' : '';
  return h(
    'li',
    { class: `tl tl-${r.type.replace(/\W/g, '')}${warn}`, id: `rec-${r.seq}`, dataset: { type: r.type } },
    h(
      'div',
      { class: 'tl-head' },
      h('span', { class: `tag tag-${r.type.replace(/\W/g, '')}` }, r.type),
      h('strong', { class: 'tl-title' }, title),
      h(
        'span',
        { class: 'tl-meta' },
        `step ${r.step} · +${fmtMs(Number.isFinite(offset) ? offset : null)} · took ${fmtMs(r.duration_ms)}`,
        r.tokens ? ` · ${r.tokens.input} in / ${r.tokens.output} out tokens` : '',
      ),
    ),
    ...body,
    h('details', { class: 'raw' }, h('summary', null, 'record'), h('pre', null, JSON.stringify(r, null, 2))),
  );
}
