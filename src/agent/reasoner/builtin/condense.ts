import type { ChatTurn } from '../../types.ts';

const PRONOUN = /\b(it|its|it's|they|them|their|he|him|his|she|her|this|that|these|those|there)\b|[它他她其该这那]/iu;

/**
 * Turn a follow-up into a standalone question by carrying the entities of the earlier user turns: pronouns are
 * replaced by the last-mentioned entity when there is one, and the topic is appended otherwise.
 */
export function condenseTurns(history: readonly ChatTurn[], question: string): string {
  const q = question.trim();
  const earlier = history.filter((t) => t.role === 'user').map((t) => t.content);
  if (earlier.length === 0) return q;
  const standalone = !PRONOUN.test(q) && q.split(/\s+/).length > 6;
  if (standalone) return q;
  const entities = earlier.flatMap(entitiesOf);
  const entity = entities[entities.length - 1];
  if (entity && /\b(it|its|they|their|them|this|that)\b/i.test(q)) {
    return q.replace(/\b(it|they|them|this|that)\b(?!')/i, entity).replace(/\b(its|their)\b/i, `${entity}'s`);
  }
  const topic = entity ?? earlier[earlier.length - 1]!;
  return `${q} (${topic})`;
}

/** Capitalised spans that are not sentence-initial function words, e.g. "Acme Robotics", "Marie Curie". */
export function entitiesOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /\b([A-Z][\p{L}\p{N}&.'-]*(?:\s+(?:of|the|de|von|and)?\s*[A-Z][\p{L}\p{N}&.'-]*)*)/gu,
  )) {
    const span = m[1]!.trim();
    if (
      /^(What|Who|When|Where|Why|How|Which|Is|Are|Was|Were|Do|Does|Did|Can|Tell|The|A|An|I|Please|And|But)$/.test(span)
    )
      continue;
    out.push(span.replace(/^(The|A|An|Tell me about|What is)\s+/, ''));
  }
  const cjk = text.match(/[\u4e00-\u9fff]{2,}/gu);
  if (out.length === 0 && cjk) out.push(...cjk);
  return out;
}
