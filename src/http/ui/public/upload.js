// @ts-check
import { enc, getStream, send } from './api.js';
import { h, plural } from './dom.js';

/** @param {unknown} e */
const message = (e) => (e instanceof Error ? e.message : String(e));

/**
 * A drop zone for one source: files dropped on it (or chosen) are uploaded as one job, whose progress is followed
 * from its event stream until it ends; `onDone` then refreshes what the page shows.
 *
 * @param {string} source
 * @param {() => void} onDone
 */
export function uploadZone(source, onDone) {
  const input = /** @type {HTMLInputElement} */ (
    h('input', { type: 'file', multiple: true, class: 'sr-only', id: `files-${source}` })
  );
  const status = h('div', { class: 'job', role: 'status', 'aria-live': 'polite' });
  const zone = h(
    'div',
    { class: 'dropzone', dataset: { source } },
    h('p', null, 'Drop files here, or ', h('label', { for: `files-${source}`, class: 'linkish' }, 'choose files'), '.'),
    h('p', { class: 'muted small' }, 'Markdown, HTML, PDF, text, JSONL. The file name is the document id.'),
    input,
  );
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    const files = /** @type {DragEvent} */ (e).dataTransfer?.files;
    if (files?.length) void upload([...files]);
  });
  input.addEventListener('change', () => {
    if (input.files?.length) void upload([...input.files]);
    input.value = '';
  });

  /** @param {File[]} files */
  async function upload(files) {
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    status.dataset.state = 'uploading';
    status.replaceChildren(h('p', null, `Uploading ${plural(files.length, 'file')}…`));
    try {
      const { job_id } = await send('POST', `/v1/sources/${enc(source)}/documents`, form);
      const bar = /** @type {HTMLProgressElement} */ (h('progress', { max: String(files.length), value: '0' }));
      const line = h('p', { class: 'job-line' }, 'Queued…');
      status.replaceChildren(bar, line);
      await getStream(`/v1/jobs/${enc(job_id)}/events`, (_type, job) => show(job, bar, line));
      onDone();
    } catch (e) {
      status.dataset.state = 'failed';
      status.replaceChildren(h('p', { class: 'error' }, `Upload failed: ${message(e)}`));
    }
  }

  /** @param {any} job @param {HTMLProgressElement} bar @param {HTMLElement} line */
  function show(job, bar, line) {
    status.dataset.state = job.state;
    bar.max = Math.max(1, job.files.total);
    bar.value = job.files.done;
    const counts = `${job.files.done}/${job.files.total} files, ${plural(job.chunks_written, 'chunk')} written`;
    if (job.state === 'waiting') line.textContent = `Waiting for ${job.waiting_for ?? 'another job'}…`;
    else if (job.state === 'queued') line.textContent = 'Queued…';
    else if (job.state === 'running')
      line.textContent = `Ingesting: ${counts}${job.rate.chunks_per_s ? ` (${job.rate.chunks_per_s} chunks/s)` : ''}`;
    else if (job.state === 'done')
      line.textContent = `Done: ${plural(job.documents, 'document')}, ${plural(job.chunks_written, 'chunk')} written, ${job.skipped_unchanged} unchanged`;
    else line.textContent = `Failed: ${job.error?.message ?? 'unknown error'}`;
    const errors = job.errors ?? [];
    status.querySelector('ul.job-errors')?.remove();
    if (errors.length)
      status.append(
        h(
          'ul',
          { class: 'job-errors' },
          ...errors.map((/** @type {any} */ e) => h('li', null, h('code', null, e.path), `: ${e.reason}`)),
        ),
      );
  }

  return h('div', { class: 'upload' }, zone, status);
}
