import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareToBaselines } from '../../evals/metrics/baseline.ts';
import { accuracy, balancedAccuracy, confusion, tnr, tpr } from '../../evals/metrics/classification.ts';
import { percentile } from '../../evals/metrics/stats.ts';
import { duplicateCalls, flattenTrajectory, trajectoryMetrics } from '../../evals/metrics/trajectory.ts';

const close = (a: number | undefined, b: number) => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

describe('trajectory metrics', () => {
  const runs = [
    {
      steps: 3,
      toolCalls: [
        { name: 'search', args: { q: 'a' } },
        { name: 'search', args: { q: 'a' } },
        { name: 'read', args: { id: 1 }, error: 'not found' },
      ],
      stopReason: 'answer',
      guardrails: ['duplicate_call'],
      tokens: 100,
      latencyMs: 100,
    },
    {
      steps: 5,
      toolCalls: [
        { name: 'search', args: { q: 'b', k: 5 } },
        { name: 'search', args: { k: 5, q: 'b' } },
        { name: 'fetch', args: {}, error: true },
        { name: 'fetch', args: { retry: 1 } },
      ],
      stopReason: 'max_steps',
      guardrails: ['max_steps'],
      tokens: 300,
      latencyMs: 300,
    },
    { steps: 1, toolCalls: [], stopReason: 'answer', tokens: 200, latencyMs: 200 },
  ];

  test('aggregates by hand: 7 calls, 2 duplicates, 2 errors, 1 of 2 runs recovered', () => {
    const t = trajectoryMetrics(runs);
    assert.equal(t.runs, 3);
    close(t.steps_mean, 3);
    assert.equal(t.duplicate_calls, 2);
    close(t.duplicate_call_rate, 2 / 7);
    assert.equal(t.tool_errors, 2);
    close(t.tool_error_rate, 2 / 7);
    close(t.recovery_rate, 1 / 2);
    assert.deepEqual(t.stop_reasons, { answer: 2, max_steps: 1 });
    assert.deepEqual(t.guardrail_triggers, { duplicate_call: 1, max_steps: 1 });
    close(t.tokens_mean, 200);
    assert.equal(t.tokens_total, 600);
    close(t.latency_p50_ms, 200);
    // sorted [100, 200, 300]: rank 0.95 × 2 = 1.9 → 200 + 0.9 × 100
    close(t.latency_p95_ms, 290);
    const flat = flattenTrajectory(t);
    assert.equal(flat['stop_reason:answer'], 2);
    assert.equal(flat['guardrail:max_steps'], 1);
  });

  test('arguments are compared by value, whatever the key order', () => {
    assert.equal(
      duplicateCalls([
        { name: 's', args: { a: [1, { b: 2, c: 3 }] } },
        { name: 's', args: { a: [1, { c: 3, b: 2 }] } },
      ]),
      1,
    );
    assert.equal(
      duplicateCalls([
        { name: 's', args: { a: 1 } },
        { name: 't', args: { a: 1 } },
      ]),
      0,
    );
  });

  test('percentile interpolates between ranks', () => {
    close(percentile([4, 1, 3, 2], 50), 2.5);
    close(percentile([5], 95), 5);
    assert.equal(percentile([], 50), undefined);
  });
});

describe('balanced accuracy', () => {
  test('TPR 18/20 and TNR 5/10 → 0.7, where plain accuracy says 23/30', () => {
    const c = { tp: 18, fn: 2, tn: 5, fp: 5 };
    close(tpr(c), 0.9);
    close(tnr(c), 0.5);
    close(balancedAccuracy(c), 0.7);
    close(accuracy(c), 23 / 30);
  });

  test('counts a confusion matrix from pairs; a judge saying yes to everything scores 0.5', () => {
    const c = confusion([true, true, true, false].map((actual) => ({ actual, predicted: true })));
    assert.deepEqual(c, { tp: 3, fn: 0, tn: 0, fp: 1 });
    close(balancedAccuracy(c), 0.5);
  });
});

describe('baseline comparison', () => {
  test('says plainly where the agent does not beat a baseline; a tie is not a win', () => {
    const r = compareToBaselines(
      { faithfulness: 0.8, 'ndcg@10': 0.7, 'recall@10': 0.9, latency_p50_ms: 500 },
      { 'single-shot': { faithfulness: 0.85, 'ndcg@10': 0.6, 'recall@10': 0.9, latency_p50_ms: 100 } },
    );
    assert.equal(r.beatsAll, false);
    assert.deepEqual(r.statements, [
      'The agent does not beat single-shot on faithfulness (0.800 vs 0.850).',
      'The agent does not beat single-shot on recall@10 (0.900 vs 0.900).',
    ]);
    const ndcg = r.rows.find((x) => x.metric === 'ndcg@10')!;
    assert.equal(ndcg.beats, true);
    close(ndcg.delta, 0.1);
    assert.equal(r.rows.find((x) => x.metric === 'latency_p50_ms')!.beats, false);
  });

  test('says so when the agent wins everywhere', () => {
    const r = compareToBaselines(
      { faithfulness: 0.9 },
      { 'no-retrieval': { faithfulness: 0.2 }, 'single-shot': { faithfulness: 0.7 } },
    );
    assert.equal(r.beatsAll, true);
    assert.match(r.statements[0]!, /beats every baseline/);
  });
});
