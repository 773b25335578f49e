import type { IngestProgress, IngestSummary } from './pipeline.ts';

type Out = { write(s: string): unknown; isTTY?: boolean; columns?: number };

/** Progress on a terminal: one line rewritten in place. Elsewhere: one JSON line per update. */
export function progressPrinter(err: Out): { update(p: IngestProgress): void; done(): void } {
  if (!err.isTTY)
    return { update: (p) => err.write(`${JSON.stringify({ event: 'progress', ...p })}\n`), done: () => {} };
  let shown = false;
  return {
    update(p) {
      const eta = p.eta_s === null ? '' : ` · ETA ${formatSeconds(p.eta_s)}`;
      const line =
        `files ${p.files_done}/${p.files_total} · docs ${p.documents} (${p.skipped_unchanged} unchanged)` +
        ` · chunks ${p.chunks_written} · ${Math.round(p.chunks_per_s)} chunks/s${eta}` +
        (p.failed ? ` · ${p.failed} failed` : '');
      err.write(`\r\x1b[K${line.slice(0, (err.columns ?? 120) - 1)}`);
      shown = true;
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
  if (s.failed.length > 0) lines.push(formatFailures(s));
  return `${lines.join('\n')}\n`;
}

export const formatFailures = (s: IngestSummary): string =>
  [`${s.failed.length} problem(s):`, ...s.failed.map((f) => `  ${f.path}: ${f.reason}`)].join('\n');

const formatSeconds = (s: number): string =>
  s < 60 ? `${s.toFixed(s < 10 ? 1 : 0)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
