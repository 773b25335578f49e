import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { CorpusDoc, EvalDataset, EvalItem, LoadOptions } from './types.ts';

type Qa = { id?: string | number; question?: string; answers?: { text?: string }[]; is_impossible?: boolean };
type Article = { title?: string; paragraphs?: { context?: string; qas?: Qa[] }[] };

/**
 * A reading-comprehension file in SQuAD's shape (`{data: [{title, paragraphs: [{context, qas: [{id, question,
 * answers: [{text}]}]}]}]}`): SQuAD 1.1 and 2.0, CMRC 2018 and DRCD as released. Read as retrieval, as CMRC 2018 is
 * here: every question against all of the file's contexts, its own context the one relevant document (id: the
 * article's title and the paragraph's number, "Title #2"; an article without a title by its number), its answers
 * the gold answers. A question SQuAD 2.0 marks `is_impossible` has no gold: the system should decline it.
 */
export async function loadSquad(path: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const raw = JSON.parse(await readFile(path, 'utf8')) as { data?: Article[] };
  if (!Array.isArray(raw.data)) throw new Error(`${path}: a SQuAD-style file needs a "data" list of articles`);
  const corpus: CorpusDoc[] = [];
  const items: EvalItem[] = [];
  raw.data.forEach((article, a) => {
    const title = (article.title ?? '').trim();
    (article.paragraphs ?? []).forEach((p, i) => {
      const text = (p.context ?? '').trim();
      if (!text) return;
      const id = `${title || `article ${a + 1}`} #${i + 1}`;
      corpus.push({ id, title, text });
      for (const qa of p.qas ?? []) {
        if (!qa.question) continue;
        const impossible = qa.is_impossible === true;
        const item: EvalItem = { id: String(qa.id ?? `${id} q${items.length + 1}`), question: qa.question };
        item.answerable = !impossible;
        if (!impossible) {
          item.goldDocIds = { [id]: 1 };
          const answers = [...new Set((qa.answers ?? []).map((x) => x.text?.trim()).filter((t): t is string => !!t))];
          if (answers.length) Object.assign(item, { answer: answers[0], answers });
        }
        items.push(item);
      }
    });
  });
  if (items.length === 0) throw new Error(`${path}: no questions (data[].paragraphs[].qas[].question)`);
  return {
    name: basename(path, extname(path)),
    format: 'cmrc2018',
    corpus,
    items: items.slice(0, opts.limit ?? items.length),
  };
}
