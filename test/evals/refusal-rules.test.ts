import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { aggregate, refusalsByRule } from '../../evals/aggregate.ts';
import { compareToBaselines } from '../../evals/metrics/baseline.ts';
import { compareMetrics } from '../../evals/report/compare.ts';
import type { ItemResult } from '../../evals/run-item.ts';
import { renderRefusalRules, type SuiteDatasetResult } from '../../evals/suite/table.ts';
import { viewTrace } from '../../evals/trace-view.ts';
import { askOnce } from '../../src/service/ask.ts';
import { ASTRONOMY } from '../fixtures/corpus.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { astronomy: ASTRONOMY } });
});
after(() => server.close());

/** One question asked for real, as the eval reads it back from its trace. */
async function asked(question: string, answerable: boolean): Promise<ItemResult> {
  const response = await askOnce(server.deps, { question, sources: ['astronomy'] });
  const view = viewTrace((await server.deps.traces.get(response.run_id))!);
  return {
    item: { id: question, question, answerable, ...(answerable ? { answer: 'x' } : {}) },
    answer: response.status === 'answered' ? response.answer : '',
    refused: response.status === 'refused',
    ms: 1,
    claims: [],
    view,
    response,
  };
}

test('the eval counts refusals by the rule that made them, unanswerable and answerable apart', async () => {
  const absent = await asked('What colour is the third moon of the planet Zorblax?', false);
  assert.ok(absent.refused, absent.answer);
  assert.equal(absent.view?.refusedBy, 'absent_focus');
  const answered = await asked('How long is a day on Xylo?', true);
  assert.ok(!answered.refused, 'answered');
  assert.equal(answered.view?.refusedBy, undefined);
  // The same refusal counted as if the question had been answerable; one refused after composing (no grade refused)
  // is named by its refusal reason, and one a guardrail stopped by the guardrail.
  const wrongly = { ...absent, item: { ...absent.item, answerable: true } };
  const composed: ItemResult = {
    ...answered,
    refused: true,
    view: {
      ...answered.view!,
      refusedBy: undefined,
      trajectory: { ...answered.view!.trajectory, stopReason: 'refused' },
    },
    response: { ...answered.response!, status: 'refused', refusal_reason: 'insufficient_coverage' },
  };
  const stopped: ItemResult = {
    ...composed,
    view: { ...composed.view!, trajectory: { ...composed.view!.trajectory, stopReason: 'no_progress' } },
  };
  assert.deepEqual(refusalsByRule([absent, answered, wrongly, composed, stopped]), {
    'refused_by:absent_focus': 1,
    'refused_answerable_by:absent_focus': 1,
    'refused_answerable_by:stop:insufficient_coverage': 1,
    'refused_answerable_by:guardrail:no_progress': 1,
  });
  // In a folder run's metrics, and its table: a row per rule, "unanswerable / answerable" per column.
  const items = [absent, answered, wrongly].map((r) => r.item);
  const metrics = aggregate([absent, answered, wrongly], { items });
  assert.equal(metrics['refused_by:absent_focus'], 1);
  assert.equal(metrics['refused_answerable_by:absent_focus'], 1);
  // Counts, not quality: fewer answerable refusals than a baseline is no loss, and a rule's count moving between two
  // reports no regression.
  const fewer = { ...metrics, 'refused_answerable_by:absent_focus': 0 };
  assert.deepEqual(
    compareToBaselines(fewer, { 'single-shot': metrics }).rows.filter((r) => r.metric.startsWith('refused')),
    [],
  );
  assert.deepEqual(
    compareMetrics(fewer, metrics).filter((c) => c.metric.startsWith('refused')),
    [],
  );
  const row = (key: string): SuiteDatasetResult => ({
    key,
    name: key,
    format: 'folder',
    split: 'all',
    items: 3,
    halves: { dev: 0, test: 0 },
    modes: { agent: metrics },
    seconds: 0,
  });
  assert.equal(
    renderRefusalRules([row('set-a'), row('pooled:dev-en')], 'agent'),
    [
      '| rule (agent; unanswerable / answerable refused) | pooled:dev-en |',
      '|---|---:|',
      '| absent_focus | 1 / 1 |',
    ].join('\n'),
  );
});
