export { type Change, compareMetrics, regressions } from './compare.ts';
export { esc } from './escape.ts';
export { renderHtml } from './html.ts';
export { renderMarkdown } from './markdown.ts';
export { checkThresholds, type Threshold, type ThresholdFailure } from './thresholds.ts';
export type { JudgeSummary, Metrics, Report, ReportClaim, ReportItem, TraceStep } from './types.ts';
export { readReport, type WriteReportOptions, type WrittenReport, writeReport } from './write-report.ts';
