import { nameSpans, zhRegExp } from '../../../text/index.ts';
import type { ChatTurn } from '../../types.ts';

const PRONOUN = zhRegExp(
  /\b(it|its|it's|they|them|their|he|him|his|she|her|this|that|these|those|there)\b|[它他她其该这那]/iu,
);
/** "And Quorvex Foods?", "What about Quorvex?" — the previous question, asked of another entity. */
const ELLIPSIS = /^(?:and\s+)?(?:what|how)\s+about\b|^and\b/i;

/**
 * Turn a follow-up into a standalone question by carrying the entities of the earlier user turns: pronouns are
 * replaced by the topic of the latest turn that names one, an elliptical follow-up ("And X?") re-asks the last
 * full question about its new entity, and otherwise the topic is appended.
 */
export function condenseTurns(history: readonly ChatTurn[], question: string): string {
  const q = question.trim();
  const earlier = history.filter((t) => t.role === 'user').map((t) => t.content.trim());
  if (earlier.length === 0) return q;
  const standalone = !PRONOUN.test(q) && q.split(/\s+/).length > 6;
  if (standalone) return q;
  // Elliptical follow-ups carry no predicate; the last question that had one supplies it.
  const full = earlier.filter((t) => !ELLIPSIS.test(t));
  const own = entitiesOf(q)[0];
  // "What is the capital of Mongolia and how cold does it get?": the pronoun points back inside the question.
  const pronounAt = q.search(PRONOUN);
  if (own && pronounAt >= 0 && q.indexOf(own) < pronounAt) return q;
  const base = full.findLast((t) => entitiesOf(t).length > 0);
  if (own && base && ELLIPSIS.test(q) && !PRONOUN.test(q)) return base.replace(entitiesOf(base)[0]!, own);
  const entity = topicOf(earlier);
  if (entity && /\b(it|its|they|their|them|this|that)\b/i.test(q)) {
    return q.replace(/\b(it|they|them|this|that)\b(?!')/i, entity).replace(/\b(its|their)\b/i, `${entity}'s`);
  }
  const topic = entity ?? earlier[earlier.length - 1]!;
  return `${q} (${topic})`;
}

/**
 * The entity a pronoun most likely points to: in the latest user turn that names any, the first one — the
 * subject of an English question ("Does ADAR1 bind to Dicer?" is about ADAR1). For an elliptical turn
 * ("And Quorvex Foods?") that is the entity it switched to.
 */
function topicOf(userTurns: readonly string[]): string | undefined {
  for (let i = userTurns.length - 1; i >= 0; i--) {
    const found = entitiesOf(userTurns[i]!);
    if (found.length) return found[0];
  }
  return undefined;
}

const WORDS =
  'What|Who|Whom|Whose|When|Where|Why|How|Which|Is|Are|Was|Were|Do|Does|Did|Can|Could|Should|Would|Has|Have|Had|Tell|The|A|An|I|Please|And|But|Or|So|In|On|At|Of|For|To|From|By|With|About|If';
const FUNCTION_WORD = new RegExp(`^(?:${WORDS})$`);
const LEADING_FUNCTION_WORDS = new RegExp(`^(?:(?:${WORDS})\\s+)+`);

/** Capitalised spans that are not sentence-initial function words, e.g. "Acme Robotics", "Marie Curie". */
export function entitiesOf(text: string): string[] {
  const out: string[] = [];
  for (const m of nameSpans(text)) {
    // A capitalised question word joins the span when a name follows it ("Does ADAR1"): strip it.
    const span = m.text.trim().replace(LEADING_FUNCTION_WORDS, '');
    if (span && !FUNCTION_WORD.test(span)) out.push(span);
  }
  const cjk = text.match(/[\u4e00-\u9fff]{2,}/gu);
  if (out.length === 0 && cjk) out.push(...cjk);
  return out;
}
