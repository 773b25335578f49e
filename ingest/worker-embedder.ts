import { Worker } from 'node:worker_threads';
import { createBuiltinEmbedder } from '../src/providers/builtin-embedder.ts';
import type { Embedder } from '../src/providers/embedder.ts';

const WORKER_URL = new URL('./embed-worker.mjs', import.meta.url);

export type ClosableEmbedder = Embedder & { close(): Promise<void> };
type Reply = { ready: string } | { id: number; flat: Float32Array } | { id: number; error: string };
type Call = {
  texts: readonly string[];
  dims: number;
  resolve: (v: Float32Array[]) => void;
  reject: (e: unknown) => void;
};

/**
 * The builtin embedder run in a worker thread: the same function with the same vectors, but on another core than
 * the one loading, chunking and building Arrow batches (embedding was half of the main thread's work). Calls are
 * answered in order. If the worker cannot start or dies, the calls it holds and all later ones are embedded on this
 * thread instead, so the job never depends on the worker.
 */
export function createWorkerEmbedder(dimensions: number): ClosableEmbedder {
  const local = createBuiltinEmbedder(dimensions);
  const pending = new Map<number, Call>();
  let nextId = 0;
  let worker: Worker | undefined = new Worker(WORKER_URL, { workerData: { dimensions }, execArgv: [] });
  worker.unref();

  const fallBack = () => {
    if (!worker) return;
    const w = worker;
    worker = undefined;
    w.removeAllListeners();
    w.on('error', () => {});
    void w.terminate();
    const calls = [...pending.values()];
    pending.clear();
    for (const c of calls) local.resize!(c.dims).embed(c.texts).then(c.resolve, c.reject);
  };
  worker.on('message', (r: Reply) => {
    if ('ready' in r) {
      // Another embedder in the worker would write other vectors than this process expects.
      if (r.ready !== local.id) fallBack();
      return;
    }
    const call = pending.get(r.id);
    if (!call) return;
    pending.delete(r.id);
    if (pending.size === 0) worker?.unref();
    if ('error' in r) return call.reject(new Error(r.error));
    const out: Float32Array[] = [];
    const d = call.dims;
    for (let i = 0; i < call.texts.length; i++) out.push(r.flat.subarray(i * d, (i + 1) * d));
    call.resolve(out);
  });
  worker.on('error', fallBack);
  worker.on('exit', fallBack);

  // Every size shares the one worker (a source keeps the size it was filled at).
  const sized = (dims: number): Embedder => ({
    id: local.id,
    dimensions: dims,
    embed(texts, signal) {
      signal?.throwIfAborted();
      if (!worker || texts.length === 0) return local.resize!(dims).embed(texts, signal);
      const id = nextId++;
      return new Promise<Float32Array[]>((resolve, reject) => {
        pending.set(id, { texts, dims, resolve, reject });
        worker!.ref();
        worker!.postMessage({ id, texts, dims });
      }).then((v) => {
        // A call abandoned by an interrupt is answered but not used.
        signal?.throwIfAborted();
        return v;
      });
    },
    resize: sized,
  });

  return {
    ...sized(dimensions),
    async close() {
      const w = worker;
      worker = undefined;
      if (w) {
        w.removeAllListeners();
        await w.terminate();
      }
      for (const c of pending.values()) c.reject(new Error('embedder closed'));
      pending.clear();
    },
  };
}
