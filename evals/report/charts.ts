import { esc } from './escape.ts';

// Hand-drawn SVG so the report opens offline and from a CI artifact, with no chart library or CDN.
const PALETTE = ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#64748b'];
const FONT = 'font-family="system-ui, sans-serif" font-size="11"';

export type BarGroup = { label: string; values: { series: string; value: number }[] };

/** Grouped bars on a 0..1 scale: one group per metric, one bar per run (agent, then baselines). */
export function groupedBarChart(groups: readonly BarGroup[], series: readonly string[], title: string): string {
  // Room on the left and below for metric names written at an angle.
  const width = Math.max(360, 150 + groups.length * (series.length * 18 + 26));
  const height = 300;
  const [left, top, bottom] = [130, 28, 100];
  const plotH = height - top - bottom;
  const y = (v: number) => top + plotH * (1 - Math.max(0, Math.min(1, v)));
  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${y(t)}" y2="${y(t)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${left - 6}" y="${y(t) + 4}" text-anchor="end" ${FONT}>${t}</text>`);
  }
  groups.forEach((g, gi) => {
    const x0 = left + 14 + gi * (series.length * 18 + 26);
    g.values.forEach((v) => {
      const si = Math.max(0, series.indexOf(v.series));
      const x = x0 + si * 18;
      const h = y(0) - y(v.value);
      parts.push(
        `<rect class="bar" x="${x}" y="${y(v.value)}" width="15" height="${h}" fill="${PALETTE[si % PALETTE.length]}"><title>${esc(v.series)} · ${esc(g.label)}: ${v.value.toFixed(3)}</title></rect>`,
      );
    });
    const cx = x0 + (series.length * 18) / 2;
    parts.push(
      `<text x="${cx}" y="${height - bottom + 14}" text-anchor="end" transform="rotate(-30 ${cx} ${height - bottom + 14})" ${FONT}>${esc(g.label)}</text>`,
    );
  });
  const legend = series
    .map(
      (s, i) =>
        `<rect x="${left + i * 130}" y="6" width="10" height="10" fill="${PALETTE[i % PALETTE.length]}"/><text x="${left + 14 + i * 130}" y="15" ${FONT}>${esc(s)}</text>`,
    )
    .join('');
  return svg(width, height, title, legend + parts.join(''));
}

/** Histogram of per-item scores in [0, 1]: where the mass of items sits, and how many are near zero. */
export function histogram(values: readonly number[], title: string, bins = 10): string {
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.max(0, Math.floor(v * bins)))]!++;
  const width = 420;
  const height = 240;
  const [left, top, bottom] = [40, 16, 50];
  const plotH = height - top - bottom;
  const max = Math.max(1, ...counts);
  const bw = (width - left - 10) / bins;
  const parts = counts.map((c, i) => {
    const h = (plotH * c) / max;
    const label = `${(i / bins).toFixed(1)}–${((i + 1) / bins).toFixed(1)}: ${c}`;
    return `<rect class="bin" x="${left + i * bw + 1}" y="${top + plotH - h}" width="${bw - 2}" height="${h}" fill="#2563eb"><title>${label}</title></rect>`;
  });
  for (let i = 0; i <= bins; i += 2)
    parts.push(
      `<text x="${left + i * bw}" y="${height - bottom + 14}" text-anchor="middle" ${FONT}>${(i / bins).toFixed(1)}</text>`,
    );
  parts.push(`<text x="${left - 6}" y="${top + 8}" text-anchor="end" ${FONT}>${max}</text>`);
  parts.push(`<text x="${left - 6}" y="${top + plotH}" text-anchor="end" ${FONT}>0</text>`);
  parts.push(`<line x1="${left}" x2="${width - 10}" y1="${top + plotH}" y2="${top + plotH}" stroke="#9ca3af"/>`);
  parts.push(
    `<text x="${(left + width) / 2}" y="${height - 8}" text-anchor="middle" ${FONT}>score (items: ${values.length})</text>`,
  );
  return svg(width, height, title, parts.join(''));
}

const svg = (w: number, h: number, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><title>${esc(title)}</title>${body}</svg>`;
