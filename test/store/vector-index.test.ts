import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';
import type { ChunkRow, SourceTable } from '../../src/store/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const embedder = createBuiltinEmbedder();

/**
 * Passages shaped like a real corpus: 300 topics, each with its own 40 words drawn by Zipf's law, mixed with words
 * every topic uses, so a passage's nearest neighbours are the other passages of its topic, more or less close.
 */
function corpus(seed: number) {
  let x = seed >>> 0;
  const rand = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  const word = (i: number) => `w${(i * 2654435761) >>> 0}`.slice(0, 7);
  const zipf = (n: number) => Math.floor(n * rand() ** 2.2);
  const passage = (topic: number) =>
    Array.from({ length: 30 + Math.floor(rand() * 30) }, () =>
      rand() < 0.35 ? word(100_000 + zipf(2_000)) : word(topic * 40 + zipf(40)),
    ).join(' ');
  return { passage, topic: () => Math.floor(rand() * 300) };
}

async function rows(texts: readonly string[], from: number): Promise<ChunkRow[]> {
  return plainRows('v', texts, await embedder.embed(texts), from);
}

async function fill(table: SourceTable, n: number, seed: number, from = 0): Promise<ChunkRow[]> {
  const gen = corpus(seed);
  const out: ChunkRow[] = [];
  for (let i = 0; i < n; i += 5000) {
    const batch = await rows(
      Array.from({ length: Math.min(5000, n - i) }, () => gen.passage(gen.topic())),
      from + i,
    );
    await table.appendChunks(batch);
    out.push(...batch);
  }
  return out;
}

const nearestIds = async (table: SourceTable, v: Float32Array, exact = false) =>
  (await table.nearestCandidates(v, { limit: 10, exact })).map((c) => c.id);

test('the default vector index finds ≥ 95% of the exact top 10 on a 20k-chunk table', async (t) => {
  const db = await tempDb(t, { vectorIndexMinRows: 10_000 });
  const table = await db.store.sourceForWrite('v', embedder);
  await fill(table, 20_000, 7);
  await table.refreshIndexes();
  const stats = await table.vectorIndexStats();
  assert.equal(stats?.indexed, 20_000);
  t.diagnostic(`index ${stats?.type}, ${(stats!.bytes / 1e6).toFixed(1)} MB`);
  // Queries are new passages of the same topics, not rows of the table.
  const gen = corpus(99);
  const queries = await embedder.embed(Array.from({ length: 100 }, () => gen.passage(gen.topic())));
  let found = 0;
  for (const q of queries) {
    const truth = new Set(await nearestIds(table, q, true));
    found += (await nearestIds(table, q)).filter((id) => truth.has(id)).length;
  }
  const recall = found / (queries.length * 10);
  t.diagnostic(`recall@10 ${recall.toFixed(3)}`);
  assert.ok(recall >= 0.95, `recall@10 ${recall}`);
});

test('rows added after the index is built are found by vector search before and after optimize', async (t) => {
  const db = await tempDb(t, { vectorIndexMinRows: 5_000 });
  const table = await db.store.sourceForWrite('v', embedder);
  await fill(table, 6_000, 11);
  await table.refreshIndexes();
  assert.equal((await table.vectorIndexStats())?.unindexed, 0);

  const added = await fill(table, 300, 12, 6_000);
  assert.equal((await table.vectorIndexStats())?.unindexed, 300);
  const probes = added.filter((_, i) => i % 10 === 0);
  // Not in the index yet: the rows it misses are scanned exactly.
  for (const r of probes) assert.equal((await nearestIds(table, r.vector))[0], r.id);

  await table.refreshIndexes();
  const after = await table.vectorIndexStats();
  assert.equal(after?.unindexed, 0, 'optimize folds the new rows into the index');
  assert.equal(after?.indexed, 6_300);
  for (const r of probes) assert.equal((await nearestIds(table, r.vector))[0], r.id);
  // And the rows indexed before are still found.
  const old = await table.nearestCandidates((await rows(['irrelevant'], 0))[0]!.vector, { limit: 3 });
  assert.equal(old.length, 3);
});
