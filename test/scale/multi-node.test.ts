import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Store } from '../../src/store/index.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { type SharedStore, sharedStore } from '../helpers/shared-store.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { runCli } from '../ingest/cli-helpers.ts';

// Two `npm start`-style servers on one store (a shared directory here; a bucket on a local Ceph RADOS Gateway under
// `npm run test:scale`), and ingest jobs in other processes.
const CONSISTENCY_MS = 1000;
// On top of the interval: the registry and an open table are each re-read at most once per interval.
const SLACK_MS = 1000;

type Citation = { source: string; chunk_id: string; doc_id: string; text: string };
type QueryReply = { run_id: string; status: string; answer: string; citations: Citation[] };

const facts = [
  {
    _id: 'lighthouse',
    title: 'Lighthouse of Varnholm',
    text: 'The lighthouse of Varnholm was lit in 1871 by keeper Odile Brask. Its lamp burned whale oil until 1902, when a kerosene burner replaced it.',
  },
  {
    _id: 'ferry',
    title: 'Varnholm ferry',
    text: 'The Varnholm ferry crosses the sound to Kessby four times a day. The crossing takes forty minutes in calm weather.',
  },
];
const later = [
  {
    _id: 'glacier',
    title: 'Tindra glacier',
    text: 'The Tindra glacier retreated 312 metres between 1990 and 2020. Its meltwater feeds the river Osk, which powers the mill at Halvik.',
  },
];

async function post<T>(url: string, body: unknown): Promise<{ status: number; json: T }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as T };
}

/**
 * Poll until `check` holds; resolves with when the passing check started, in ms after the call. A check that started
 * later than `limitMs` and failed is a failure (a check itself may take a while: a query run on a bucket).
 */
