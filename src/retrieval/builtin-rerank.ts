import {
  coverage,
  folderName,
  folderNames,
  hasSynonym,
  hasTerm,
  numbersIn,
  questionTerms,
  STOP_WORDS,
  statesClaim,
  termCounts,
  termSet,
  type WeightedTerms,
} from '../text/index.ts';
import { byScore } from './fuse.ts';
import { latentCosines } from './latent.ts';
import { normaliseScores } from './normalise.ts';
import type { Hit } from './types.ts';

/**
 * Weights on top of the fused score (scaled to its best = 1). Chosen on the dev halves of all five suite sets at
 * once (`npm run eval -- suite --split dev`): heading 0.3 + numbers 0.3 + coverage 0.1 moved single-shot SciFact
 * +0.001, NFCorpus +0.001, CMRC +0.006 nDCG@10, HotpotQA all-supporting@10 +0.019, and manuals answer-in-top-5
 * +0.077; coverage alone at 0.3 cost the manuals 0.04 and helped nothing else. Coverage weighted by how few of the
 * candidates hold each term (below) at 0.5 then moved single-shot SciFact +0.003, CMRC +0.005 nDCG@10, HotpotQA
 * all-supporting@5 +0.038 (@10 −0.019), NFCorpus −0.003 (within its run-to-run noise), and the folder sets' answer
 * in a top-5 chunk 179 → 182 of 221 (0.1, 0.2, 0.3 and 1.0: 180, 180, 181, 182). Scope (a folder the question names)
 * only acts on folders of several packages, so only the manuals measure it: 0.3 moved no gold chunk into the top 5,
 * 0.6 and 1.0 one each (26 dev questions), none out.
 */
const W = { heading: 0.3, number: 0.3, coverage: 0.5, scope: 0.6 };

/**
 * A claim's best candidates are reordered by their latent topics too (`latentCosines`): each hit's cosine with the
 * claim in the space of the candidates' main directions, scaled to the candidates' spread of cosines and of scores
 * and added at this share of the latter. Only for an input the grader reads as a claim (`statesClaim`: no question
 * mark, no question or request word, four words or more, so a keyword search of four words counts too): a claim's
 * evidence is what the literature says on its topic, which the candidates' shared vocabulary tells apart where the
 * claim's own words do not. A question needs the passage that answers it, and the grader decides from which terms
 * the best chunks hold whether it can be answered: reordered the same way, questions over the folder sets had chunks
 * holding a missing key term moved into their best five ("gpg" from git's manual for "Can shar encrypt the archive …
 * with a GPG key?"), and unanswerable questions were answered (8 dimensions at 0.3: `held-out-en` refused 180 → 174
 * of 220, `dev-en` 297 → 293 of 362; at 0.15, 175 and 296) for a few more answers in a top-5 chunk (+2). Dimensions
 * 3–15 and weights 0.2–0.6 over the 30 candidates a search of ten or twenty reranks, chosen on the claims' dev halves
 * (SciFact mini, the full SciFact corpus, NFCorpus's titles that state a claim): SciFact mini nDCG@10 0.811 → 0.824,
 * full SciFact 0.691 → 0.704, NFCorpus −0.001. Their test halves, read after: 0.845 → 0.865, 0.665 → 0.693, NFCorpus
 * ±0.000. A search asking for more candidates has its best 30 reordered (the cost is the cube of their count).
 */
const LATENT = { dimensions: 10, weight: 0.3, candidates: 30 };

/**
 * Model-free reranking of fused hits by what BM25 and the hashed vector do not see: the question's terms in the
 * chunk's heading path (what its section is about: "exit codes"), the question's numbers as whole tokens ("exit code
 * 13" is not "v0.1.13"), and coverage of the question's distinct weighted terms (every term beats a few repeated).
 */
