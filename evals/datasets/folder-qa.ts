import { stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { readJsonl } from './jsonl.ts';
import type { EvalDataset, EvalItem, LoadOptions } from './types.ts';

type Row = {
  id?: string;
  question?: string;
  answerable?: boolean;
  gold_answer?: string | null;
  alt_answers?: string[];
  gold_file?: string | null;
  kind?: string;
  history?: unknown;
};

/**
 * Folder QA (`manuals-dev`): a `corpus/` folder ingested as a user would, and `questions.jsonl` with
 * `{id, question, answerable, gold_answer, alt_answers, gold_file, kind}`, plus `history` for a follow-up in a chat
 * (the earlier user turns, asked with it as its conversation). Accepted answers are the gold answer and its alts; the
 * gold file (relative to `corpus/`) becomes the judged document `corpus/<gold_file>`, the id the ingestion gives that
 * file when the folder is ingested from the dataset's own directory.
 */
export async function loadFolderQa(dir: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const corpusDir = resolve(dir, 'corpus');
  if (!(await stat(corpusDir).catch(() => undefined))?.isDirectory()) throw new Error(`${dir}: no corpus/ folder`);
  const path = join(dir, 'questions.jsonl');
  const rows = await readJsonl<Row>(path);
  const items = rows.slice(0, opts.limit ?? rows.length).map((r, i): EvalItem => {
    if (typeof r.question !== 'string' || !r.question.trim())
      throw new Error(`${path}:${i + 1}: "question" must be a non-empty string`);
    const answerable = r.answerable !== false;
    const answers = answerable ? [r.gold_answer, ...(r.alt_answers ?? [])].filter((a): a is string => !!a) : [];
    if (answerable && !answers.length) throw new Error(`${path}:${i + 1}: an answerable question needs gold_answer`);
    const item: EvalItem = { id: String(r.id ?? i), question: r.question, answerable };
    if (answers.length) Object.assign(item, { answer: answers[0], answers });
    if (r.gold_file) item.goldDocIds = { [`corpus/${r.gold_file}`]: 1 };
    if (r.kind) item.kind = r.kind;
    if (r.history !== undefined) {
      const turns = r.history;
      if (!Array.isArray(turns) || !turns.every((t) => typeof t === 'string' && t.trim()))
        throw new Error(`${path}:${i + 1}: "history" must be a list of the earlier user turns (non-empty strings)`);
      if (turns.length) item.history = turns;
    }
    return item;
  });
  return { name: basename(resolve(dir)), format: 'folder', corpus: undefined, corpusDir, items };
}
