import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createHttpReranker, type RerankApi, rerankHits, rerankStageFromConfig } from '../../src/retrieval/index.ts';
import { testHit } from '../helpers/chunk-rows.ts';
import { answerWith, type RerankServer, startRerankServer } from '../helpers/rerank-server.ts';

const KEY = 'sk-rerank-secret-1234';
const QUERY = 'how many moons does xylo have';

const hit = testHit;

// Fused order puts the chunk that answers last.
const FUSED = [
  hit('a', 'Vendra is a gas giant with rings of water ice.', 0.9),
  hit('b', 'Xylo is the fourth planet of the Brenner system.', 0.7),
  hit('c', 'Xylo has seven moons; how many moons does a planet have depends on its mass.', 0.5),
  hit('d', 'Sourdough bread rises slowly.', 0.3),
];

async function withServer(
  api: RerankApi,
  opts: Parameters<typeof startRerankServer>[1],
  t: { after(fn: () => unknown): void },
): Promise<RerankServer> {
  const server = await startRerankServer(api, opts);
  t.after(() => server.close());
  return server;
}

const stage = (
  server: RerankServer,
  api: RerankApi,
  o: { timeoutMs?: number; batchSize?: number; topN?: number } = {},
) => ({
  reranker: createHttpReranker({
    api,
    baseUrl: server.url,
    model: api === 'tei' ? undefined : 'rerank-model',
    apiKey: KEY,
    batchSize: o.batchSize,
    timeoutMs: o.timeoutMs ?? 5000,
    sleep: async () => {},
  }),
  topN: o.topN ?? 10,
  timeoutMs: o.timeoutMs ?? 5000,
});

