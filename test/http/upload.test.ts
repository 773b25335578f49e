import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { JobView } from '../../src/service/ingest-jobs.ts';
import { buildPdf } from '../fixtures/pdf-builder.ts';
import { parseSSE, postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

const RETURNS_MD =
  '# Returns policy\n\nCustomers may return a kettle within 45 days of delivery for a full refund.\n\n## Damaged items\n\nA damaged kettle is replaced free of charge within 90 days.\n';
const SHIPPING_HTML =
  '<html><body><nav>Home | Help</nav><h1>Shipping</h1><p>Orders ship from the Leeds warehouse within two working days.</p></body></html>';
const WARRANTY_PDF = buildPdf(
  [
    [
      { font: 'F1', size: 18, text: 'Kettle warranty' },
      { font: 'F1', size: 11, text: 'Every kettle carries a warranty of three years from the date of purchase.' },
    ],
  ],
  { title: 'Kettle warranty' },
);

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { GROUNDED_MAX_UPLOAD_FILES: '5', GROUNDED_MAX_UPLOAD_BYTES: '200000' } });
});
after(() => server?.close());

type Part = [name: string, content: string | Uint8Array];
const form = (parts: Part[], metadata?: unknown) => {
  const f = new FormData();
  for (const [name, content] of parts) f.append('files', new Blob([content as BlobPart]), name);
  if (metadata !== undefined) f.append('metadata', JSON.stringify(metadata));
  return f;
};
const upload = (source: string, body: FormData | object, query = '') =>
  fetch(`${server.url}/v1/sources/${source}/documents${query}`, {
    method: 'POST',
    ...(body instanceof FormData
      ? { body }
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

/** Follow a job's event stream to its end: the events in order. */
async function follow(jobId: string): Promise<{ event: string; job: JobView }[]> {
  const res = await fetch(`${server.url}/v1/jobs/${jobId}/events`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
  return parseSSE(await res.text()).map((e) => ({ event: e.event, job: JSON.parse(e.data) as JobView }));
}

async function submitted(res: Response): Promise<string> {
  const body = (await res.json()) as { job_id: string; state: string };
  assert.equal(res.status, 202, JSON.stringify(body));
  assert.equal(res.headers.get('location'), `/v1/jobs/${body.job_id}`);
  return body.job_id;
}

const PARTS: Part[] = [
  ['returns.md', RETURNS_MD],
  ['shipping.html', SHIPPING_HTML],
  ['warranty.pdf', WARRANTY_PDF],
];

test('PUT creates a source (201, then 200); upload md + pdf + html: the job completes with progress, a cited answer comes from them, the same upload again writes nothing', async () => {
  const put = await fetch(`${server.url}/v1/sources/shop`, { method: 'PUT' });
  assert.equal(put.status, 201);
  assert.equal(((await put.json()) as { name: string }).name, 'shop');
  assert.equal((await fetch(`${server.url}/v1/sources/shop`, { method: 'PUT' })).status, 200);

  const id = await submitted(await upload('shop', form(PARTS)));
  const events = await follow(id);
  assert.ok(
    events.some((e) => e.event === 'progress'),
    'progress events while it runs',
  );
  const end = events.at(-1)!;
  assert.equal(end.event, 'done');
  assert.equal(end.job.state, 'done');
  assert.deepEqual(end.job.files, { done: 3, total: 3 });
  assert.equal(end.job.documents, 3);
  assert.ok(end.job.chunks_written >= 3);
  assert.deepEqual(end.job.errors, []);
  assert.deepEqual(
    end.job.uploads.map((u) => [u.name, u.type]),
    [
      ['returns.md', 'markdown'],
      ['shipping.html', 'html'],
      ['warranty.pdf', 'pdf'],
    ],
  );
  assert.deepEqual(await (await fetch(`${server.url}/v1/jobs/${id}`)).json(), end.job);

  const asked: [string, string, string][] = [
    ['How long do customers have to return a kettle?', '45', 'returns.md'],
    ['How long is the kettle warranty?', 'three years', 'warranty.pdf'],
    ['Where do orders ship from?', 'Leeds', 'shipping.html'],
  ];
  for (const [question, answer, doc] of asked) {
    const res = await postJson(`${server.url}/v1/query`, { question, sources: ['shop'] });
    const r = (await res.json()) as { status: string; answer: string; citations: { doc_id: string }[] };
    assert.equal(r.status, 'answered', question);
    assert.match(r.answer, new RegExp(answer));
    assert.ok(
      r.citations.some((c) => c.doc_id === doc),
      `${question}: cites ${doc} (${JSON.stringify(r.citations.map((c) => c.doc_id))})`,
    );
  }

  const again = (await follow(await submitted(await upload('shop', form(PARTS))))).at(-1)!.job;
  assert.deepEqual([again.state, again.chunks_written, again.skipped_unchanged, again.embedded], ['done', 0, 3, 0]);
});

test('a corrupt PDF and a binary file are reported in the job while the rest are ingested; type comes from content', async () => {
  await fetch(`${server.url}/v1/sources/mixed`, { method: 'PUT' });
  const parts: Part[] = [
    ['broken.pdf', '%PDF-1.4\n%garbage that is no PDF\n'],
    ['image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['notes.txt', 'The spare filter for the kettle is part number KF-220.'],
    // Named .txt but it is a PDF: read as the PDF it is.
    ['scan.txt', WARRANTY_PDF],
    ['README', '# Readme\n\nThe descaling interval is four weeks.'],
  ];
  const job = (await follow(await submitted(await upload('mixed', form(parts))))).at(-1)!.job;
  assert.equal(job.state, 'done');
  const errors = Object.fromEntries(job.errors.map((e) => [e.path, e.reason]));
  assert.deepEqual(Object.keys(errors).sort(), ['broken.pdf', 'image.png']);
  assert.match(errors['image.png']!, /binary/);
  assert.ok(errors['broken.pdf']!.length > 0);
  assert.deepEqual(Object.fromEntries(job.uploads.map((u) => [u.name, u.type])), {
    'broken.pdf': 'pdf',
    'image.png': 'binary',
    'notes.txt': 'text',
    'scan.txt': 'pdf',
    README: 'markdown',
  });
  const docs = (await (await fetch(`${server.url}/v1/sources/mixed/documents`)).json()) as {
    documents: { doc_id: string; title: string }[];
  };
  assert.deepEqual(docs.documents.map((d) => d.doc_id).sort(), ['README', 'notes.txt', 'scan.txt']);
  assert.equal(docs.documents.find((d) => d.doc_id === 'scan.txt')!.title, 'Kettle warranty');
});

test('gzip uploads are read as what they hold; a corrupt one is reported', async () => {
  await fetch(`${server.url}/v1/sources/packed`, { method: 'PUT' });
  const parts: Part[] = [
    ['shipping.html.gz', gzipSync(SHIPPING_HTML)],
    ['NEWS.gz', gzipSync('Version 3\n\nThe kettle lid now locks with a quarter turn.\n')],
    ['warranty.pdf.gz', gzipSync(WARRANTY_PDF)],
    // One part of a split GNU info manual, with makeinfo's NUL-delimited index marker.
    [
      'kettle.info-1.gz',
      gzipSync(
        '\x1f\nFile: kettle.info,  Node: Top,  Up: (dir)\n\nKettle manual\n*************\n\n' +
          'Descale the kettle every month.\n\n\0\b[index\0\b]\n* Menu:\n\n* descaling:   Top.   (line 6)\n',
      ),
    ],
    ['broken.gz', Buffer.concat([gzipSync('x').subarray(0, 10), Buffer.from('not deflate data')])],
  ];
  const job = (await follow(await submitted(await upload('packed', form(parts))))).at(-1)!.job;
  assert.equal(job.state, 'done');
  assert.deepEqual(
    job.errors.map((e) => [e.path, e.reason]),
    [['broken.gz', 'not a valid gzip file (invalid block type)']],
  );
  assert.deepEqual(Object.fromEntries(job.uploads.map((u) => [u.name, u.type])), {
    'shipping.html.gz': 'html',
    'NEWS.gz': 'text',
    'warranty.pdf.gz': 'pdf',
    'kettle.info-1.gz': 'info',
    'broken.gz': 'binary',
  });
  const docs = (await (await fetch(`${server.url}/v1/sources/packed/documents`)).json()) as {
    documents: { doc_id: string; title: string }[];
  };
  assert.deepEqual(Object.fromEntries(docs.documents.map((d) => [d.doc_id, d.title])), {
    'NEWS.gz': 'NEWS',
    'shipping.html.gz': 'Shipping',
    'warranty.pdf.gz': 'Kettle warranty',
    'kettle.info-1.gz': 'Kettle manual',
  });
  // Refused files carry the reason their sniff found, not one guessed from the name.
  const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const refused = (
    await follow(
      await submitted(
        await upload(
          'packed',
          form([
            ['images.gz', gzipSync(elf)],
            ['tool.gz', elf], // named .gz, not gzip at all
          ]),
        ),
      ),
    )
  ).at(-1)!.job;
  assert.deepEqual(
    refused.errors.map((e) => [e.path, e.reason]),
    [
      ['images.gz', 'binary content inside the gzip: not a PDF, HTML, Markdown, JSONL or text file'],
      ['tool.gz', 'binary content: not a PDF, HTML, Markdown, JSONL or text file'],
    ],
  );
});

test('JSON documents with metadata, ?wait=true; pages of documents; delete a document, then the source: nothing of them is left', async () => {
  await fetch(`${server.url}/v1/sources/kb`, { method: 'PUT' });
  const documents = Array.from({ length: 5 }, (_, i) => ({
    id: `faq/q${i}`,
    title: `Question ${i}`,
    text: `Answer ${i}: the kettle model K${i} holds ${i + 1} litres.`,
    metadata: { team: i % 2 ? 'billing' : 'ops', n: i },
  }));
  const res = await upload('kb', { documents }, '?wait=true');
  assert.equal(res.status, 200);
  const done = (await res.json()) as { state: string; job: JobView };
  assert.deepEqual([done.state, done.job.documents], ['done', 5]);
  const search = async (body: object) =>
    (
      (await (await postJson(`${server.url}/v1/search`, { query: 'kettle litres', ...body })).json()) as {
        results?: { doc_id: string; path: string; metadata: Record<string, unknown> }[];
      }
    ).results;
  const billing = await search({ sources: ['kb'], filter: { metadata: { team: 'billing' } } });
  assert.deepEqual(billing!.map((r) => r.doc_id).sort(), ['faq/q1', 'faq/q3']);
  assert.equal(billing![0]!.path, billing![0]!.doc_id);

  const page = async (q: string) =>
    (await (await fetch(`${server.url}/v1/sources/kb/documents${q}`)).json()) as {
      documents: { doc_id: string; ingested_at: string; metadata: Record<string, unknown> }[];
      total: number;
      next_cursor: string | null;
    };
  const p1 = await page('?limit=2');
  const p2 = await page(`?limit=2&cursor=${p1.next_cursor}`);
  const p3 = await page(`?limit=2&cursor=${p2.next_cursor}`);
  assert.equal(p1.total, 5);
  assert.deepEqual(
    [...p1.documents, ...p2.documents, ...p3.documents].map((d) => d.doc_id),
    documents.map((d) => d.id),
  );
  assert.equal(p3.next_cursor, null);
  assert.deepEqual(p2.documents[0], {
    doc_id: 'faq/q2',
    title: 'Question 2',
    path: 'faq/q2',
    chunks: 1,
    ingested_at: p2.documents[0]!.ingested_at,
    metadata: { team: 'ops', n: 2 },
  });

  // Ids with slashes go in the path as they are, or %-encoded.
  const del = await fetch(`${server.url}/v1/sources/kb/documents/faq%2Fq1`, { method: 'DELETE' });
  assert.equal(del.status, 200);
  assert.ok(((await del.json()) as { chunks_deleted: number }).chunks_deleted > 0);
  assert.equal((await fetch(`${server.url}/v1/sources/kb/documents/faq/q1`, { method: 'DELETE' })).status, 404);
  assert.deepEqual(
    (await search({ sources: ['kb'], filter: { metadata: { team: 'billing' } } }))!.map((r) => r.doc_id),
    ['faq/q3'],
  );
  assert.equal((await page('')).total, 4);

  const drop = await fetch(`${server.url}/v1/sources/kb`, { method: 'DELETE' });
  assert.equal(drop.status, 200);
  assert.equal((await postJson(`${server.url}/v1/search`, { query: 'kettle litres', sources: ['kb'] })).status, 404);
  const all = await search({});
  assert.ok(!all!.some((r) => r.doc_id.startsWith('faq/')), 'nothing of the source is retrievable');
  const listed = (await (await fetch(`${server.url}/v1/sources`)).json()) as { sources: { name: string }[] };
  assert.ok(!listed.sources.some((s) => s.name === 'kb'));
  const models = (await (await fetch(`${server.url}/v1/models`)).json()) as { data: { id: string }[] };
  assert.ok(!models.data.some((m) => m.id === 'grounded/kb'));
  assert.equal((await fetch(`${server.url}/v1/sources/kb/documents`)).status, 404);
  assert.equal((await fetch(`${server.url}/v1/sources/kb`, { method: 'DELETE' })).status, 404);
});

test('limits: too many files and too many bytes are 413, other content types 415, a bad document 422, unknown source 404', async () => {
  const six: Part[] = Array.from({ length: 6 }, (_, i) => [`f${i}.txt`, `file ${i}`]);
  const many = await upload('shop', form(six));
  assert.equal(many.status, 413);
  assert.match(((await many.json()) as { error: { message: string } }).error.message, /at most 5 files/);
  const big = await upload('shop', form([['big.txt', 'x'.repeat(300_000)]]));
  assert.equal(big.status, 413);
  const text = await fetch(`${server.url}/v1/sources/shop/documents`, { method: 'POST', body: 'hello' });
  assert.equal(text.status, 415);
  const bad = await upload('shop', { documents: [{ id: '', text: 'x' }] });
  assert.equal(bad.status, 422);
  const meta = await upload('shop', form([['a.txt', 'a']], { 'bad key': 1 }));
  assert.equal(meta.status, 400);
  assert.equal((await upload('nowhere', form([['a.txt', 'a']]))).status, 404);
  // Nothing of the refused uploads became a job.
  const jobs = (await (await fetch(`${server.url}/v1/jobs?source=shop`)).json()) as { jobs: JobView[] };
  assert.equal(jobs.jobs.length, 2);
});

test('a job outlives its client: leaving the event stream or a waiting upload does not stop it', async () => {
  await fetch(`${server.url}/v1/sources/late`, { method: 'PUT' });
  const ctl = new AbortController();
  const pending = fetch(`${server.url}/v1/sources/late/documents?wait=true`, {
    method: 'POST',
    body: form([['late.md', '# Late\n\nThe late kettle arrives on Tuesday.']]),
    signal: ctl.signal,
  });
  await new Promise((r) => setTimeout(r, 20));
  ctl.abort();
  await assert.rejects(pending);
  let job: JobView | undefined;
  for (let i = 0; i < 100 && job?.state !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const list = (await (await fetch(`${server.url}/v1/jobs?source=late`)).json()) as { jobs: JobView[] };
    job = list.jobs[0];
  }
  assert.equal(job?.state, 'done');
  assert.equal(job?.documents, 1);
});

test("PUT sets the links mode: on and off hold through uploads; another embedder than the server's is refused", async () => {
  type Info = { capabilities: { links: boolean | null; links_mode: string | null } };
  const put = (body: unknown) =>
    fetch(`${server.url}/v1/sources/wiki`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = (await (await put({ links: 'on' })).json()) as Info;
  assert.deepEqual(created.capabilities, { links: true, links_mode: 'on' });
  const parts: Part[] = [
    ['a.md', '# Alpha\n\nAlpha mentions Beta.'],
    ['b.md', '# Beta\n\nBeta mentions Alpha.'],
  ];
  assert.equal((await follow(await submitted(await upload('wiki', form(parts))))).at(-1)!.job.state, 'done');
  const info = async () =>
    ((await (await fetch(`${server.url}/v1/sources`)).json()) as { sources: (Info & { name: string })[] }).sources.find(
      (s) => s.name === 'wiki',
    )!.capabilities;
  assert.deepEqual(await info(), { links: true, links_mode: 'on' });
  assert.equal((await put({ links: 'off' })).status, 200);
  assert.deepEqual(await info(), { links: false, links_mode: 'off' });
  const other = await put({ embedder: { id: 'text-embedding-3-small', dimensions: 1536 } });
  assert.equal(other.status, 400);
  assert.match(((await other.json()) as { error: { message: string } }).error.message, /this server embeds with/);
  assert.equal((await put({ links: 'sometimes' })).status, 422);
});
