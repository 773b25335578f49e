import { Worker } from 'node:worker_threads';
import { LoadError, type PdfLine, type PdfText } from '../types.ts';

export type PdfPool = { extract(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfText>; close(): Promise<void> };
type Reply = { id: number; ok: true; pages: PdfLine[][]; title?: string } | { id: number; ok: false; error: string };

const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url);

/**
 * PDF extraction in reusable worker threads with a hard time limit: a PDF that hangs pdf.js costs one terminated
 * worker and a reported reason, never a stuck job. Idle workers do not keep the process alive.
 */
export function createPdfPool({ size = 2, timeoutMs = 30_000, maxMemoryMb = 1024 } = {}): PdfPool {
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const waiting: ((w: Worker) => void)[] = [];
  let nextId = 0;

  const acquire = async (): Promise<Worker> => {
    const w = idle.pop();
    if (w) return w;
    if (all.size < size) {
      const fresh = new Worker(WORKER_URL, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } });
      all.add(fresh);
      return fresh;
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (w: Worker) => {
    const next = waiting.shift();
    if (next) return next(w);
    w.unref();
    idle.push(w);
  };
  const discard = (w: Worker) => {
    all.delete(w);
    void w.terminate();
    // A waiter gets a fresh worker in place of the discarded one.
    const next = waiting.shift();
    if (next) void acquire().then(next);
  };

  return {
    async extract(bytes, signal) {
      signal?.throwIfAborted();
      const w = await acquire();
      w.ref();
      const id = nextId++;
      return new Promise<PdfText>((resolve, reject) => {
        const done = (err: Error | undefined, value?: PdfText, keep = true) => {
          clearTimeout(timer);
          w.off('message', onMessage).off('error', onError).off('exit', onExit);
          signal?.removeEventListener('abort', onAbort);
          if (keep) release(w);
          else discard(w);
          if (err) reject(err);
          else resolve(value!);
        };
        const onMessage = (r: Reply) => {
          if (r.id !== id) return;
          if (r.ok) done(undefined, { pages: r.pages, title: r.title });
          else done(new LoadError(`unreadable PDF: ${r.error}`));
        };
        const onError = (e: Error) => done(new LoadError(`PDF extraction failed: ${e.message}`), undefined, false);
        const onExit = () => done(new LoadError('PDF extraction worker exited'), undefined, false);
        const onAbort = () => done(signal!.reason as Error, undefined, false);
        const timer = setTimeout(
          () => done(new LoadError(`PDF extraction timed out after ${timeoutMs / 1000} s`), undefined, false),
          timeoutMs,
        );
        w.on('message', onMessage).on('error', onError).on('exit', onExit);
        signal?.addEventListener('abort', onAbort, { once: true });
        // A private copy is transferred: the caller's buffer may be a slice of a shared pool.
        const copy = bytes.slice();
        w.postMessage({ id, bytes: copy }, [copy.buffer]);
      });
    },
    async close() {
      await Promise.all([...all].map((w) => w.terminate()));
      all.clear();
      idle.length = 0;
    },
  };
}
