import type { Report } from '../../evals/report/types.ts';

/** A small agent report with hostile text in every field a dataset or model can fill. */
export function sampleReport(overrides: Partial<Report> = {}): Report {
  return {
    version: 1,
    name: 'scifact-mini',
    kind: 'agent',
    createdAt: '2025-01-01T00:00:00.000Z',
    config: { mode: 'agent', judge: 'builtin', limit: 3 },
    metrics: {
      'ndcg@10': 0.86,
      'recall@10': 0.93,
      mrr: 0.81,
      faithfulness: 0.74,
      citation_precision: 0.7,
      judge_balanced_accuracy: 0.966,
      latency_p50_ms: 420,
    },
    baselines: {
      'single-shot': { 'ndcg@10': 0.82, 'recall@10': 0.9, mrr: 0.8, faithfulness: 0.78, latency_p50_ms: 90 },
      'no-retrieval': { faithfulness: 0.1 },
    },
    items: [
      {
        id: 'q1',
        question: 'Does <script>window.__xss = 1</script> reduce risk?',
        answer: 'It reduces risk [1]. <img src=x onerror="window.__xss=2">',
        gold: 'yes & no',
        score: 0.2,
        metrics: { faithfulness: 0.5 },
        claims: [
          {
            text: 'It reduces risk.',
            verdict: 'supported',
            reason: '100% of terms',
            citations: [1],
            passage: 'Aspirin <b>reduces</b> risk.',
          },
          {
            text: '<img src=x onerror="window.__xss=3">',
            verdict: 'contradicted',
            reason: 'the passage says "decreases"',
          },
        ],
        trace: {
          steps: [
            { type: 'rewrite', summary: 'query → "aspirin <risk>"', ms: 3 },
            { type: 'retrieve', summary: '8 chunks from scifact', ms: 41 },
          ],
          stopReason: 'answer',
        },
      },
      { id: 'q2', question: 'Second?', answer: 'Fine.', score: 0.9 },
      { id: 'q3', question: 'Third?', answer: 'Also fine.', score: 0.6, note: 'partly supported' },
    ],
    ...overrides,
  };
}
