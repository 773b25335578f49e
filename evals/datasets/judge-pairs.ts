import { readJsonl } from './jsonl.ts';

/** One claim to judge against its passages, with the truth: what a judge is scored on. */
export type JudgePair = {
  id: string;
  claim: string;
  passages: string[];
  question?: string;
  label: 'supported' | 'unsupported';
};

type HaluEval = { knowledge: string; question: string; right_answer: string; hallucinated_answer: string };
type Labelled = { id?: string | number; context: string | string[]; claim: string; label: unknown; question?: string };

const UNSUPPORTED = new Set(['unsupported', 'contradicted', 'not_found', 'refuted', 'hallucinated', 'false', '0']);
const SUPPORTED = new Set(['supported', 'entailed', 'true', '1']);

/**
 * Reads judge pairs from JSONL, in either of two shapes:
 * - HaluEval QA `{knowledge, question, right_answer, hallucinated_answer}`: two pairs per line, the right answer
 *   labelled supported and the hallucinated one unsupported, both with the question as context;
 * - generic `{context, claim, label: "supported"|"unsupported"}` (context a string or a list of passages;
 *   optional `id` and `question`).
 */
export async function loadJudgePairs(path: string, limit?: number): Promise<JudgePair[]> {
  const rows = await readJsonl<Record<string, unknown>>(path);
  return rows.slice(0, limit ?? rows.length).flatMap((row, i) => toPairs(row, i, path));
}

export function toPairs(row: Record<string, unknown>, i: number, source = 'input'): JudgePair[] {
  if (typeof row.knowledge === 'string' && typeof row.right_answer === 'string') {
    const h = row as HaluEval;
    const base = { passages: [h.knowledge], question: h.question };
    return [
      { id: `${i}:right`, claim: h.right_answer, label: 'supported', ...base },
      { id: `${i}:hallucinated`, claim: h.hallucinated_answer, label: 'unsupported', ...base },
    ];
  }
  if ((typeof row.context === 'string' || Array.isArray(row.context)) && typeof row.claim === 'string') {
    const g = row as Labelled;
    const label = String(g.label).toLowerCase();
    if (!SUPPORTED.has(label) && !UNSUPPORTED.has(label))
      throw new Error(`${source}:${i + 1}: label must be "supported" or "unsupported", got ${JSON.stringify(g.label)}`);
    const pair: JudgePair = {
      id: String(g.id ?? i),
      claim: g.claim,
      passages: Array.isArray(g.context) ? g.context.map(String) : [g.context],
      label: SUPPORTED.has(label) ? 'supported' : 'unsupported',
    };
    if (typeof g.question === 'string') pair.question = g.question;
    return [pair];
  }
  throw new Error(
    `${source}:${i + 1}: expected HaluEval {knowledge, question, right_answer, hallucinated_answer} or {context, claim, label}`,
  );
}
