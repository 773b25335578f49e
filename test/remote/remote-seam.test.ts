import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Deps } from '../../src/deps.ts';
import { AppError } from '../../src/errors.ts';
import { NodeClient, RemoteRetriever, RemoteStore } from '../../src/remote/index.ts';
import { askOnce } from '../../src/service/ask.ts';
import { memoryTraceStore } from '../../src/trace/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The agent over a retrieval node (HTTP) against the same agent in process: the remote seam must not change what it
// does. HotpotQA paragraphs make a source with links, so titles, focus-term presence and hops go over the wire too.
const subset = JSON.parse(readFileSync(new URL('../fixtures/hotpotqa/subset.json', import.meta.url), 'utf8')) as {
  questions: { question: string }[];
  corpus: Record<string, string>;
};
const KEY = 'node-key-for-tests-0123456789';

let node: TestServer;
before(async () => {
  const jsonl = Object.entries(subset.corpus)
    .map(([title, text]) => JSON.stringify({ _id: title, title, text }))
    .join('\n');
  node = await startTestServer({
    sources: { hotpot: { 'corpus.jsonl': jsonl }, other: { 'a.md': '# Other\n\nNothing about anything else.\n' } },
    env: { GROUNDED_NODE_KEY: KEY },
  });
});
after(() => node.close());

/** The node's deps with the store and the retriever swapped for clients of the node over HTTP. */
function remoteDeps(client: NodeClient): Deps {
  return {
    ...node.deps,
    store: new RemoteStore(client, 0),
    retriever: new RemoteRetriever(client),
    traces: memoryTraceStore(),
  };
}

/** What a run did: its answer, citations and every step, without timings and ids. */
async function run(deps: Deps, question: string) {
  const r = await askOnce(deps, { question, sources: ['hotpot'] });
  const trace = (await deps.traces.get(r.run_id)) ?? [];
  return {
    status: r.status,
    answer: r.answer,
    refusal: r.refusal_reason,
    citations: r.citations,
    steps: trace.map((x) =>
      x.type === 'retrieval'
        ? ['retrieval', x.data.purpose, (x.data.hits as { chunk_id: string; score: number }[]).map((h) => h.chunk_id)]
        : [x.type, x.type === 'grade' ? x.data.action : null],
    ),
  };
}

