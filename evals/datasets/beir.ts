import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readJsonl } from './jsonl.ts';
import type { CorpusDoc, EvalDataset, EvalItem, LoadOptions } from './types.ts';

type BeirDoc = { _id: string | number; title?: string; text?: string };
type BeirQuery = { _id: string | number; text: string };

/** qrels TSV with a header line (`query-id corpus-id score`): query id → doc id → grade. */
export function parseQrels(tsv: string): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  tsv.split('\n').forEach((line, i) => {
    const cols = line.trim().split('\t');
    if (cols.length < 3 || (i === 0 && !/^-?\d+(\.\d+)?$/.test(cols[2]!))) return;
    const [q, d, score] = cols as [string, string, string];
    const grades = out.get(q) ?? {};
    grades[d] = Number(score);
    out.set(q, grades);
  });
  return out;
}

/**
 * A BEIR folder: corpus.jsonl, queries.jsonl and qrels/<split>.tsv. Only judged queries become items, as in
 * BEIR's own evaluation; `split` defaults to test, else the first qrels file found.
 */
export async function loadBeir(dir: string, opts: LoadOptions & { split?: string } = {}): Promise<EvalDataset> {
  const files = await readdir(join(dir, 'qrels'));
  const file = files.includes(`${opts.split ?? 'test'}.tsv`)
    ? `${opts.split ?? 'test'}.tsv`
    : files.find((f) => f.endsWith('.tsv'));
  if (!file) throw new Error(`${dir}/qrels: no .tsv judgements`);
  const qrels = parseQrels(await readFile(join(dir, 'qrels', file), 'utf8'));
  const corpus: CorpusDoc[] = (await readJsonl<BeirDoc>(join(dir, 'corpus.jsonl'))).map((d) => ({
    id: String(d._id),
    title: d.title ?? '',
    text: d.text ?? '',
  }));
  const items: EvalItem[] = [];
  for (const q of await readJsonl<BeirQuery>(join(dir, 'queries.jsonl'))) {
    const goldDocIds = qrels.get(String(q._id));
    if (goldDocIds) items.push({ id: String(q._id), question: q.text, goldDocIds, answerable: true });
  }
  const name = basename(dir) === 'mini' ? `${basename(join(dir, '..'))}-mini` : basename(dir);
  return { name, format: 'beir', corpus, items: items.slice(0, opts.limit ?? items.length) };
}
