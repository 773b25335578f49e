/** A retrievable document; `id` is what judgements and traces refer to. */
export type CorpusDoc = { id: string; title: string; text: string };

export type EvalItem = {
  id: string;
  question: string;
  /** The reference answer; `answers` holds every accepted variant when a dataset has several. */
  answer?: string;
  answers?: string[];
  /** Graded relevance judgements: document id → grade (> 0 relevant). */
  goldDocIds?: Record<string, number>;
  /** false marks a question the corpus cannot answer: the system should decline. */
  answerable?: boolean;
  /** Multi-hop: the documents that together answer the question (HotpotQA supporting paragraphs). */
  supportingDocIds?: string[];
  /** What kind of question this is, where a dataset says (manuals: verbatim, paraphrase, unanswerable). */
  kind?: string;
  /** A follow-up in a chat: the earlier user turns, oldest first, asked with the question as its conversation. */
  history?: string[];
};

export type DatasetFormat = 'beir' | 'hotpotqa' | 'jsonl' | 'cmrc2018' | 'folder';

/** Every loader returns this one shape, so the runner never cares where a dataset came from. */
export type EvalDataset = {
  name: string;
  format: DatasetFormat;
  corpus: CorpusDoc[] | undefined;
  items: EvalItem[];
  /** A folder of documents ingested as a user would (`npm run ingest -- <folder>`), instead of `corpus`. */
  corpusDir?: string;
};

export type LoadOptions = {
  limit?: number;
  /** A separate corpus for plain JSONL questions. */
  corpus?: string;
};
