import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ASTRONOMY, COOKING } from '../fixtures/corpus.ts';
import { parseSSE, postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { astronomy: ASTRONOMY, cooking: COOKING } });
});
after(() => server.close());

const QUESTION = { question: 'How many moons does Xylo have?', sources: ['astronomy'] };
const withoutRun = (r: Record<string, unknown>) => {
  const { run_id: _r, timings: _t, ...rest } = r;
  return rest;
};

test('an answer over a real socket cites spans that slice the source text exactly', async () => {
  const res = await postJson(`${server.url}/v1/query`, QUESTION);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.status, 'answered');
  assert.ok(body.citations.length > 0, 'answer has citations');
  assert.match(body.answer, /\[1\]/);
  assert.match(body.answer, /seven moons/);
  for (const c of body.citations) {
    const file = ASTRONOMY[c.doc_id as keyof typeof ASTRONOMY];
    assert.ok(file, `cited doc ${c.doc_id} is a corpus file`);
    assert.equal(file.slice(c.start, c.end), c.text, `citation [${c.n}] offsets slice the document to its text`);
    assert.match(body.answer, new RegExp(`\\[${c.n}\\]`));
  }
});

test('the stream sends typed events in order and ends with the same response as /v1/query', async () => {
  const res = await postJson(`${server.url}/v1/query/stream`, QUESTION);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
  const events = parseSSE(await res.text());
  const types = events.map((e) => e.event);
  assert.equal(types[0], 'rewrite');
  assert.equal(types.at(-1), 'done');
  const order = ['rewrite', 'retrieval', 'grade', 'switch', 'answer.delta', 'citation', 'done'];
  const firstAnswer = types.indexOf('answer.delta');
  assert.ok(
    firstAnswer > types.indexOf('grade') && types.indexOf('grade') > types.indexOf('retrieval'),
    `order: ${types.join(',')}`,
  );
  assert.ok(
    types.slice(firstAnswer).every((t) => ['answer.delta', 'citation', 'done'].includes(t)),
    'nothing but the answer after it starts',
  );
  assert.ok(
    types.every((t) => order.includes(t)),
    `only known event types: ${[...new Set(types)]}`,
  );
  const done = JSON.parse(events.at(-1)!.data);
  const deltas = events
    .filter((e) => e.event === 'answer.delta')
    .map((e) => JSON.parse(e.data).text)
    .join('');
  assert.equal(deltas, done.answer, 'the deltas join to the final answer');
  const cites = events.filter((e) => e.event === 'citation').map((e) => JSON.parse(e.data).citation);
  assert.deepEqual(cites, done.citations);
  const plain = await (await postJson(`${server.url}/v1/query`, QUESTION)).json();
  assert.deepEqual(
    withoutRun(done),
    withoutRun(plain),
    'final event equals the non-streaming response (run id and timings aside)',
  );
});

test('the trace of a run is served by run id with retrieved chunks and the stop reason', async () => {
  const body = await (await postJson(`${server.url}/v1/query`, QUESTION)).json();
  const res = await fetch(`${server.url}/v1/traces/${body.run_id}`);
  assert.equal(res.status, 200);
  const trace = await res.json();
  const types = trace.records.map((r: { type: string }) => r.type);
  assert.ok(types.includes('rewrite') && types.includes('retrieval') && types.at(-1) === 'stop');
  const retrieval = trace.records.find((r: { type: string }) => r.type === 'retrieval');
  assert.ok(
    retrieval.data.hits[0].chunk_id && retrieval.data.hits[0].text && typeof retrieval.data.hits[0].score === 'number',
  );
  assert.equal(trace.records.at(-1).data.reason, 'answered');
  assert.equal((await fetch(`${server.url}/v1/traces/run_doesnotexist`)).status, 404);
});

test('bad requests get a 4xx JSON error naming the field, and the server keeps serving', async () => {
  const cases: [unknown, number, string][] = [
    [{ question: '' }, 422, 'question'],
    [{ question: 'x'.repeat(100 * 1024) }, 422, 'question'],
    [{ question: 'moons?', sources: ['nope'] }, 404, 'sources'],
    [{ question: 42 }, 422, 'question'],
    [{ question: 'moons?', sources: 'astronomy' }, 422, 'sources'],
    [{ question: 'moons?', mode: 'fast' }, 422, 'mode'],
    [{ question: 'moons?', limits: { max_steps: -1 } }, 422, 'limits.max_steps'],
  ];
  for (const [body, status, field] of cases) {
    const res = await postJson(`${server.url}/v1/query`, body);
    assert.equal(res.status, status, JSON.stringify(body).slice(0, 80));
    const err = (await res.json()).error;
    assert.equal(err.field, field);
    assert.ok(err.message.length > 0);
  }
  const bad = await postJson(`${server.url}/v1/query`, '{"question": "unterminated');
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.code, 'invalid_json');
  const huge = await postJson(`${server.url}/v1/query`, { question: 'y'.repeat(400 * 1024) });
  assert.equal(huge.status, 413);
  const ok = await postJson(`${server.url}/v1/query`, QUESTION);
  assert.equal(ok.status, 200, 'still serving after bad requests');
});

test('search, sources, health and readiness', async () => {
  const res = await postJson(`${server.url}/v1/search`, { query: 'cold tomato soup', top_k: 3 });
  assert.equal(res.status, 200);
  const { results } = await res.json();
  assert.equal(results[0].doc_id, 'soup.txt');
  assert.ok(results.length <= 3);
  const sources = (await (await fetch(`${server.url}/v1/sources`)).json()).sources;
  assert.deepEqual(
    sources.map((s: { name: string }) => s.name),
    ['astronomy', 'cooking'],
  );
  assert.ok(sources.every((s: { rows: number; embedder: { id: string } }) => s.rows > 0 && s.embedder.id));
  assert.equal((await fetch(`${server.url}/health`)).status, 200);
  assert.equal((await fetch(`${server.url}/ready`)).status, 200);
});

test("a claim search reports each reordered hit's latent cosine; a question search reports none", async (t) => {
  // Eight short abstracts in two topics, so that a search has candidates enough to have topics.
  const docs: Record<string, string> = {};
  const topics = [
    ['statin', 'cholesterol', 'heart', 'patients', 'trial'],
    ['soil', 'bacteria', 'nitrogen', 'crops', 'harvest'],
  ];
  for (const [i, words] of topics.entries())
    for (let j = 0; j < 4; j++) docs[`t${i}-${j}.txt`] = `A study of ${words.slice(j).join(', ')} and ${words[0]}.`;
  const own = await startTestServer({ sources: { papers: docs } });
  t.after(() => own.close());
  const search = async (query: string) => {
    const res = await postJson(`${own.url}/v1/search`, { query, sources: ['papers'], top_k: 8 });
    assert.equal(res.status, 200);
    return ((await res.json()).results as { scores: { latent: number | null } }[]).map((r) => r.scores.latent);
  };
  const claim = await search('Statin trial patients had less heart disease.');
  assert.ok(claim.length >= 3);
  for (const latent of claim) assert.ok(typeof latent === 'number' && latent >= -1 && latent <= 1, `${latent}`);
  assert.ok(
    claim.some((l) => l! > 0.5),
    `some hit shares the claim's topic: ${claim}`,
  );
  for (const latent of await search('Did statin trial patients have less heart disease?')) assert.equal(latent, null);
});
