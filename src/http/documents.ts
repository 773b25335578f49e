import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { listDocuments } from '../service/sources.ts';
import { META_KEY, META_LIMITS } from '../store/web.ts';
import { callerDeps, requireRole } from './auth.ts';
import { jobBody, jobsOf } from './jobs.ts';
import { readJson } from './json-body.ts';

const MetaValue = z.union([
  z.string().max(META_LIMITS.stringChars),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(META_LIMITS.stringChars)).max(META_LIMITS.arrayItems),
]);
export const DocumentsBody = z
  .object({
    documents: z
      .array(
        z
          .object({
            id: z.string().trim().min(1, 'id must not be empty').max(512),
            title: z.string().max(1000).optional(),
            text: z.string().min(1, 'text must not be empty'),
            metadata: z
              .record(z.string().regex(META_KEY, 'metadata keys are plain names (letters, digits, _ and -)'), MetaValue)
              .refine((m) => Object.keys(m).length <= META_LIMITS.keys, `at most ${META_LIMITS.keys} metadata keys`)
              .optional(),
          })
          .strict(),
      )
      .min(1, 'send at least one document'),
  })
  .strict();

/** The source named in the path, which the caller may read (else 404) and write to (else 403). */
async function writableSource(c: Context, deps: Deps): Promise<{ source: string; key: string }> {
  const source = c.req.param('name')!;
  await callerDeps(c, deps).store.source(source); // unknown or not readable: 404
  const scope = requireRole(c, 'writer', `writing to source ${source}`);
  return { source, key: scope.key };
}

/**
 * Documents of a source: upload (multipart files, or JSON documents) as a job, list a page at a time, delete one.
 * Uploads answer 202 with the job (200 with the finished job when `?wait=true` and it ends within
 * GROUNDED_UPLOAD_WAIT_MS).
 */
export function documentRoutes(deps: Deps): Hono {
  const app = new Hono();
  const c0 = deps.config;

  app.get('/v1/sources/:name/documents', async (c) => {
    const limit = c.req.query('limit');
    const n = limit === undefined ? undefined : Number(limit);
    if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 1000))
      throw new AppError('bad_request', 'limit: a whole number from 1 to 1000', { field: 'limit' });
    return c.json(
      await listDocuments(callerDeps(c, deps), c.req.param('name'), { limit: n, cursor: c.req.query('cursor') }),
    );
  });

  app.post('/v1/sources/:name/documents', async (c) => {
    const { source, key } = await writableSource(c, deps);
    const jobs = jobsOf(deps);
    jobs.admit(); // 429 before the body is read
    const type = c.req.header('content-type') ?? '';
    let job: Awaited<ReturnType<typeof jobs.submitMultipart>>;
    if (/^multipart\/form-data/i.test(type)) {
      const declared = Number(c.req.header('content-length') ?? Number.NaN);
      if (declared > c0.GROUNDED_MAX_UPLOAD_BYTES + 1024 * 1024)
        throw new AppError(
          'payload_too_large',
          `the upload is ${declared} bytes; the limit is ${c0.GROUNDED_MAX_UPLOAD_BYTES}`,
          {
            limit: c0.GROUNDED_MAX_UPLOAD_BYTES,
          },
        );
      if (!c.req.raw.body) throw new AppError('bad_request', 'no body: send the files as multipart/form-data');
      job = await jobs.submitMultipart({
        source,
        key,
        contentType: type,
        body: c.req.raw.body,
        signal: c.req.raw.signal,
      });
    } else if (/^application\/json/i.test(type)) {
      const body = await readJson(c, DocumentsBody, c0.GROUNDED_MAX_UPLOAD_JSON_BYTES);
      job = await jobs.submitDocuments({ source, key, documents: body.documents });
    } else
      throw new AppError(
        'unsupported_media_type',
        `content-type ${JSON.stringify(type || 'none')}: send multipart/form-data files or application/json {"documents": [{"id", "text", "title"?, "metadata"?}]}`,
        { field: 'content-type' },
      );
    if (c.req.query('wait') === 'true') {
      // The job goes on if this client leaves; waiting ends either way.
      const done = await jobs.wait(job.id, c0.GROUNDED_UPLOAD_WAIT_MS, c.req.raw.signal);
      if (done.state === 'done' || done.state === 'failed') return c.json(jobBody(done), 200);
      job = done;
    }
    c.header('location', `/v1/jobs/${job.id}`);
    return c.json(jobBody(job), 202);
  });

  // Document ids may hold slashes (`handbook/w.md`): the id is the rest of the path, %-decoded.
  app.delete('/v1/sources/:name/documents/:doc_id{.+}', async (c) => {
    const { source } = await writableSource(c, deps);
    const docId = c.req.param('doc_id');
    const r = await jobsOf(deps).deleteDocument(source, docId);
    return c.json({ source, doc_id: docId, deleted: true, ...r });
  });
  return app;
}
