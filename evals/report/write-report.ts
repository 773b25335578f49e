import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Change, compareMetrics } from './compare.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import type { Report } from './types.ts';

export type WriteReportOptions = {
  /** An earlier report, or the path of its report.json: regressions against it are highlighted. */
  compare?: Report | string;
  /** Smallest absolute change that counts as a regression. */
  tolerance?: number;
};
export type WrittenReport = { json: string; markdown: string; html: string; changes: Change[]; regressions: Change[] };

/** Writes report.json, report.md and report.html into `dir` (created if needed). */
export async function writeReport(dir: string, report: Report, opts: WriteReportOptions = {}): Promise<WrittenReport> {
  const previous = typeof opts.compare === 'string' ? await readReport(opts.compare) : opts.compare;
  const changes = previous ? compareMetrics(report.metrics, previous.metrics, opts.tolerance) : [];
  await mkdir(dir, { recursive: true });
  const paths = { json: join(dir, 'report.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  await writeFile(paths.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(paths.markdown, renderMarkdown(report, changes));
  await writeFile(paths.html, renderHtml(report, changes));
  return { ...paths, changes, regressions: changes.filter((c) => c.regressed) };
}

export async function readReport(path: string): Promise<Report> {
  const data = JSON.parse(await readFile(path, 'utf8')) as Partial<Report>;
  if (!data || typeof data.metrics !== 'object' || data.metrics === null)
    throw new Error(`${path}: not a report (no "metrics" object)`);
  return { version: 1, name: '', kind: '', createdAt: '', config: {}, baselines: {}, items: [], ...data } as Report;
}
