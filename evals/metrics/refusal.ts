/** Did the system decline, and should it have? `answerable: false` marks questions the corpus cannot answer. */
export type RefusalCase = { answerable: boolean; refused: boolean };
export type RefusalScores = { precision?: number; recall?: number; falseRefusalRate?: number };

/**
 * Refusal precision: refusals that were right (the item was unanswerable) ÷ refusals. Recall: unanswerable
 * items refused ÷ unanswerable items. The false-refusal rate (answerable items refused) is the cost side.
 */
export function refusalScores(cases: readonly RefusalCase[]): RefusalScores {
  const refused = cases.filter((c) => c.refused);
  const unanswerable = cases.filter((c) => !c.answerable);
  const answerable = cases.filter((c) => c.answerable);
  const right = refused.filter((c) => !c.answerable).length;
  const out: RefusalScores = {};
  if (refused.length) out.precision = right / refused.length;
  if (unanswerable.length) out.recall = right / unanswerable.length;
  if (answerable.length) out.falseRefusalRate = answerable.filter((c) => c.refused).length / answerable.length;
  return out;
}

const REFUSAL =
  /\b(i (?:do not|don't|cannot|can't) (?:know|answer|find)|(?:not|no) (?:enough )?(?:information|evidence|mention)|(?:could|can)(?: ?not|n't) find|unable to (?:answer|find|determine)|the (?:sources|documents|passages|context) do(?:es)? not (?:say|mention|contain|state))\b|无法回答|没有(?:相关)?信息/i;

/** For answers without an explicit refusal flag: the usual ways a grounded system says it cannot answer. */
export const looksLikeRefusal = (answer: string): boolean => !answer.trim() || REFUSAL.test(answer);
