import type { ChatTurn, Evidence } from '../../types.ts';
import type { Claim, GradeInput } from '../types.ts';

export const SYSTEM =
  'You are the reasoning step of a retrieval-augmented question answering agent. Use only the evidence given. ' +
  'Reply with a single JSON object that matches the requested schema, and nothing else.';

const block = (evidence: readonly Evidence[]) =>
  evidence
    .map(
      (e) =>
        `[${e.n}] (${e.source} / ${e.title}${e.heading_path.length ? ` / ${e.heading_path.join(' > ')}` : ''}${e.hop ? ` / hop ${e.hop} of the linked documents followed` : ''})\n${e.text}`,
    )
    .join('\n\n');

export const condensePrompt = (history: readonly ChatTurn[], question: string) =>
  `Conversation so far:\n${history.map((t) => `${t.role}: ${t.content}`).join('\n')}\n\nFollow-up: ${question}\n\n` +
  'Rewrite the follow-up as one standalone question that names every entity it refers to. JSON: {"question": string}';

export const rewritePrompt = (question: string) =>
  `Question: ${question}\n\nNormalise the question for search. If it has several parts, list each part as a standalone sub-question ` +
  '(at most 4; none if it has one part). JSON: {"question": string, "subqueries": string[]}';

export const gradePrompt = (g: GradeInput) =>
  `Question: ${g.question}\nSub-questions: ${JSON.stringify(g.subqueries)}\nSearched so far: ${JSON.stringify(g.tried)}\n` +
  `Active source: ${g.source}, mode: ${g.mode}. Untried sources: ${JSON.stringify(g.untriedSources)}. Untried modes: ${JSON.stringify(g.untriedModes)}. ` +
  `Linked documents not yet read: ${JSON.stringify(g.links)}. Hop available: ${g.canHop}.\n` +
  `Focus terms (in the source at all / in the best chunks): ${JSON.stringify(g.focus.map((f) => [f.term, f.in_source ?? 'unknown', f.in_evidence]))}.\n` +
  (g.owner
    ? `The question ${g.owner.asks === 'options' ? 'asks for an option of' : 'names the program'} ${g.owner.term}; a document or best chunk about ${g.owner.term}: ${g.owner.documented}.\n`
    : '') +
  (g.absentWords?.length ? `Words of the question the source never uses: ${JSON.stringify(g.absentWords)}.\n` : '') +
  `\nEvidence:\n${block(g.evidence)}\n\n` +
  'Grade whether the evidence answers each sub-question (or the question), then choose the next action: "answer" if it does; ' +
  '"search" with a new "query" (e.g. a bridge entity) if something specific is missing; "hop" to follow linked documents; ' +
  '"switch_source" with "source" or "switch_mode" with "mode" if this source looks wrong; "refuse" with "refusal_reason" ' +
  '(no_evidence, missing_focus when the source never mentions what the question is about, insufficient_coverage, ' +
  'conflicting_evidence) if nothing left can help. ' +
  'JSON: {"subquestions": [{"query": string, "covered": boolean}], "action": string, "query"?: string, "source"?: string, "mode"?: string, "refusal_reason"?: string, "reason": string}';

export const composePrompt = (question: string, evidence: readonly Evidence[]) =>
  `Question: ${question}\n\nEvidence:\n${block(evidence)}\n\n` +
  'Answer the question in a few sentences using only the evidence. End every sentence with the [n] marker(s) of the evidence that supports it. ' +
  'JSON: {"answer": string}';

export const verifyPrompt = (claims: readonly Claim[], evidence: readonly Evidence[]) =>
  `Evidence:\n${block(evidence)}\n\nClaims:\n${claims.map((c, i) => `${i}. ${c.text} (cites ${c.cites.map((n) => `[${n}]`).join(' ') || 'nothing'})`).join('\n')}\n\n` +
  'For each claim, say whether the evidence supports it, and which evidence numbers support it (re-cite if the cited ones do not). ' +
  'JSON: {"verdicts": [{"claim": number, "supported": boolean, "cites": number[]}]}';
