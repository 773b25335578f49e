import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkGoals } from '../../evals/suite/goals.ts';
import type { SuiteDatasetResult } from '../../evals/suite/table.ts';

const result = (key: string, format: SuiteDatasetResult['format'], modes: SuiteDatasetResult['modes']) =>
  ({ key, name: key, format, split: 'test', items: 10, halves: { dev: 10, test: 10 }, modes, seconds: 1 }) as const;

test("the issues' goals are read off the table: margins, latency ratio, folder-QA rates", () => {
  const goals = checkGoals([
    result('scifact', 'beir', {
      bm25: { 'ndcg@10': 0.7, wall_p50_ms: 5 },
      'single-shot': { 'ndcg@10': 0.696, wall_p50_ms: 10 },
      agent: { 'ndcg@10': 0.69, wall_p50_ms: 26 },
    }),
    result('hotpotqa', 'hotpotqa', {
      'single-shot': { 'all_supporting@10': 0.7 },
      agent: { 'all_supporting@10': 0.85 },
    }),
    result('manuals', 'folder', { agent: { grounded_answer: 0.8, refusal_recall: 0.79 } }),
  ]);
  const met = Object.fromEntries(goals.map((g) => [g.goal, g.met]));
  assert.deepEqual(met, {
    'scifact: agent nDCG@10 ≥ single-shot − 0.005': false, // 0.690 < 0.691
    'scifact: single-shot nDCG@10 ≥ BM25 − 0.005': true, // 0.696 ≥ 0.695
    'scifact: agent latency p50 ≤ 2.5× single-shot': false, // ×2.6
    'hotpotqa: agent all-supporting@10 ≥ single-shot + 0.15': true,
    'manuals: agent grounded answer rate ≥ 0.80': true,
    'manuals: agent unanswerable refused ≥ 0.80': false,
  });
});
