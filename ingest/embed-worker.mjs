// Runs the builtin embedder off the main thread, so embedding overlaps loading, chunking and writing on another
// core. Compiled (npm run build, the Dockerfile) it sits next to the embedder's JavaScript; from the sources the
// embedder is TypeScript and the TypeScript loader is registered here (the worker starts without it).
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const compiled = new URL('../src/providers/builtin-embedder.js', import.meta.url);
if (!existsSync(compiled)) (await import('tsx/esm/api')).register();
const { createBuiltinEmbedder } = await import(
  existsSync(compiled) ? compiled.href : '../src/providers/builtin-embedder.ts'
);
const embedder = createBuiltinEmbedder(workerData.dimensions);
const sized = new Map([[embedder.dimensions, embedder]]);

// Vectors go back as one flat buffer, transferred rather than copied.
parentPort.on('message', async ({ id, texts, dims }) => {
  try {
    if (!sized.has(dims)) sized.set(dims, createBuiltinEmbedder(dims));
    const vectors = await sized.get(dims).embed(texts);
    const flat = new Float32Array(vectors.length * dims);
    for (let i = 0; i < vectors.length; i++) flat.set(vectors[i], i * dims);
    parentPort.postMessage({ id, flat }, [flat.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: e?.message || String(e) });
  }
});
parentPort.postMessage({ ready: embedder.id });
