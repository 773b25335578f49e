import { basename, extname } from 'node:path';
import { readJsonl } from './jsonl.ts';
import type { CorpusDoc, EvalDataset, EvalItem, LoadOptions } from './types.ts';

type Paragraph = { idx?: number; title?: string; paragraph_text?: string; is_supporting?: boolean };
export type MusiqueRow = {
  id?: string;
  question?: string;
  answer?: string;
  answer_aliases?: string[];
  answerable?: boolean;
  paragraphs?: Paragraph[];
};

/**
 * MuSiQue as released (`musique_ans_v1.0_dev.jsonl`, `musique_full_v1.0_dev.jsonl`): one question per line with its
 * 20 paragraphs, the supporting ones flagged. Read as the multi-hop kind (HotpotQA's metrics: all supporting
 * paragraphs in the top 5 and 10, answer containment). The corpus is every distinct paragraph of the file; a
 * Wikipedia title can head several distinct paragraphs, so a document's id is its title, then "title (2)", "title
 * (3)" … in order of first appearance, while its title stays the title (link-following reads titles). A question
 * marked `answerable: false` (MuSiQue-Full) has no gold: the system should decline it.
 */
export async function loadMusique(path: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const rows = await readJsonl<MusiqueRow>(path);
  const ids = new Map<string, string>();
  const perTitle = new Map<string, number>();
  const corpus: CorpusDoc[] = [];
  const docOf = (p: Paragraph, line: number): string => {
    const title = (p.title ?? '').trim();
    const text = (p.paragraph_text ?? '').trim();
    if (!text) throw new Error(`${path}:${line}: a paragraph without paragraph_text`);
    const key = `${title}\0${text}`;
    const known = ids.get(key);
    if (known) return known;
    const n = (perTitle.get(title) ?? 0) + 1;
    perTitle.set(title, n);
    const id = n === 1 ? title || `paragraph ${corpus.length + 1}` : `${title} (${n})`;
    ids.set(key, id);
    corpus.push({ id, title, text });
    return id;
  };
  // Every paragraph of every line is in the corpus, also of questions past --limit: they are the distractors.
  const items: EvalItem[] = rows.map((r, i) => {
    if (!r.question) throw new Error(`${path}:${i + 1}: a line without a question`);
    if (!Array.isArray(r.paragraphs)) throw new Error(`${path}:${i + 1}: a line without paragraphs`);
    const supporting = r.paragraphs.map((p) => [docOf(p, i + 1), p.is_supporting === true] as const);
    const item: EvalItem = { id: String(r.id ?? i + 1), question: r.question, answerable: r.answerable !== false };
    if (item.answerable) {
      const gold = [...new Set(supporting.filter(([, s]) => s).map(([id]) => id))];
      if (gold.length) {
        item.supportingDocIds = gold;
        item.goldDocIds = Object.fromEntries(gold.map((id) => [id, 1]));
      }
      const answers = [...new Set([r.answer, ...(r.answer_aliases ?? [])].filter((a): a is string => !!a))];
      if (answers.length) Object.assign(item, { answer: answers[0], ...(answers.length > 1 ? { answers } : {}) });
    }
    return item;
  });
  return {
    name: basename(path, extname(path)),
    format: 'hotpotqa',
    corpus,
    items: items.slice(0, opts.limit ?? items.length),
  };
}