async function until(check: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const at = Date.now() - started;
    if (await check()) return at;
    if (at > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the store holds for a source: rows, distinct chunk ids, manifest documents, registry rows. */
async function state(db: string) {
  const s = await Store.open(db, { readConsistencySeconds: 0, ...shared.options });
  try {
    const table = await s.source('dup');
    const ids = (await table.scanChunks(['id'])).map((r) => String(r.id));
    const registry = (await s.listSources()).filter((m) => m.name === 'dup').length;
    return { rows: ids.length, distinct: new Set(ids).size, documents: (await table.manifest()).size, registry };
  } finally {
    s.close();
  }
}
let shared: SharedStore;

describe('stateless nodes on one shared store', { timeout: 300_000 }, () => {
  let store: SharedStore;
  let work: string;
  let env: Record<string, string>;
  let nodes: ServerProcess[] = [];
  const cleanups: (() => unknown)[] = [];

  const ingest = async (name: string, docs: object[], source = 'kb', extra: string[] = []) => {
    const file = join(work, `${name}.jsonl`);
    await writeFile(file, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
    const r = await runCli([file, '--source', source, '--json', ...extra], env);
    assert.equal(r.code, 0, r.stderr);
    return r;
  };

  before(async () => {
    const t = { after: (fn: () => unknown) => cleanups.push(fn) };
    store = shared = await sharedStore(t);
    work = (await tempDir(t)).dir;
    const traces = store.kind === 's3' ? store.uri('traces') : join(work, 'traces');
    if (store.kind === 'dir') await mkdir(traces);
    env = {
      ...store.env,
      GROUNDED_DB: store.uri('db'),
      GROUNDED_TRACES: traces,
      GROUNDED_DB_CONSISTENCY_MS: String(CONSISTENCY_MS),
      GROUNDED_DEMO: 'false',
    };
    // The nodes start on an empty store, as nodes of a fresh deployment do.
    nodes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  after(async () => {
    for (const n of nodes) n.kill();
    for (const fn of cleanups) await fn();
  });

  test('an ingest by a third process is served by both nodes within the consistency interval', async () => {
    const seen = async (question: string, docId: string) => {
      const replies = await Promise.all(
        nodes.map((n) => post<QueryReply>(`${n.url}/v1/query`, { question, sources: ['kb'] })),
      );
      return replies.every((r) => r.status === 200 && r.json.citations.some((c) => c.doc_id === docId));
    };
    // A new source…
    await ingest('first', facts);
    const lagNew = await until(
      () => seen('When was the lighthouse of Varnholm lit?', 'lighthouse'),
      CONSISTENCY_MS + SLACK_MS,
      'a new source',
    );
    // …and new documents in a source both nodes already have open.
    await ingest('second', later);
    const lagMore = await until(
      () => seen('How far did the Tindra glacier retreat?', 'glacier'),
      CONSISTENCY_MS + SLACK_MS,
      'new documents in an open source',
    );
    console.log(
      `[${store.kind}] new source served by both nodes after ${lagNew} ms, new documents after ${lagMore} ms`,
    );

    const answer = await post<QueryReply>(`${nodes[1]!.url}/v1/query`, {
      question: 'How far did the Tindra glacier retreat between 1990 and 2020?',
      sources: ['kb'],
    });
    assert.equal(answer.json.status, 'answered');
    assert.match(answer.json.answer, /312 metres/);
    assert.ok(answer.json.citations.length > 0);
    for (const c of answer.json.citations) {
      const r = await fetch(`${nodes[0]!.url}/v1/sources/kb/chunks/${c.chunk_id}?context=0`);
      const { chunk } = (await r.json()) as { chunk: { text: string } };
      assert.ok(chunk.text.includes(c.text), `${c.text} is not in chunk ${c.chunk_id}`);
    }
  });

  test('a trace written by one node is served by the other', async () => {
    const run = await post<QueryReply>(`${nodes[0]!.url}/v1/query`, {
      question: 'How often does the Varnholm ferry cross the sound?',
      sources: ['kb'],
    });
    assert.equal(run.status, 200);
    const own = await (await fetch(`${nodes[0]!.url}/v1/traces/${run.json.run_id}`)).json();
    let other: unknown;
    const lag = await until(
      async () => {
        const r = await fetch(`${nodes[1]!.url}/v1/traces/${run.json.run_id}`);
        if (r.status === 200) other = await r.json();
        else assert.equal(r.status, 404);
        return r.status === 200;
      },
      10_000,
      'the trace on the other node',
    );
    console.log(`[${store.kind}] trace of ${run.json.run_id} served by the other node after ${lag} ms`);
    assert.deepEqual(other, own);
  });

  test('two ingest jobs into one source at once end like one clean run', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      _id: `note-${i}`,
      title: `Harbour note ${i}`,
      text: `Harbour note ${i}: the tide at berth ${i % 17} turned at ${(i * 7) % 24} hours, and the pilot logged ${i * 3} tonnes of cargo.`,
    }));
    const file = join(work, 'many.jsonl');
    await writeFile(file, `${many.map((d) => JSON.stringify(d)).join('\n')}\n`);
    const args = [file, '--source', 'dup', '--json', '--wait'];
    const [a, b] = await Promise.all([runCli(args, env), runCli(args, env)]);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    const clean = await runCli(args, { ...env, GROUNDED_DB: store.uri('clean') });
    assert.equal(clean.code, 0, clean.stderr);
    const [got, want] = [await state(store.uri('db')), await state(store.uri('clean'))];
    assert.deepEqual(got, want);
    assert.deepEqual([got.rows, got.distinct, got.documents, got.registry], [120, 120, 120, 1]);
    // Both nodes list the source once.
    await new Promise((r) => setTimeout(r, CONSISTENCY_MS));
    for (const n of nodes) {
      const listed = (await (await fetch(`${n.url}/v1/sources`)).json()) as {
        sources: { name: string; rows: number }[];
      };
      assert.deepEqual(
        listed.sources.filter((s) => s.name === 'dup').map((s) => s.rows),
        [120],
      );
    }
  });
});
