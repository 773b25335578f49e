// Runs the builtin embedder off the main thread, so embedding overlaps loading, chunking and writing on another
// core. The embedder is TypeScript: the TypeScript loader is registered here (the worker starts without it).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { createBuiltinEmbedder } = await import('../src/providers/builtin-embedder.ts');
const embedder = createBuiltinEmbedder(workerData.dimensions);

// Vectors go back as one flat buffer, transferred rather than copied.
parentPort.on('message', async ({ id, texts }) => {
  try {
    const vectors = await embedder.embed(texts);
    const flat = new Float32Array(vectors.length * embedder.dimensions);
    for (let i = 0; i < vectors.length; i++) flat.set(vectors[i], i * embedder.dimensions);
    parentPort.postMessage({ id, flat }, [flat.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: e?.message || String(e) });
  }
});
parentPort.postMessage({ ready: embedder.id });
