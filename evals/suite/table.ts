import type { DatasetFormat } from '../datasets/types.ts';
import type { Metrics } from '../report/types.ts';
import { type MetricRow, SUITE_MODES, type SuiteMode, TABLE_ROWS } from './registry.ts';
import type { Split, SplitOption } from './split.ts';

/** One dataset's results in one run of the suite: metrics per mode, over the chosen half. */
export type SuiteDatasetResult = {
  key: string;
  name: string;
  format: DatasetFormat;
  split: SplitOption;
  items: number;
  /** Items per half of the whole dataset (to show the split is balanced). */
  halves: Record<Split, number>;
  /** Answerable and unanswerable questions asked (folder QA), what its rates are shares of. */
  counts?: { answerable: number; unanswerable: number };
  modes: Partial<Record<SuiteMode, Metrics>>;
  seconds: number;
};

/** The flat key a suite metric has in report.json (what `--compare` matches): `dataset/mode/metric`. */
export const flatKey = (dataset: string, mode: string, metric: string): string => `${dataset}/${mode}/${metric}`;

/** The metrics the table shows, flattened: the suite's report.json and the input of `--compare`. */
export function flatten(results: readonly SuiteDatasetResult[], extra: readonly string[] = []): Metrics {
  const out: Metrics = {};
  for (const r of results)
    for (const [mode, m] of Object.entries(r.modes)) {
      for (const row of [...TABLE_ROWS[r.format].map((x) => x.key), ...extra]) {
        const v = m[row];
        if (v !== undefined && Number.isFinite(v)) out[flatKey(r.key, mode, row)] = v;
      }
    }
  return out;
}

const num = (v: number | undefined, ms: boolean) =>
  v === undefined ? '–' : ms ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : v.toFixed(3);

function cell(v: number | undefined, before: number | undefined, ms: boolean): string {
  if (v === undefined || before === undefined) return num(v, ms);
  if (ms) return `${num(v, ms)} (×${(v / Math.max(before, 1e-9)).toFixed(2)})`;
  const d = v - before;
  // A change too small for three decimals still shows, so "no change" is never a rounding of a real one.
  const size = d === 0 ? '0.000' : Math.abs(d) < 0.0005 ? Math.abs(d).toFixed(4) : Math.abs(d).toFixed(3);
  return `${num(v, ms)} (${d < 0 ? '−' : '+'}${size})`;
}

type Grid = { head: string[]; rows: string[][] };

function grid(results: readonly SuiteDatasetResult[], modes: readonly SuiteMode[], before?: Metrics): Grid {
  const cols = SUITE_MODES.filter((m) => modes.includes(m));
  const head = ['dataset', 'metric', ...cols.map((m) => (m === 'bm25' ? 'LanceDB BM25' : m))];
  const rows: string[][] = [];
  for (const r of results) {
    const label = `${r.key} (${r.split}, ${r.items})`;
    TABLE_ROWS[r.format].forEach((row: MetricRow, i) => {
      const ms = row.key.endsWith('_ms');
      const cells = cols.map((mode) => cell(r.modes[mode]?.[row.key], before?.[flatKey(r.key, mode, row.key)], ms));
      if (cells.every((c) => c === '–')) return;
      rows.push([i === 0 ? label : '', row.label, ...cells]);
    });
  }
  return { head, rows };
}

/**
 * A grid as aligned plain text: its first `labels` columns to the left, the figures to the right, a rule below the
 * head.
 */
function aligned(g: Grid, labels: number): string {
  const all = [g.head, ...g.rows];
  const width = g.head.map((_, c) => Math.max(...all.map((r) => [...r[c]!].length)));
  const line = (r: string[]) =>
    r
      .map((x, c) => (c < labels ? x.padEnd(width[c]!) : x.padStart(width[c]!)))
      .join('  ')
      .trimEnd();
  return [line(g.head), width.map((w) => '─'.repeat(w)).join('  '), ...g.rows.map(line)].join('\n');
}

