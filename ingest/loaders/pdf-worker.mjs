// Runs PDF text extraction off the main thread, so a PDF that makes pdf.js spin can be stopped by terminating the
// worker. Plain JavaScript: the worker starts without the TypeScript loader, which keeps start-up short.
import { parentPort } from 'node:worker_threads';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

parentPort.on('message', async ({ id, bytes }) => {
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
    const { text } = await extractText(pdf, { mergePages: false });
    let title;
    try {
      title = (await getMeta(pdf)).info?.Title || undefined;
    } catch {
      title = undefined;
    }
    parentPort.postMessage({ id, ok: true, pages: text, title: typeof title === 'string' ? title : undefined });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: e?.message || e?.name || String(e) });
  } finally {
    await pdf?.destroy?.().catch(() => {});
  }
});
