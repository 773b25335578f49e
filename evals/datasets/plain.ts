import { access, readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { readJsonl } from './jsonl.ts';
import type { CorpusDoc, EvalDataset, EvalItem, LoadOptions } from './types.ts';

type PlainRow = {
  id?: string | number;
  _id?: string | number;
  question?: string;
  answer?: string;
  answers?: string[];
  gold_doc_ids?: string[] | Record<string, number>;
  answerable?: boolean;
  supporting_doc_ids?: string[];
};

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

/**
 * Plain JSONL questions `{question, answer?, gold_doc_ids?, answerable?}`; `gold_doc_ids` is a list (grade 1
 * each) or graded `{id: grade}`. The corpus comes from `opts.corpus`, else a corpus.jsonl beside the file;
 * without one the dataset has no corpus (questions against an already ingested source).
 */
export async function loadPlainJsonl(path: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const rows = await readJsonl<PlainRow>(path);
  const items = rows.slice(0, opts.limit ?? rows.length).map((r, i) => toItem(r, i, path));
  const sibling = join(dirname(path), 'corpus.jsonl');
  const corpusPath = opts.corpus ?? (sibling !== path && (await exists(sibling)) ? sibling : undefined);
  return {
    name: basename(path, extname(path)),
    format: 'jsonl',
    corpus: corpusPath ? await loadCorpus(corpusPath) : undefined,
    items,
  };
}

function toItem(r: PlainRow, i: number, path: string): EvalItem {
  if (typeof r.question !== 'string' || !r.question.trim())
    throw new Error(`${path}:${i + 1}: "question" must be a non-empty string`);
  const item: EvalItem = { id: String(r.id ?? r._id ?? i), question: r.question };
  if (typeof r.answer === 'string') item.answer = r.answer;
  if (Array.isArray(r.answers)) {
    item.answers = r.answers.map(String);
    item.answer ??= item.answers[0];
  }
  if (Array.isArray(r.gold_doc_ids)) item.goldDocIds = Object.fromEntries(r.gold_doc_ids.map((id) => [String(id), 1]));
  else if (r.gold_doc_ids && typeof r.gold_doc_ids === 'object') item.goldDocIds = { ...r.gold_doc_ids };
  if (typeof r.answerable === 'boolean') item.answerable = r.answerable;
  if (Array.isArray(r.supporting_doc_ids)) item.supportingDocIds = r.supporting_doc_ids.map(String);
  return item;
}

/** A corpus as BEIR-style JSONL (`{_id|id, title?, text}`) or a JSON list of the same objects. */
export async function loadCorpus(path: string): Promise<CorpusDoc[]> {
  type Row = { _id?: string | number; id?: string | number; title?: string; text?: string };
  const rows: Row[] = path.endsWith('.json')
    ? (JSON.parse(await readFile(path, 'utf8')) as Row[])
    : await readJsonl<Row>(path);
  return rows.map((r, i) => {
    const id = r._id ?? r.id;
    if (id === undefined || typeof r.text !== 'string')
      throw new Error(`${path}:${i + 1}: a document needs an id and a text`);
    return { id: String(id), title: r.title ?? '', text: r.text };
  });
}
