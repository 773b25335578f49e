import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { AppError } from '../../src/errors.ts';
import { BUILTIN_EMBEDDER_ID, createEmbedder, createOpenAIEmbedder } from '../../src/providers/index.ts';
import { reply, startEmbeddingServer, vectorOf } from '../helpers/embedding-server.ts';

const KEY = 'sk-test-secret-123456';

/** A sleep that records the waits asked for and returns at once. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('OpenAI-compatible embedder against a real local server', () => {
  test('batches by maxBatch, sends model and key, and returns vectors in input order', async (t) => {
    // The server answers each batch in reverse order; `index` puts them back.
    const server = await startEmbeddingServer({
      dims: 4,
      script: (req, _n, res) => {
        const input = req.body.input ?? [];
        const data = input.map((text, index) => ({ index, embedding: vectorOf(text, 4) })).reverse();
        reply(res, 200, { data });
        return true;
      },
    });
    t.after(() => server.close());
    const e = createOpenAIEmbedder({ baseUrl: `${server.url}/`, model: 'm-small', apiKey: KEY, maxBatch: 2 });
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const out = await e.embed(texts);
    assert.deepEqual(
      out.map((v) => [...v]),
      texts.map((x) => vectorOf(x, 4).map((n) => Math.fround(n))),
    );
    assert.deepEqual(
      server.requests.map((r) => r.body.input),
      [['one', 'two'], ['three', 'four'], ['five']],
    );
    assert.equal(server.requests[0]!.body.model, 'm-small');
    assert.equal(server.requests[0]!.headers.authorization, `Bearer ${KEY}`);
    assert.equal(e.id, 'openai-compatible:m-small');
    assert.equal(e.dimensions, 4);
  });

  test('a 429 is retried after the wait Retry-After asks for', async (t) => {
    const server = await startEmbeddingServer({
      script: (_req, n, res) => {
        if (n !== 1) return false;
        reply(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '2' });
        return true;
      },
    });
    t.after(() => server.close());
    const { waits, sleep } = recordingSleep();
    const e = createOpenAIEmbedder({ baseUrl: server.url, model: 'm', sleep });
    const [v] = await e.embed(['hello']);
    assert.equal(v!.length, 8);
    assert.equal(server.requests.length, 2);
    assert.deepEqual(waits, [2000]);
  });

  test('server errors are retried with exponential backoff, then give up with the status', async (t) => {
    const server = await startEmbeddingServer({
      script: (_req, _n, res) => {
        reply(res, 503, { error: { message: 'overloaded' } });
        return true;
      },
    });
    t.after(() => server.close());
    const { waits, sleep } = recordingSleep();
    const e = createOpenAIEmbedder({ baseUrl: server.url, model: 'm', maxRetries: 3, sleep, random: () => 1 });
    await assert.rejects(e.embed(['x']), (err: unknown) => {
      assert.ok(AppError.is(err, 'upstream'));
      assert.match(err.message, /HTTP 503: .*overloaded/);
      return true;
    });
    assert.equal(server.requests.length, 4);
    assert.deepEqual(waits, [500, 1000, 2000]);
  });

  test('a 503 then success recovers', async (t) => {
    const server = await startEmbeddingServer({
      script: (_req, n, res) => {
        if (n > 1) return false;
        reply(res, 503, {});
        return true;
      },
    });
    t.after(() => server.close());
    const e = createOpenAIEmbedder({ baseUrl: server.url, model: 'm', sleep: recordingSleep().sleep });
    assert.equal((await e.embed(['a', 'b'])).length, 2);
  });

  test('401 is a clear error naming the server and model, never the key, and is not retried', async (t) => {
    const server = await startEmbeddingServer({
      script: (_req, _n, res) => {
        reply(res, 401, { error: { message: `Incorrect API key provided: ${KEY}` } });
        return true;
      },
    });
    t.after(() => server.close());
    const e = createOpenAIEmbedder({ baseUrl: server.url, model: 'text-embed-x', apiKey: KEY });
    await assert.rejects(e.embed(['x']), (err: unknown) => {
      assert.ok(AppError.is(err, 'upstream'));
      assert.ok(err.message.includes(server.url));
      assert.ok(err.message.includes('text-embed-x'));
      assert.match(err.message, /HTTP 401/);
      assert.ok(!err.message.includes(KEY) && !JSON.stringify(err.details).includes(KEY));
      return true;
    });
    assert.equal(server.requests.length, 1);
  });

  test('other client errors are not retried; the key is redacted from the reply quoted', async (t) => {
    const server = await startEmbeddingServer({
      script: (_req, _n, res) => {
        reply(res, 400, { error: { message: `input too long (key ${KEY})` } });
        return true;
      },
    });
    t.after(() => server.close());
    const e = createOpenAIEmbedder({ baseUrl: server.url, model: 'm', apiKey: KEY });
    await assert.rejects(e.embed(['x']), (err: Error) =>
      /HTTP 400: .*input too long \(key \[redacted\]\)/.test(err.message),
    );
    assert.equal(server.requests.length, 1);
  });

  test('a server that does not answer hits the request timeout', async (t) => {
    const server = await startEmbeddingServer({ script: () => new Promise(() => {}) });
    t.after(() => server.close());
    const e = createOpenAIEmbedder({
      baseUrl: server.url,
      model: 'm',
      timeoutMs: 200,
      maxRetries: 1,
      sleep: recordingSleep().sleep,
    });
    const started = Date.now();
    await assert.rejects(
      e.embed(['x']),
      (err: unknown) => AppError.is(err, 'timeout') && /no response within 200 ms/.test(err.message),
    );
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started < 3000);
  });

  test('vectors of another size than configured are refused; base64 vectors are read', async (t) => {
    const floats = new Float32Array([0.5, -0.25, 1, 0]);
    const server = await startEmbeddingServer({
      script: (_req, _n, res) => {
        reply(res, 200, { data: [{ index: 0, embedding: Buffer.from(floats.buffer).toString('base64') }] });
        return true;
      },
    });
    t.after(() => server.close());
    const [v] = await createOpenAIEmbedder({ baseUrl: server.url, model: 'm' }).embed(['x']);
    assert.deepEqual([...v!], [...floats]);
    await assert.rejects(
      createOpenAIEmbedder({ baseUrl: server.url, model: 'm', dimensions: 8 }).embed(['x']),
      /returned 4-dimensional vectors; 8 were expected/,
    );
  });

  test('the vector size is unknown until the first answer; createEmbedder asks once at start', async (t) => {
    const server = await startEmbeddingServer({ dims: 6 });
    t.after(() => server.close());
    assert.throws(() => createOpenAIEmbedder({ baseUrl: server.url, model: 'm' }).dimensions, /vector size unknown/);
    const config = loadConfig({
      GROUNDED_EMBEDDER: 'openai-compatible',
      GROUNDED_EMBED_BASE_URL: server.url,
      GROUNDED_EMBED_MODEL: 'probe-model',
    });
    const e = await createEmbedder(config);
    assert.equal(e.dimensions, 6);
    assert.equal(e.id, 'openai-compatible:probe-model');
    assert.equal(server.requests.length, 1);
    const builtin = await createEmbedder(loadConfig({ GROUNDED_EMBED_DIM: '128' }));
    assert.deepEqual([builtin.id, builtin.dimensions], [BUILTIN_EMBEDDER_ID, 128]);
  });
});