/** The suite's one table as aligned plain text (the CLI's output). */
export function renderTable(results: readonly SuiteDatasetResult[], modes: readonly SuiteMode[], before?: Metrics) {
  return aligned(grid(results, modes, before), 2);
}

/** The columns of the folder sets' table: a metric, its header, and whether it counts answerable questions. */
const FOLDER_COLUMNS: readonly { key: string; head: string; of: 'answerable' | 'unanswerable' | 'none' }[] = [
  { key: 'grounded_answer', head: 'grounded', of: 'answerable' },
  { key: 'answer_containment', head: 'gold in answer', of: 'answerable' },
  { key: 'answer_in_top5', head: 'answer in top 5', of: 'answerable' },
  { key: 'refusal_recall', head: 'unanswerable refused', of: 'unanswerable' },
  { key: 'refusal_rate_answerable', head: 'answerable refused', of: 'answerable' },
  { key: 'wall_p50_ms', head: 'p50 ms', of: 'none' },
];

/**
 * Folder sets in one mode, a row each (`npm run eval -- folders`): every rate with the count it stands for
 * ("0.750 12/16"), since one question moves a small set's rate by 0.03–0.07.
 */
export function renderFolderTable(results: readonly SuiteDatasetResult[], mode: SuiteMode, before?: Metrics): string {
  const head = ['set', ...FOLDER_COLUMNS.map((c) => c.head)];
  const rows = results.map((r) => {
    const m = r.modes[mode] ?? {};
    return [
      r.key,
      ...FOLDER_COLUMNS.map((c) => {
        const v = m[c.key];
        const ms = c.key.endsWith('_ms');
        const shown = cell(v, before?.[flatKey(r.key, mode, c.key)], ms);
        const n = c.of === 'none' ? undefined : r.counts?.[c.of];
        return v === undefined || n === undefined ? shown : `${shown} ${Math.round(v * n)}/${n}`;
      }),
    ];
  });
  return `${mode}:\n${aligned({ head, rows }, 1)}`;
}

/** The same table in Markdown (suite.md, and what the README quotes). */
export function renderMarkdownTable(
  results: readonly SuiteDatasetResult[],
  modes: readonly SuiteMode[],
  before?: Metrics,
): string {
  const g = grid(results, modes, before);
  return [
    `| ${g.head.join(' | ')} |`,
    `|${g.head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...g.rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/**
 * Folder sets' refusals by the rule that made them, in one mode (`refusalsByRule`): a row per rule, a column per
 * pooled group (every set when none was pooled), each cell "unanswerable / answerable" refused.
 */
export function renderRefusalRules(results: readonly SuiteDatasetResult[], mode: SuiteMode): string {
  const folders = results.filter((r) => r.format === 'folder' && r.modes[mode]);
  const pooled = folders.filter((r) => r.key.startsWith('pooled'));
  const cols = pooled.length ? pooled : folders;
  const count = (r: SuiteDatasetResult, key: string) => r.modes[mode]?.[key] ?? 0;
  const rules = [
    ...new Set(
      cols.flatMap((r) =>
        Object.keys(r.modes[mode] ?? {})
          .filter((k) => k.startsWith('refused_by:') || k.startsWith('refused_answerable_by:'))
          .map((k) => k.slice(k.indexOf(':') + 1)),
      ),
    ),
  ].sort();
  if (!cols.length || !rules.length) return '';
  const head = `| rule (${mode}; unanswerable / answerable refused) | ${cols.map((r) => r.key).join(' | ')} |`;
  const rows = rules.map(
    (rule) =>
      `| ${rule} | ${cols.map((r) => `${count(r, `refused_by:${rule}`)} / ${count(r, `refused_answerable_by:${rule}`)}`).join(' | ')} |`,
  );
  return [head, `|---|${cols.map(() => '---:|').join('')}`, ...rows].join('\n');
}
