// Run as its own process by `npm run bench -- scale-up`: what `npm run ingest -- FILE --source scale` does (builtin
// embedder in a worker thread, the configured chunking), measured from inside: CPU time and resident memory sampled
// every 200 ms, so the load/chunk/embed/write pipeline and the index steps after it get their own figures.

import { runIngest } from '../../ingest/pipeline.ts';
import { createWorkerEmbedder } from '../../ingest/worker-embedder.ts';
import { loadConfig } from '../../src/config.ts';
import { createEmbedder } from '../../src/providers/index.ts';
import { type IndexStepEvent, Store } from '../../src/store/index.ts';

type Mark = { t: number; cpuMs: number; rssMb: number };

const [file, source = 'scale'] = process.argv.slice(2);
if (!file) throw new Error('usage: scale-ingest.ts FILE [SOURCE]');
const config = loadConfig(process.env);
const started = performance.now();
const mark = (): Mark => {
  const c = process.cpuUsage();
  return {
    t: performance.now() - started,
    cpuMs: (c.user + c.system) / 1000,
    rssMb: process.memoryUsage.rss() / 2 ** 20,
  };
};
const marks: Mark[] = [mark()];
const timer = setInterval(() => marks.push(mark()), 200);
const steps: (IndexStepEvent & { endMs: number })[] = [];
const worker = config.GROUNDED_EMBEDDER === 'builtin' ? createWorkerEmbedder(config.GROUNDED_EMBED_DIM) : undefined;
const embedder = worker ?? (await createEmbedder(config));
const store = await Store.open(config.GROUNDED_DB, {
  vectorIndexMinRows: config.GROUNDED_VECTOR_INDEX_MIN_ROWS,
  onIndexStep: (e) => steps.push({ ...e, endMs: performance.now() - started }),
});
const summary = await runIngest(
  {
    source,
    inputs: [file],
    chunkTokens: config.GROUNDED_CHUNK_TOKENS,
    chunkOverlap: config.GROUNDED_CHUNK_OVERLAP,
    concurrency: config.GROUNDED_INGEST_CONCURRENCY,
    embedBatch: 256,
  },
  { store, embedder },
);
await worker?.close();
store.close();
clearInterval(timer);
marks.push(mark());

/** CPU seconds and peak RSS between two times (ms since start). */
const span = (from: number, to: number) => {
  // The samples around the span (one before it starts, one after it ends): a short step may hold none.
  const first = marks.findLast((m) => m.t <= from) ?? marks[0]!;
  const last = marks.find((m) => m.t >= to) ?? marks.at(-1)!;
  const around = marks.filter((m) => m.t >= first.t && m.t <= last.t);
  return {
    wallMs: Math.round(to - from),
    cpuMs: Math.round(last.cpuMs - first.cpuMs),
    peakRssMb: Math.round(Math.max(...around.map((m) => m.rssMb))),
  };
};
const end = marks.at(-1)!.t;
const indexFrom = end - summary.timings_ms.index;
console.log(
  JSON.stringify({
    summary,
    wallMs: Math.round(end),
    cpuMs: Math.round(marks.at(-1)!.cpuMs),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    pipeline: span(0, indexFrom),
    index: span(indexFrom, end),
    steps: steps.map((s) => ({ step: s.step, ms: Math.round(s.ms), ...span(s.endMs - s.ms, s.endMs) })),
  }),
);
