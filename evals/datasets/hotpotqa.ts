import { access, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { CorpusDoc, EvalDataset, EvalItem, LoadOptions } from './types.ts';

type HotpotQuestion = {
  _id: string;
  question: string;
  answer?: string;
  type?: string;
  level?: string;
  context?: [string, string[]][];
  supporting_facts?: [string, number][];
};

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

// HotpotQA sentences keep their leading spaces (" In it, each player..."), so joining them restores the paragraph.
const toDoc = (title: string, sentences: readonly string[]): CorpusDoc => ({
  id: title,
  title,
  text: sentences.join('').trim(),
});

/**
 * A HotpotQA-style folder (questions.json + corpus.json, or a questions.json path). Documents are paragraphs
 * named by title; the supporting titles are both the graded judgements and the all-supporting set. Without
 * corpus.json the corpus is the union of the questions' context paragraphs.
 */
export async function loadHotpotQa(path: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const dir = path.endsWith('.json') ? dirname(path) : path;
  const questionsPath = path.endsWith('.json') ? path : join(dir, 'questions.json');
  const questions = JSON.parse(await readFile(questionsPath, 'utf8')) as HotpotQuestion[];
  if (!Array.isArray(questions)) throw new Error(`${questionsPath}: expected a list of questions`);
  const picked = questions.slice(0, opts.limit ?? questions.length);
  const corpusPath = join(dir, 'corpus.json');
  let corpus: CorpusDoc[];
  if (await exists(corpusPath)) {
    const raw = JSON.parse(await readFile(corpusPath, 'utf8')) as Record<string, string[] | string>;
    corpus = Object.entries(raw).map(([title, s]) => toDoc(title, Array.isArray(s) ? s : [s]));
  } else {
    const byTitle = new Map<string, CorpusDoc>();
    for (const q of questions) for (const [title, s] of q.context ?? []) byTitle.set(title, toDoc(title, s));
    corpus = [...byTitle.values()];
  }
  const items: EvalItem[] = picked.map((q) => {
    const supporting = [...new Set((q.supporting_facts ?? []).map(([title]) => title))];
    const item: EvalItem = { id: q._id, question: q.question, supportingDocIds: supporting, answerable: true };
    if (q.answer !== undefined) item.answer = q.answer;
    if (supporting.length) item.goldDocIds = Object.fromEntries(supporting.map((t) => [t, 1]));
    return item;
  });
  return { name: basename(dir), format: 'hotpotqa', corpus, items };
}
