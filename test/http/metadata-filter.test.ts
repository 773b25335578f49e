import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

// Two teams' documents answer the same question differently; only the filter tells the agent whose to use.
const DOCS = {
  'billing/refunds.md':
    '---\nteam: billing\nyear: 2025\n---\n# Refunds\n\nA kettle may be returned within 45 days for a refund.',
  'ops/refunds.md':
    '---\nteam: ops\nyear: 2019\n---\n# Refunds\n\nA kettle may be returned within 10 days for a refund.',
  'ops/shipping.md': '---\nteam: ops\nyear: 2024\ntags: [logistics]\n---\n# Shipping\n\nKettles ship from Leeds.',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { shop: DOCS } });
});
after(() => server.close());

type Result = { doc_id: string; metadata: Record<string, unknown> };

test('/v1/search filters by metadata and returns each hit with its metadata', async () => {
  const search = async (filter: unknown) => {
    const res = await postJson(`${server.url}/v1/search`, { query: 'kettle refund returned', filter });
    assert.equal(res.status, 200);
    return ((await res.json()) as { results: Result[] }).results;
  };
  const all = await search(undefined);
  assert.deepEqual(new Set(all.map((r) => r.doc_id)), new Set(Object.keys(DOCS)));
  const billing = await search({ metadata: { team: 'billing' } });
  assert.deepEqual([...new Set(billing.map((r) => r.doc_id))], ['billing/refunds.md']);
  assert.deepEqual(billing[0]!.metadata, { team: 'billing', year: 2025 });
  const recentOps = await search({ metadata: { team: 'ops', year: { gte: 2024 } } });
  assert.deepEqual([...new Set(recentOps.map((r) => r.doc_id))], ['ops/shipping.md']);
  assert.deepEqual(await search({ metadata: { tags: 'logistics' } }).then((r) => r.map((x) => x.doc_id)), [
    'ops/shipping.md',
  ]);
});

test('a bad filter is a 422 naming the field', async () => {
  for (const filter of [{ metadata: { 'bad key': 'x' } }, { metadata: { team: { between: [1, 2] } } }, { meta: {} }]) {
    const res = await postJson(`${server.url}/v1/search`, { query: 'kettle', filter });
    assert.equal(res.status, 422, JSON.stringify(filter));
    const body = (await res.json()) as { error: { code: string; field: string } };
    assert.equal(body.error.code, 'validation');
    assert.match(body.error.field, /^filter/);
  }
});

test('/v1/query and chat answer from the documents the filter keeps, and the trace records the filter', async () => {
  const question = 'Within how many days may a kettle be returned?';
  for (const [team, days] of [
    ['billing', '45'],
    ['ops', '10'],
  ] as const) {
    const res = await postJson(`${server.url}/v1/query`, { question, filter: { metadata: { team } } });
    const body = (await res.json()) as { answer: string; citations: { doc_id: string }[]; run_id: string };
    assert.equal(res.status, 200);
    assert.match(body.answer, new RegExp(`\\b${days}\\b`));
    assert.ok(body.citations.length > 0 && body.citations.every((c) => c.doc_id.startsWith(`${team}/`)));
    const trace = (await (await fetch(`${server.url}/v1/traces/${body.run_id}`)).json()) as {
      records: { type: string; data: Record<string, unknown> }[];
    };
    assert.deepEqual(trace.records.find((r) => r.type === 'start')!.data.filter, { metadata: { team } });

    const chat = await postJson(`${server.url}/v1/chat/completions`, {
      model: 'grounded',
      messages: [{ role: 'user', content: question }],
      filter: { metadata: { team } },
    });
    const reply = (await chat.json()) as {
      choices: { message: { content: string } }[];
      citations: { doc_id: string }[];
    };
    assert.match(reply.choices[0]!.message.content, new RegExp(`\\b${days}\\b`));
    assert.ok(reply.citations.every((c) => c.doc_id.startsWith(`${team}/`)));
  }
});