export function rerankBuiltin(question: string, hits: readonly Hit[], described: readonly string[] = []): Hit[] {
  if (hits.length < 2) return [...hits];
  const q = questionTerms(question);
  const numbers = [...new Set(numbersIn(question))].map(
    (n) => new RegExp(`(?<![\\d.])${n.replaceAll('.', '\\.')}(?![\\d]|\\.\\d)`),
  );
  const base = normaliseScores(hits);
  const inScope = scopeMatch(question, hits, described);
  const cover = rarerCoverage(q, hits);
  const scored = hits.map((h) => {
    const heading = h.heading_path.length ? coverage(q, termSet(h.heading_path.join('\n'))) : 0;
    const number = numbers.length ? numbers.filter((re) => re.test(h.text)).length / numbers.length : 0;
    const cov = cover.get(h.id)!;
    const bonus = W.heading * heading + W.number * number + W.coverage * cov + W.scope * (inScope.get(h.id) ?? 0);
    return { ...h, score: base.get(h.id)! + bonus };
  });
  scored.sort(byScore);
  if (!statesClaim(question)) return scored;
  // Over the best `LATENT.candidates` only: a search asking for more would pay for its candidates' cube.
  const head = scored.slice(0, LATENT.candidates);
  const cosines = latentCosines(
    q,
    head.map((h) => termCounts(chunkText(h))),
    LATENT.dimensions,
  );
  const spread = (v: readonly number[]) => Math.max(...v) - Math.min(...v);
  // Cosines equal but for rounding (near-duplicate candidates) order nothing.
  const scale = spread(cosines) > 1e-9 ? (LATENT.weight * spread(head.map((h) => h.score))) / spread(cosines) : 0;
  const low = Math.min(...cosines);
  const lifted = head.map((h, i) => ({ ...h, score: h.score + scale * (cosines[i]! - low), latent: cosines[i]! }));
  return [...lifted.sort(byScore), ...scored.slice(LATENT.candidates)];
}

/** What a hit says, as reranking reads it: its title and headings too. */
const chunkText = (h: Hit) => `${h.title}\n${h.heading_path.join('\n')}\n${h.text}`;

/**
 * Each hit's coverage of the question's terms, each term weighted also by how few of the candidates hold it (idf over
 * the candidates): a term every candidate holds tells them apart no more than one none holds ("grep" among chunks of
 * grep's manual), so coverage counts the terms that single a chunk out ("Which Git version first let me stash only
 * the changes I have already staged?" among Git's release notes: "stash", "staged"). A hit holds a term when it has the
 * term or a synonym of it ("maximum" for "peak"). Which terms a hit holds is read once, for the counts and the
 * coverage alike.
 */
function rarerCoverage(q: WeightedTerms, hits: readonly Hit[]): Map<string, number> {
  const held = hits.map((h) => {
    const have = termSet(chunkText(h));
    return [...q.keys()].filter((t) => hasTerm(have, t) || hasSynonym(have, t));
  });
  const df = new Map<string, number>();
  for (const terms of held) for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
  const weight = new Map([...q].map(([t, w]) => [t, w * Math.log((hits.length + 1) / ((df.get(t) ?? 0) + 0.5))]));
  let total = 0;
  for (const w of weight.values()) total += w;
  return new Map(hits.map((h, i) => [h.id, total ? held[i]!.reduce((sum, t) => sum + weight.get(t)!, 0) / total : 0]));
}

/**
 * What a question says about where its answer is: a word that names some of the candidates' folders but not all ("In
 * Node.js, what does exit code 13 mean?" over `nodejs-doc/…/process.html` and `curl/…/curl.1.txt`). Each hit gets the
 * share of such words its folders hold. Candidates in one folder (a JSONL corpus, a flat folder) get nothing. File
 * names are left out: a question naming a file ("pg_hba.conf") is as often answered outside that file's page.
 */
function scopeMatch(question: string, hits: readonly Hit[], described: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const asked = questionWords(question);
  for (const name of described) asked.add(name);
  if (asked.size === 0) return out;
  const words = new Map(hits.map((h) => [h.id, pathWords(h.path)]));
  const scope = [...asked].filter((w) => {
    const n = hits.filter((h) => words.get(h.id)!.has(w)).length;
    return n > 0 && n < hits.length;
  });
  if (scope.length === 0) return out;
  for (const h of hits) out.set(h.id, scope.filter((w) => words.get(h.id)!.has(w)).length / scope.length);
  return out;
}

/**
 * The words of a path's folders, as a folder would spell a name (`nodejs-doc/…` → nodejs, doc). Two letters are a
 * word too (`ed/`, `bc/`): the question's own words are of three or more, so only a described name matches them.
 */
function pathWords(path: string): Set<string> {
  const out = new Set<string>();
  for (const seg of folderNames(path))
    for (const w of seg.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 2 && !/^\d+$/.test(w)) out.add(w).add(folderName(w));
  return out;
}

/** The question's words, each also with its inner dots, dashes and underscores dropped ("Node.js" → nodejs). */
function questionWords(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu)) {
    for (const w of [m[0].replace(/[._-]/g, ''), ...m[0].split(/[._-]/)])
      if (w.length >= 3 && !/^\d+$/.test(w) && !STOP_WORDS.has(w)) out.add(w);
  }
  return out;
}
