import type { Change } from './compare.ts';
import { fmt, summarize } from './summary.ts';
import type { Report } from './types.ts';

// Table cells and list items come from datasets and models: keep them on one line and unable to break the table.
const cell = (s: unknown) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .slice(0, 300);

export function renderMarkdown(report: Report, changes: readonly Change[] = []): string {
  const s = summarize(report, changes);
  const out: string[] = [
    `# ${cell(report.name)} — ${cell(report.kind)} report`,
    '',
    `Generated ${report.createdAt}.`,
    '',
  ];
  const config = Object.entries(report.config).map(([k, v]) => `\`${k}=${cell(JSON.stringify(v))}\``);
  if (config.length) out.push(`Config: ${config.join(', ')}`, '');

  out.push('## Metrics', '');
  const head = ['metric', 'value', ...s.baselineNames, ...(changes.length ? ['previous', 'change'] : [])];
  out.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const r of s.rows) {
    const change = r.change
      ? [
          fmt(r.change.before),
          `${r.change.delta >= 0 ? '+' : ''}${fmt(r.change.delta)}${r.change.regressed ? ' **REGRESSION**' : ''}`,
        ]
      : changes.length
        ? ['–', '–']
        : [];
    out.push(`| ${[r.metric, fmt(r.value), ...r.baselines.map(fmt), ...change].join(' | ')} |`);
  }
  out.push('');

  if (s.baselineNames.length) {
    out.push(`## ${s.subject[0]!.toUpperCase()}${s.subject.slice(1)} vs baselines`, '');
    for (const line of s.comparison.statements) out.push(`- ${line}`);
    if (!s.comparison.statements.length) out.push('- No metric is shared with the baselines.');
    out.push('');
  }
  if (s.judgeLine || s.suiteLine) {
    out.push('## Judge', '');
    if (s.judgeLine) out.push(s.judgeLine, '');
    if (s.suiteLine) out.push(s.suiteLine, '');
    for (const f of report.judge?.suite?.failures ?? [])
      out.push(`- missed (${f.kind}): "${cell(f.claim)}" → ${f.got}, expected ${f.expect}`);
    out.push('');
  }
  if (changes.length) {
    out.push('## Regressions', '');
    if (!s.regressions.length) out.push('None against the previous report.');
    for (const c of s.regressions) out.push(`- **${c.metric}**: ${fmt(c.before)} → ${fmt(c.after)} (${fmt(c.delta)})`);
    out.push('');
  }
  if (s.worst.length) {
    out.push('## Worst items', '');
    for (const it of s.worst) {
      out.push(`- **${cell(it.id)}** (score ${fmt(it.score)})${it.question ? `: ${cell(it.question)}` : ''}`);
      if (it.answer !== undefined) out.push(`  - answer: ${cell(it.answer)}`);
      if (it.gold !== undefined) out.push(`  - gold: ${cell(it.gold)}`);
      if (it.note) out.push(`  - ${cell(it.note)}`);
    }
    out.push('');
  }
  for (const n of report.notes ?? []) out.push(`> ${cell(n)}`, '');
  return out.join('\n');
}
