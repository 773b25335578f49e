import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CorpusDoc, EvalDataset, EvalItem, LoadOptions } from './types.ts';

type Query = { id: string; context: string; question: string };

/**
 * CMRC 2018 (Chinese reading comprehension) as packaged here: queries.json `{queries: [{id, context,
 * question}]}` and ground_truth.json `{id: {answers}}`. Each distinct context is a document; its id is the
 * query id without the `_QUERY_n` suffix.
 */
export async function loadCmrc2018(dir: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const { queries } = JSON.parse(await readFile(join(dir, 'queries.json'), 'utf8')) as { queries: Query[] };
  const truth = JSON.parse(await readFile(join(dir, 'ground_truth.json'), 'utf8')) as Record<
    string,
    { answers?: string[] }
  >;
  const docs = new Map<string, CorpusDoc>();
  const items: EvalItem[] = [];
  for (const q of queries.slice(0, opts.limit ?? queries.length)) {
    const docId = q.id.replace(/_QUERY_\d+$/, '');
    if (!docs.has(docId)) docs.set(docId, { id: docId, title: '', text: q.context });
    const answers = [...new Set(truth[q.id]?.answers ?? [])];
    const item: EvalItem = { id: q.id, question: q.question, goldDocIds: { [docId]: 1 }, answerable: true };
    if (answers.length) Object.assign(item, { answer: answers[0], answers });
    items.push(item);
  }
  return { name: basename(dir), format: 'cmrc2018', corpus: [...docs.values()], items };
}
