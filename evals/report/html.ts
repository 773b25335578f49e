import { isBookkeeping } from '../metrics/baseline.ts';
import { groupedBarChart, histogram } from './charts.ts';
import type { Change } from './compare.ts';
import { esc } from './escape.ts';
import { fmt, type Summary, summarize } from './summary.ts';
import type { Report, ReportItem } from './types.ts';

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#111827;padding:0 16px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums}tr.regressed td{background:#fee2e2}tr.improved td.delta{color:#047857}
.alert{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:6px}.bad{background:#fee2e2;border-color:#ef4444}
.ok{background:#d1fae5;border-color:#10b981}.charts{display:flex;flex-wrap:wrap;gap:24px}
.v-supported{color:#047857}.v-contradicted{color:#b91c1c;font-weight:600}.v-not_found{color:#b45309}
details{border:1px solid #e5e7eb;border-radius:6px;padding:6px 10px;margin:6px 0}summary{cursor:pointer}
.muted{color:#6b7280}pre{white-space:pre-wrap;margin:0}figure{margin:0}`;

/** A single self-contained page: inline CSS and SVG, no scripts, every dataset/model string escaped. */
export function renderHtml(report: Report, changes: readonly Change[] = []): string {
  const s = summarize(report, changes);
  const body = [
    `<h1>${esc(report.name)} — ${esc(report.kind)} report</h1>`,
    `<p class="muted">Generated ${esc(report.createdAt)}. ${Object.entries(report.config)
      .map(([k, v]) => `<code>${esc(k)}=${esc(JSON.stringify(v))}</code>`)
      .join(' ')}</p>`,
    verdicts(s),
    metricsTable(s, changes.length > 0),
    charts(report, s),
    worstItems(s.worst),
    ...(report.notes ?? []).map((n) => `<p class="muted">${esc(n)}</p>`),
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(report.name)} report</title><style>${CSS}</style></head><body>${body.join('\n')}</body></html>`;
}

function verdicts(s: Summary): string {
  const out: string[] = [];
  if (s.regressions.length) {
    out.push(
      `<p class="alert bad"><strong>${s.regressions.length} regression(s)</strong> against the previous report: ${s.regressions.map((c) => `${esc(c.metric)} ${fmt(c.before)} → ${fmt(c.after)}`).join('; ')}</p>`,
    );
  }
  if (s.baselineNames.length) {
    const cls = s.comparison.beatsAll ? 'ok' : 'bad';
    out.push(
      `<div class="alert ${cls}"><strong>${esc(s.subject[0]!.toUpperCase() + s.subject.slice(1))} vs baselines.</strong><ul>${s.comparison.statements.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></div>`,
    );
  }
  if (s.judgeLine) out.push(`<p class="alert">${esc(s.judgeLine)}${s.suiteLine ? `<br>${esc(s.suiteLine)}` : ''}</p>`);
  return out.join('\n');
}

function metricsTable(s: Summary, compared: boolean): string {
  const head = ['metric', 'value', ...s.baselineNames, ...(compared ? ['previous', 'change'] : [])];
  const rows = s.rows.map((r) => {
    const cls = r.change?.regressed ? 'regressed' : r.change?.improved ? 'improved' : '';
    const change = compared
      ? `<td class="num">${fmt(r.change?.before)}</td><td class="num delta">${r.change ? `${r.change.delta >= 0 ? '+' : ''}${fmt(r.change.delta)}${r.change.regressed ? ' ▼ regression' : ''}` : '–'}</td>`
      : '';
    return `<tr class="${cls}"><td>${esc(r.metric)}</td><td class="num">${fmt(r.value)}</td>${r.baselines.map((b) => `<td class="num">${fmt(b)}</td>`).join('')}${change}</tr>`;
  });
  return `<h2>Metrics</h2><table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function charts(report: Report, s: Summary): string {
  // Rates and scores on a 0–1 scale; a count that happens to be 0 or 1 is no such figure.
  const unit = s.rows.filter(
    (r) =>
      !isBookkeeping(r.metric) &&
      r.value >= 0 &&
      r.value <= 1 &&
      [r.value, ...r.baselines].every((v) => v === undefined || (v >= 0 && v <= 1)),
  );
  const series = [report.kind === 'judge' ? (report.judge?.id ?? 'judge') : 'agent', ...s.baselineNames];
  const groups = unit.map((r) => ({
    label: r.metric,
    values: [
      { series: series[0]!, value: r.value },
      ...r.baselines.flatMap((v, i) => (v === undefined ? [] : [{ series: s.baselineNames[i]!, value: v }])),
    ],
  }));
  const scores = report.items.map((i) => i.score).filter((v) => Number.isFinite(v));
  const figure = (svg: string, caption: string) =>
    `<figure>${svg}<figcaption class="muted">${esc(caption)}</figcaption></figure>`;
  return `<h2>Charts</h2><div class="charts">${figure(groupedBarChart(groups, series, 'Metrics against baselines'), 'Metrics on a 0–1 scale against baselines')}${figure(histogram(scores, 'Per-item score distribution'), 'Per-item scores (worst on the left)')}</div>`;
}

function worstItems(items: readonly ReportItem[]): string {
  if (!items.length) return '';
  return `<h2>Worst items</h2>${items.map(item).join('\n')}`;
}

function item(it: ReportItem): string {
  const field = (label: string, v: unknown) =>
    v === undefined || v === '' ? '' : `<p><strong>${label}:</strong> ${esc(v)}</p>`;
  const claims = it.claims?.length
    ? `<table><thead><tr><th>claim</th><th>verdict</th><th>cited</th><th>reason</th></tr></thead><tbody>${it.claims
        .map(
          (c) =>
            `<tr><td>${esc(c.text)}</td><td class="v-${esc(c.verdict)}">${esc(c.verdict)}</td><td>${esc((c.citations ?? []).join(', '))}</td><td>${esc(c.reason)}${c.passage ? `<pre class="muted">${esc(c.passage)}</pre>` : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const trace = it.trace?.steps.length
    ? `<p><strong>Trace</strong>${it.trace.stopReason ? ` (stop: ${esc(it.trace.stopReason)})` : ''}</p><ol>${it.trace.steps
        .map(
          (st) =>
            `<li><code>${esc(st.type)}</code> ${esc(st.summary)}${st.ms !== undefined ? ` <span class="muted">${Math.round(st.ms)} ms</span>` : ''}</li>`,
        )
        .join('')}</ol>`
    : '';
  const metrics = it.metrics
    ? `<p class="muted">${Object.entries(it.metrics)
        .map(([k, v]) => `${esc(k)} ${fmt(v)}`)
        .join(' · ')}</p>`
    : '';
  return `<details><summary><strong>${esc(it.id)}</strong> — score ${fmt(it.score)}${it.question ? ` — ${esc(it.question.slice(0, 140))}` : ''}</summary>${field('Question', it.question)}${field('Answer', it.answer)}${field('Gold', it.gold)}${field('Note', it.note)}${metrics}${claims}${trace}</details>`;
}