describe('the agent through a retrieval node', () => {
  test('answers, citations and every step equal the in-process agent, hops included', async () => {
    const remote = remoteDeps(new NodeClient({ url: node.url, key: KEY }));
    let hops = 0;
    for (const q of subset.questions.slice(0, 12)) {
      const local = await run(node.deps, q.question);
      const over = await run(remote, q.question);
      assert.deepEqual(over, local, q.question);
      if (local.steps.some((s) => s[0] === 'hop')) hops++;
    }
    assert.ok(hops > 0, 'some run followed a link, so titles and presence were read over HTTP');
  });

  test('the node reads nothing outside the caller scope', async () => {
    const client = new NodeClient({ url: node.url, key: KEY, scope: { sources: ['other'] } });
    const store = new RemoteStore(client, 0);
    assert.deepEqual(
      (await store.listSources()).map((s) => s.name),
      ['other'],
    );
    await assert.rejects(new RemoteRetriever(client).search({ query: 'album', sources: ['hotpot'], topK: 3 }), (e) =>
      AppError.is(e, 'unknown_source'),
    );
    const r = await fetch(`${node.url}/node/v1/sources/hotpot/titles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: { sources: ['other'] } }),
    });
    assert.equal(r.status, 404);
  });

  test('a request filter and a key scope bound every search over HTTP as they bound the retriever in process', async () => {
    const remote = new RemoteRetriever(new NodeClient({ url: node.url, key: KEY }));
    const all = await node.deps.retriever.search({ query: 'album released', sources: ['hotpot'], topK: 8 });
    const keep = [...new Set(all.map((h) => h.doc_id))].slice(1, 3);
    const bounds = { filter: { doc_ids: keep } };
    const req = { query: 'album released', sources: ['hotpot'], topK: 8 };
    const local = await node.deps.retriever.forRequest(bounds).search(req);
    const over = await remote.forRequest(bounds).search(req);
    assert.ok(local.length > 0 && local.every((h) => keep.includes(h.doc_id)));
    assert.deepEqual(
      over.map((h) => [h.id, h.score]),
      local.map((h) => [h.id, h.score]),
    );
    const reader = { key: 'reader', role: 'reader' as const, sources: ['other'] };
    await assert.rejects(remote.forRequest({ scope: reader }).search(req), (e) => AppError.is(e, 'unknown_source'));
    const scoped = new RemoteStore(new NodeClient({ url: node.url, key: KEY }), 0).scoped(reader);
    assert.deepEqual(
      (await scoped.listSources()).map((s) => s.name),
      ['other'],
    );
  });

  test('without the node key the node refuses, and the client says which key is wrong', async () => {
    const r = await fetch(`${node.url}/node/v1/sources`, { method: 'POST', body: '{}' });
    assert.equal(r.status, 401);
    await assert.rejects(
      new RemoteStore(new NodeClient({ url: node.url, key: 'wrong-key-0123456789' })).listSources(),
      (e) => {
        assert.ok(AppError.is(e, 'unavailable'));
        assert.match(e.message, /refused this front's node key \(GROUNDED_NODE_KEY\)/);
        return true;
      },
    );
  });

  test('a node that is down or hangs is unavailable (503 with Retry-After) at once or at the timeout, not a hang', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    let started = Date.now();
    await assert.rejects(new RemoteStore(new NodeClient({ url: `http://127.0.0.1:${closed}` })).listSources(), (e) => {
      assert.ok(AppError.is(e, 'unavailable') && e.status === 503 && e.details.retry_after_ms === 1000);
      assert.match(e.message, new RegExp(`retrieval node at http://127.0.0.1:${closed} cannot be reached`));
      return true;
    });
    assert.ok(Date.now() - started < 2000);
    // Accepts connections, never answers.
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    after(() => silent.close());
    const { port } = silent.address() as { port: number };
    started = Date.now();
    await assert.rejects(
      new RemoteRetriever(new NodeClient({ url: `http://127.0.0.1:${port}`, timeoutMs: 300 })).search({
        query: 'x',
        sources: ['hotpot'],
        topK: 3,
      }),
      (e) => AppError.is(e, 'unavailable') && /did not answer within 300 ms/.test(e.message),
    );
    assert.ok(Date.now() - started < 2000);
  });

  test('a node older than the release kind: the release is unknown there, the other terms are still answered', async () => {
    // The node as it was before releases were a kind: its schema rejects one with a validation error.
    const older = async (req: Request) => {
      const body = (await req
        .clone()
        .json()
        .catch(() => undefined)) as { terms?: { kind: string }[] } | undefined;
      if (body?.terms?.some((t) => t.kind === 'release'))
        return Response.json(
          { error: { code: 'validation', message: 'terms.0.kind: invalid option' } },
          { status: 422 },
        );
      return fetch(req);
    };
    const src = await new RemoteStore(new NodeClient({ url: node.url, key: KEY, fetch: older }), 0).source('hotpot');
    const found = await src.presence([
      { term: 'album', kind: 'name' },
      { term: 'zzqx', kind: 'name' },
      { term: 'tmux 3.4', kind: 'release' },
    ]);
    assert.deepEqual(Object.fromEntries(found), { album: true, zzqx: false, 'tmux 3.4': undefined });
    // A node that knows the kind answers it.
    const current = await new RemoteStore(new NodeClient({ url: node.url, key: KEY }), 0).source('hotpot');
    assert.equal((await current.presence([{ term: 'tmux 3.4', kind: 'release' }])).get('tmux 3.4'), false);
  });
});
