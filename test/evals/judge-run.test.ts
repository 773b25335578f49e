import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadJudgePairs } from '../../evals/datasets/judge-pairs.ts';
import { runJudgeEval } from '../../evals/judge-run.ts';
import type { Judge } from '../../evals/judges/types.ts';

const HALUEVAL_100 = fileURLToPath(new URL('../../evals/datasets/bundled/halueval-qa-100.jsonl', import.meta.url));

describe('judge eval', () => {
  test('scores the builtin judge on a HaluEval sample above the word-overlap rule', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'judge-run-'));
    const r = await runJudgeEval({ dataset: HALUEVAL_100, out: dir });
    const m = r.metrics;
    // Measured 0.955 here (overlap 0.935); the full 500-item set gives 0.966 (see the judge report).
    assert.ok(m.judge_balanced_accuracy! >= 0.94, `balanced accuracy ${m.judge_balanced_accuracy}`);
    assert.ok(m.judge_balanced_accuracy! > r.baselines['word-overlap']!.judge_balanced_accuracy!);
    assert.equal(m.judge_balanced_accuracy, (m.judge_tpr! + m.judge_tnr!) / 2);
    assert.equal(m.contradiction_suite_accuracy, 1);
    assert.equal(r.items.length, 200);
    assert.equal(r.judge?.n, 200);
    assert.ok(r.notes?.some((n) => n.startsWith('Misjudged')));
    const json = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    assert.equal(json.metrics.judge_balanced_accuracy, m.judge_balanced_accuracy);
    assert.match(await readFile(join(dir, 'report.md'), 'utf8'), /balanced accuracy on halueval-qa-100\.jsonl/);
  });

  test('reads generic labelled JSONL and computes the rates by hand-countable cases', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'judge-generic-'));
    const path = join(dir, 'pairs.jsonl');
    const rows = [
      { context: 'The bridge opened in 1932.', claim: 'The bridge opened in 1932.', label: 'supported' },
      { context: ['Noise.', 'The bridge opened in 1932.'], claim: 'The bridge opened in 1932.', label: 'supported' },
      { context: 'The bridge opened in 1932.', claim: 'The bridge opened in 1928.', label: 'unsupported' },
      { context: 'The bridge opened in 1932.', claim: 'The bridge did not open.', label: 'unsupported' },
    ];
    await writeFile(path, rows.map((r) => JSON.stringify(r)).join('\n'));
    // A judge that calls everything supported: TPR 1, TNR 0, balanced accuracy 0.5 whatever the class balance.
    const yes: Judge = { id: 'always-yes', judge: async () => ({ verdict: 'supported', score: 1, reason: 'yes' }) };
    const r = await runJudgeEval({ dataset: path, judge: yes, baseline: false });
    assert.deepEqual([r.metrics.judge_tpr, r.metrics.judge_tnr, r.metrics.judge_balanced_accuracy], [1, 0, 0.5]);
    assert.deepEqual(r.baselines, {});
    const builtin = await runJudgeEval({ dataset: path });
    assert.equal(builtin.metrics.judge_balanced_accuracy, 1);
  });

  test('rejects a label it cannot read, naming the line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'judge-bad-'));
    const path = join(dir, 'bad.jsonl');
    await writeFile(
      path,
      `${JSON.stringify({ context: 'a', claim: 'a', label: 'supported' })}\n${JSON.stringify({ context: 'a', claim: 'b', label: 'maybe' })}\n`,
    );
    await assert.rejects(loadJudgePairs(path), /bad\.jsonl:2: label must be/);
  });
});
