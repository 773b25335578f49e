import { loadConfig } from '../src/config.ts';
import { AppError, errorMessage } from '../src/errors.ts';
import { createEmbedder } from '../src/providers/index.ts';
import { Store } from '../src/store/index.ts';
import { parseCliArgs, USAGE } from './cli-args.ts';
import { formatFailures, formatSummary, progressPrinter } from './cli-output.ts';
import { runIngest } from './pipeline.ts';
import { type ClosableEmbedder, createWorkerEmbedder } from './worker-embedder.ts';

type Io = {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
};

/** The ingest command. Exit codes: 0 done, 1 some file failed or the job failed, 2 bad arguments, 130 interrupted. */
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
  const onSigint = () => {
    if (stop.signal.aborted) process.exit(130);
    io.stderr.write('\ninterrupted: finishing the current write (Ctrl-C again to quit now)\n');
    stop.abort(new AppError('unavailable', 'interrupted'));
  };
  process.on('SIGINT', onSigint);
  const progress = progressPrinter(io.stderr);
  let store: Store | undefined;
  let worker: ClosableEmbedder | undefined;
  try {
    const config = loadConfig(io.env);
    // The builtin embedder runs in a worker thread (same vectors), so embedding overlaps chunking and writing.
    if (config.GROUNDED_EMBEDDER === 'builtin') worker = createWorkerEmbedder(config.GROUNDED_EMBED_DIM);
    const embedder = worker ?? (await createEmbedder(config, { signal: stop.signal }));
    store = await Store.open(config.GROUNDED_DB, {
      apiKey: config.GROUNDED_DB_API_KEY,
      region: config.GROUNDED_DB_REGION,
      vectorIndexMinRows: config.GROUNDED_VECTOR_INDEX_MIN_ROWS,
    });
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
        embedBatch: config.GROUNDED_EMBEDDER === 'builtin' ? 256 : config.GROUNDED_EMBED_BATCH,
      },
      { store, embedder, onProgress: progress.update, signal: stop.signal },
    );
    progress.done();
    const peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
    if (args.json) {
      if (summary.failed.length > 0) io.stderr.write(`${formatFailures(summary)}\n`);
      io.stdout.write(`${JSON.stringify({ ...summary, peak_rss_mb })}\n`);
    } else io.stdout.write(formatSummary(summary));
    return summary.failed.length > 0 ? 1 : 0;
  } catch (e) {
    progress.done();
    const interrupted = stop.signal.aborted;
    const message = interrupted ? 'interrupted; run the same command again to finish the job' : errorMessage(e);
    io.stderr.write(`error: ${message}\n`);
    if (args.json)
      io.stdout.write(`${JSON.stringify({ error: { code: AppError.is(e) ? e.code : 'internal', message } })}\n`);
    return interrupted ? 130 : AppError.is(e, 'bad_request') ? 2 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    await worker?.close();
    store?.close();
  }
}
