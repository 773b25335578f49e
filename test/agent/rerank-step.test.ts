import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { answerWith, type RerankScript, type RerankShape, startRerankServer } from '../helpers/rerank-server.ts';
import { postJson, startTestServer } from '../helpers/test-server.ts';

const KEY = 'sk-rerank-secret-5678';
const QUESTION = { question: 'How many moons does Xylo have?', sources: ['astronomy'] };
// Six small documents about one planet, so a search finds several candidates to reorder.
const XYLO = {
  ...ASTRONOMY,
  'moons.txt': 'Xylo has seven moons. Astronomers have counted the moons of Xylo many times.',
  'tamsin.txt': 'Tamsin is the largest of the moons of Xylo.',
  'orbit.txt': 'The moons of Xylo orbit close to the planet, and two of them share an orbit.',
  'survey.txt': 'A survey in 1990 found no new moons around Xylo, confirming the count of seven.',
};
// A stand-in cross-encoder that prefers longer passages: an order that the fused one is unlikely to match.
const byLength = (_q: string, text: string) => text.length;
type Record = { type: string; step: number; data: { [k: string]: unknown } };

/** Ask one question through a real server configured with a reranker at a local API server; return its trace. */
async function askWithReranker(
  t: { after(fn: () => unknown): void },
  shape: RerankShape,
  env: { [k: string]: string } = {},
  script?: RerankScript,
) {
  const reranker = await startRerankServer(shape, { script, score: byLength });
  t.after(() => reranker.close());
  const server = await startTestServer({
    sources: { astronomy: XYLO },
    env: {
      GROUNDED_RERANKER: shape,
      GROUNDED_RERANK_BASE_URL: reranker.url,
      GROUNDED_RERANK_MODEL: 'rerank-model',
      GROUNDED_RERANK_API_KEY: KEY,
      ...env,
    },
  });
  t.after(() => server.close());
  const res = await postJson(`${server.url}/v1/query`, QUESTION);
  assert.equal(res.status, 200);
  const body = await res.json();
  const trace = (await (await fetch(`${server.url}/v1/traces/${body.run_id}`)).json()) as { records: Record[] };
  return { body, records: trace.records, requests: reranker.requests, raw: JSON.stringify(trace) };
}

test('the search step reranks its hits before they enter the pool, and traces it', async (t) => {
  const { body, records, requests } = await askWithReranker(t, 'tei');
  assert.equal(body.status, 'answered');
  const reranks = records.filter((r) => r.type === 'rerank');
  // One rerank request per search that found two or more candidates.
  assert.ok(reranks.length >= 1);
  assert.equal(requests.length, reranks.filter((r) => (r.data.candidates as number) >= 2).length);
  for (const r of reranks) {
    assert.equal(r.data.reranker, 'tei:rerank-model');
    assert.equal(r.data.outcome, 'applied');
    assert.equal(typeof r.data.ms, 'number');
  }
  assert.ok(
    reranks.some((r) => (r.data.moved as number) > 0),
    'the reranker changed an order',
  );
  // Each search's traced hits (those entering the pool) are in the reranker's order.
  for (const r of reranks) {
    const retrieval = records.find((x) => x.type === 'retrieval' && x.step === r.step)!;
    const hits = retrieval.data.hits as { text: string; title: string }[];
    const lengths = hits.slice(0, r.data.candidates as number).map((h) => `${h.title}\n${h.text}`.length);
    assert.deepEqual(
      lengths,
      [...lengths].sort((a, b) => b - a),
    );
  }
});

test('401 from the reranker: the run answers from the fused order and the trace says why', async (t) => {
  const { body, records, raw } = await askWithReranker(t, 'cohere', {}, answerWith(401, { message: 'invalid token' }));
  assert.equal(body.status, 'answered');
  const rerank = records.find((r) => r.type === 'rerank')!;
  assert.equal(rerank.data.outcome, 'fallback');
  assert.match(String(rerank.data.reason), /HTTP 401\): check the API key \(GROUNDED_RERANK_API_KEY\)/);
  assert.ok(!raw.includes(KEY), 'the key is nowhere in the trace');
});

test('a reranker that does not answer in time: fallback recorded, the run goes on', async (t) => {
  const { body, records } = await askWithReranker(
    t,
    'vllm',
    { GROUNDED_RERANK_TIMEOUT_MS: '200' },
    () => new Promise(() => {}),
  );
  assert.equal(body.status, 'answered');
  const rerank = records.find((r) => r.type === 'rerank')!;
  assert.equal(rerank.data.outcome, 'fallback');
  assert.match(String(rerank.data.reason), /no answer within 200 ms/);
});
