import type { DatasetFormat } from '../datasets/types.ts';

/** A dev set of `../shared/datasets` the suite runs, by folder. */
export type SuiteDataset = { key: string; path: string };

export const SUITE_DATASETS: readonly SuiteDataset[] = [
  { key: 'scifact', path: 'scifact/mini' },
  { key: 'nfcorpus', path: 'nfcorpus' },
  { key: 'hotpotqa', path: 'hotpotqa' },
  { key: 'cmrc2018', path: 'cmrc2018' },
  { key: 'manuals', path: 'manuals-dev' },
];

export const SUITE_MODES = ['bm25', 'single-shot', 'agent'] as const;
export type SuiteMode = (typeof SUITE_MODES)[number];

/** A row of the suite table: a metric key of the eval reports, its label, and whether BM25 alone can have it. */
export type MetricRow = { key: string; label: string };

const LATENCY: MetricRow = { key: 'wall_p50_ms', label: 'latency p50 ms' };

/**
 * What the table shows per kind of dataset: ranking quality for BEIR and CMRC (CMRC also answer containment),
 * all-supporting for multi-hop, answers and refusals for folder QA; every dataset its latency.
 */
export const TABLE_ROWS: Record<DatasetFormat, MetricRow[]> = {
  beir: [{ key: 'ndcg@10', label: 'nDCG@10' }, { key: 'recall@10', label: 'recall@10' }, LATENCY],
  hotpotqa: [
    { key: 'all_supporting@5', label: 'all-supporting@5' },
    { key: 'all_supporting@10', label: 'all-supporting@10' },
    { key: 'answer_containment', label: 'answer containment' },
    LATENCY,
  ],
  cmrc2018: [
    { key: 'ndcg@10', label: 'nDCG@10' },
    { key: 'recall@10', label: 'recall@10' },
    { key: 'answer_containment', label: 'answer containment' },
    LATENCY,
  ],
  folder: [
    { key: 'grounded_answer', label: 'grounded answer rate' },
    { key: 'grounded_answer_spans', label: 'grounded (answer or cited span)' },
    { key: 'answer_containment', label: 'gold answer inside the answer' },
    { key: 'refusal_recall', label: 'unanswerable refused' },
    { key: 'refusal_rate_answerable', label: 'answerable refused' },
    { key: 'refusal_precision', label: 'refusal precision' },
    { key: 'citation_exactness', label: 'citation exactness' },
    { key: 'recall@10', label: 'gold file in top-10 documents' },
    { key: 'answer_in_top5', label: 'answer in a top-5 chunk' },
    { key: 'bm25_passages:answer_in_top5', label: 'answer in top-5 plain BM25 passages' },
    LATENCY,
  ],
  jsonl: [{ key: 'ndcg@10', label: 'nDCG@10' }, { key: 'answer_containment', label: 'answer containment' }, LATENCY],
};
