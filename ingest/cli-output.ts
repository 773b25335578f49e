import { describeHolder, type LeaseHolder, type RepairReport } from '../src/store/index.ts';
import type { IngestProgress, IngestSummary } from './pipeline.ts';
import { formatUnsupported } from './unsupported.ts';

type Out = { write(s: string): unknown; isTTY?: boolean; columns?: number };
type Printer = {
  update(p: IngestProgress): void;
  /** Waiting for another job that holds the source. */
  waiting(h: LeaseHolder, waitedMs: number): void;
  done(): void;
};

/** Progress on a terminal: one line rewritten in place. Elsewhere: one JSON line per update. */
export function progressPrinter(err: Out): Printer {
  if (!err.isTTY)
    return {
      update: (p) => err.write(`${JSON.stringify({ event: 'progress', ...p })}\n`),
      waiting: (holder, ms) =>
        err.write(`${JSON.stringify({ event: 'waiting', waited_s: Math.round(ms / 1000), holder })}\n`),
      done: () => {},
    };
  let shown = false;
  const line = (s: string) => {
    err.write(`\r\x1b[K${s.slice(0, (err.columns ?? 120) - 1)}`);
    shown = true;
  };
  return {
    waiting(h, ms) {
      line(`waiting ${formatSeconds(ms / 1000)} for source "${h.name}": written by ${describeHolder(h)}`);
    },
    update(p) {
      const eta = p.eta_s === null ? '' : ` · ETA ${formatSeconds(p.eta_s)}`;
      const text =
        `files ${p.files_done}/${p.files_total} · docs ${p.documents} (${p.skipped_unchanged} unchanged)` +
        ` · chunks ${p.chunks_written} · ${Math.round(p.chunks_per_s)} chunks/s${eta}` +
        (p.failed ? ` · ${p.failed} failed` : '');
      line(text);
    },
    done() {
      if (shown) err.write('\n');
    },
  };
}

export function formatSummary(s: IngestSummary): string {
  const lines = [
    `${s.dry_run ? 'dry run: would ingest' : 'ingested'} ${s.documents} document(s) from ${s.files} file(s) into "${s.source}"` +
      ` in ${formatSeconds(s.elapsed_ms / 1000)}: ${s.skipped_unchanged} unchanged, ${s.chunks_written} chunks written,` +
      ` ${s.chunks_deleted} deleted, ${s.embedded} embedded`,
  ];
  const repaired = formatRepaired(s.repaired);
  if (repaired) lines.push(repaired);
  const unsupported = formatUnsupported(s.unsupported);
  if (unsupported) lines.push(unsupported);
  if (s.failed.length > 0) lines.push(formatFailures(s));
  return `${lines.join('\n')}\n`;
}

/** `repaired: 8262 duplicate chunk rows, 1 duplicate registry row`, or '' when there was nothing to repair. */
export function formatRepaired(r: RepairReport): string {
  const parts = Object.entries(r)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k.replaceAll('_', ' ').replace(/rows\b/, n === 1 ? 'row' : 'rows')}`);
  return parts.length > 0 ? `repaired: ${parts.join(', ')}` : '';
}

export const formatFailures = (s: IngestSummary): string =>
  [`${s.failed.length} problem(s):`, ...s.failed.map((f) => `  ${f.path}: ${f.reason}`)].join('\n');

const formatSeconds = (s: number): string =>
  s < 60 ? `${s.toFixed(s < 10 ? 1 : 0)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