describe('HTTP rerankers, one local server per API shape', () => {
  for (const api of ['cohere', 'jina', 'vllm', 'tei'] as const)
    test(`${api}: the reranker's order replaces the fused order; scores stay on the fused scale`, async (t) => {
      const server = await withServer(api, {}, t);
      const { hits, outcome } = await rerankHits(stage(server, api), QUERY, FUSED);
      assert.deepEqual(
        hits.map((h) => h.id),
        ['c', 'b', 'a', 'd'],
      );
      assert.deepEqual(
        hits.map((h) => h.score),
        [0.9, 0.7, 0.5, 0.3],
      );
      assert.ok(hits[0]!.rerank! > hits[1]!.rerank!);
      assert.equal(outcome.outcome, 'applied');
      assert.equal(outcome.reranker, api === 'tei' ? 'tei:default' : `${api}:rerank-model`);
      assert.equal(outcome.candidates, 4);
      assert.equal(outcome.moved, 2);
      // The request as each API expects it: documents with the title line first, the key as a bearer token.
      assert.equal(server.requests.length, 1);
      const { body, headers } = server.requests[0]!;
      assert.equal(headers.authorization, `Bearer ${KEY}`);
      assert.equal(body.query, QUERY);
      const texts = (api === 'tei' ? body.texts : body.documents) as string[];
      assert.equal(texts[2], `Doc c\n${FUSED[2]!.text}`);
      if (api === 'tei') assert.equal(body.truncate, true);
      else assert.deepEqual([body.model, body.top_n], ['rerank-model', 4]);
    });

  test('401: a clear error naming the key setting, not retried, never quoting the key; the fused order stands', async (t) => {
    const server = await withServer('cohere', { script: answerWith(401, { message: `invalid api token ${KEY}` }) }, t);
    const { hits, outcome } = await rerankHits(stage(server, 'cohere'), QUERY, FUSED);
    assert.deepEqual(
      hits.map((h) => [h.id, h.score, h.rerank]),
      FUSED.map((h) => [h.id, h.score, undefined]),
    );
    assert.equal(outcome.outcome, 'fallback');
    assert.match(outcome.reason!, /refused the request \(HTTP 401\): check the API key \(GROUNDED_RERANK_API_KEY\)/);
    assert.ok(!outcome.reason!.includes(KEY));
    assert.equal(server.requests.length, 1);
  });

  test('a server that does not answer in time: fallback to the fused order within the time limit', async (t) => {
    const server = await withServer('tei', { script: () => new Promise(() => {}) }, t);
    const started = Date.now();
    const { hits, outcome } = await rerankHits(stage(server, 'tei', { timeoutMs: 300 }), QUERY, FUSED);
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
    assert.deepEqual(
      hits.map((h) => h.id),
      ['a', 'b', 'c', 'd'],
    );
    assert.equal(outcome.outcome, 'fallback');
    assert.match(outcome.reason!, /no answer within 300 ms/);
  });

  test('big candidate lists are split into batches; scores from every batch rank together', async (t) => {
    const server = await withServer('vllm', { score: (_q, text) => Number(/#(\d+)/.exec(text)![1]) }, t);
    // 70 candidates whose reranker score rises as their fused score falls.
    const many = Array.from({ length: 70 }, (_, i) => hit(`h${i}`, `chunk #${i}`, 1 - i / 100));
    const { hits, outcome } = await rerankHits(stage(server, 'vllm', { batchSize: 32, topN: 70 }), 'q', many);
    assert.deepEqual(
      server.requests.map((r) => (r.body.documents as string[]).length),
      [32, 32, 6],
    );
    assert.deepEqual(
      hits.map((h) => h.id),
      many.map((h) => h.id).reverse(),
    );
    assert.equal(outcome.candidates, 70);
  });

  test('only the top N are reranked; the rest keep their fused order after them', async (t) => {
    const server = await withServer('jina', {}, t);
    const { hits } = await rerankHits(stage(server, 'jina', { topN: 3 }), QUERY, FUSED);
    assert.deepEqual(
      hits.map((h) => h.id),
      ['c', 'b', 'a', 'd'],
    );
    assert.equal((server.requests[0]!.body.documents as string[]).length, 3);
    assert.equal(server.requests[0]!.body.return_documents, false);
    assert.equal(hits[3]!.rerank, undefined);
  });

  test('a 429 is retried after the wait Retry-After asks for', async (t) => {
    const server = await withServer(
      'cohere',
      { script: answerWith(429, { message: 'slow down' }, { 'retry-after': '0' }, 1) },
      t,
    );
    const { hits, outcome } = await rerankHits(stage(server, 'cohere'), QUERY, FUSED);
    assert.equal(outcome.outcome, 'applied');
    assert.equal(hits[0]!.id, 'c');
    assert.equal(server.requests.length, 2);
  });

  test('a reply that leaves documents unscored is a fallback, not a partial order', async (t) => {
    const server = await withServer(
      'cohere',
      { script: answerWith(200, { results: [{ index: 2, relevance_score: 0.9 }] }) },
      t,
    );
    const { hits, outcome } = await rerankHits(stage(server, 'cohere'), QUERY, FUSED);
    assert.equal(outcome.outcome, 'fallback');
    assert.match(outcome.reason!, /scored 1 of the 4 documents/);
    assert.equal(hits[0]!.id, 'a');
  });

  test("the caller's own abort is not a reranker failure: it propagates", async (t) => {
    const server = await withServer('tei', { script: () => new Promise(() => {}) }, t);
    const ac = new AbortController();
    const run = rerankHits(stage(server, 'tei'), QUERY, FUSED, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('client went away')), 50);
    await assert.rejects(run, /client went away/);
  });
});

describe('rerank configuration', () => {
  test('none by default; an HTTP reranker needs its base URL (and a model for Cohere and Jina)', () => {
    assert.equal(rerankStageFromConfig(loadConfig({})), undefined);
    assert.throws(
      () => loadConfig({ GROUNDED_RERANKER: 'tei' }),
      /GROUNDED_RERANKER=tei needs GROUNDED_RERANK_BASE_URL/,
    );
    assert.throws(
      () => loadConfig({ GROUNDED_RERANKER: 'cohere', GROUNDED_RERANK_BASE_URL: 'https://api.cohere.com/v2' }),
      /GROUNDED_RERANKER=cohere needs GROUNDED_RERANK_MODEL/,
    );
    assert.throws(() => loadConfig({ GROUNDED_RERANKER: 'bm42' }), /GROUNDED_RERANKER/);
    const stage = rerankStageFromConfig(
      loadConfig({
        GROUNDED_RERANKER: 'vllm',
        GROUNDED_RERANK_BASE_URL: 'http://127.0.0.1:8000/v1',
        GROUNDED_RERANK_MODEL: 'BAAI/bge-reranker-v2-m3',
        GROUNDED_RERANK_TOP_N: '30',
        GROUNDED_RERANK_TIMEOUT_MS: '1500',
      }),
    );
    assert.deepEqual([stage?.reranker.id, stage?.topN, stage?.timeoutMs], ['vllm:BAAI/bge-reranker-v2-m3', 30, 1500]);
  });
});
