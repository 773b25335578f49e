import { loadConfig, storeConnection } from '../src/config.ts';
import { AppError, errorMessage } from '../src/errors.ts';
import { createEmbedder } from '../src/providers/index.ts';
import { Store } from '../src/store/index.ts';
import { parseCliArgs, USAGE } from './cli-args.ts';
import { formatFailures, formatSummary, progressPrinter } from './cli-output.ts';
import { runIngest } from './pipeline.ts';
import { formatUnsupported } from './unsupported.ts';
import { type ClosableEmbedder, createWorkerEmbedder } from './worker-embedder.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type StopSignal = (typeof STOP_SIGNALS)[number];
const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

type Io = {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
};

/**
 * The ingest command. Exit codes: 0 done, 1 some file failed or the job failed, 2 bad arguments, 75 another job is
 * writing the source, 130 / 143 stopped by SIGINT / SIGTERM at a batch boundary (the next run resumes).
 */
export async function main(argv: readonly string[], io: Io = process): Promise<number> {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (e) {
    io.stderr.write(`error: ${errorMessage(e)}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const stop = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const onSignal = (sig: StopSignal) => {
    if (stoppedBy) process.exit(SIGNAL_EXIT[sig]);
    stoppedBy = sig;
    io.stderr.write(`\n${sig}: stopping after the current write (send it again to quit now)\n`);
    stop.abort(new AppError('unavailable', `stopped by ${sig}`));
  };
  for (const sig of STOP_SIGNALS) process.on(sig, onSignal);
  const progress = progressPrinter(io.stderr);
  let store: Store | undefined;
  let worker: ClosableEmbedder | undefined;
  try {
    const config = loadConfig(io.env);
    // The builtin embedder runs in a worker thread (same vectors), so embedding overlaps chunking and writing.
    if (config.GROUNDED_EMBEDDER === 'builtin') worker = createWorkerEmbedder(config.GROUNDED_EMBED_DIM);
    const embedder = worker ?? (await createEmbedder(config, { signal: stop.signal }));
    store = await Store.open(config.GROUNDED_DB, storeConnection(config));
    const summary = await runIngest(
      {
        source: args.source,
        inputs: args.inputs,
        chunkTokens: config.GROUNDED_CHUNK_TOKENS,
        chunkOverlap: config.GROUNDED_CHUNK_OVERLAP,
        concurrency: args.concurrency ?? config.GROUNDED_INGEST_CONCURRENCY,
        reembed: args.reembed,
        dryRun: args.dryRun,
        jsonlFields: args.jsonlFields,
        batchRows: args.batchRows,
        links: args.links,
        embedBatch: config.GROUNDED_EMBEDDER === 'builtin' ? 256 : config.GROUNDED_EMBED_BATCH,
        name: `ingest ${argv.join(' ')}`.slice(0, 300),
        indexStallMs: config.GROUNDED_INDEX_STALL_SECONDS * 1000,
        maxDecompressedBytes: config.GROUNDED_INGEST_MAX_DECOMPRESSED_MB * 1024 * 1024,
      },
      {
        store,
        embedder,
        onProgress: progress.update,
        signal: stop.signal,
        wait: args.wait,
        onWait: progress.waiting,
      },
    );
    progress.done();
    const usage = process.resourceUsage();
    const peak_rss_mb = Math.round(usage.maxRSS / 1024);
    // CPU of every thread of the process (embedding worker and LanceDB's native threads included).
    const cpu_ms = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
    if (args.json) {
      if (summary.failed.length > 0) io.stderr.write(`${formatFailures(summary)}\n`);
      if (summary.unsupported.count > 0) io.stderr.write(`${formatUnsupported(summary.unsupported)}\n`);
      io.stdout.write(`${JSON.stringify({ ...summary, peak_rss_mb, cpu_ms })}\n`);
    } else io.stdout.write(formatSummary(summary));
    return summary.failed.length > 0 ? 1 : 0;
  } catch (e) {
    progress.done();
    const message = stoppedBy
      ? `stopped by ${stoppedBy}; run the same command again to finish the job`
      : errorMessage(e);
    io.stderr.write(`error: ${message}\n`);
    if (args.json) {
      const details = AppError.is(e, 'source_busy') ? e.details : {};
      io.stdout.write(
        `${JSON.stringify({ error: { code: AppError.is(e) ? e.code : 'internal', message, ...details } })}\n`,
      );
    }
    if (stoppedBy) return SIGNAL_EXIT[stoppedBy];
    return AppError.is(e, 'source_busy') ? 75 : AppError.is(e, 'bad_request') ? 2 : 1;
  } finally {
    for (const sig of STOP_SIGNALS) process.off(sig, onSignal);
    await worker?.close();
    store?.close();
  }
}
