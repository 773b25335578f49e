import type { ChunkFilter, Hit } from '../../retrieval/index.ts';
import type { SourceReader } from '../../store/index.ts';
import { hasTerm, questionTerms, termSet } from '../../text/index.ts';
import type { AgentEvent } from '../types.ts';
import { linksOf } from './bridges.ts';
import { titleIndexFor } from './title-index.ts';

/** Hops after the first pair: questions of three or four hops (the best pair's second paragraph links on). */
const MAX_EXTRA_HOPS = 2;
const MAX_LINKS = 4;
/** Share of the question's weighted terms a linked paragraph must add to the chain to join it. */
const MIN_GAIN = 0.1;
/** Ranks the chain's further paragraphs go below. */
const KEEP_ABOVE = 5;

type Search = (query: string, purpose: string, filter?: ChunkFilter) => AsyncGenerator<AgentEvent, Hit[]>;
/** The new ranking, the chain in hop order (the pair first, turned round when it was extended from its first) and
 * what each further paragraph added. */
export type ChainResult = {
  ranking: Hit[];
  chain: Hit[];
  added: { chunk_id: string; title: string; adds: string[] }[];
};

const textOf = (h: Hit) => termSet(`${h.title}\n${h.text}`);

/**
 * Extend an accepted pair along its links: from the chain's last paragraph, fetch the documents it mentions by title
 * that the chain does not hold; the one that covers most of what the question asks and the chain lacks joins it.
 * A pair has no direction (either paragraph may mention the other), so when nothing joins after its second paragraph
 * the chain is tried from its first, which then becomes the pair's second. Stops when no linked paragraph adds a
 * question term, or after MAX_EXTRA_HOPS.
 */
export async function* extendChain(
  question: string,
  ranking: readonly Hit[],
  src: SourceReader,
  search: Search,
): AsyncGenerator<AgentEvent, ChainResult> {
  const titles = await titleIndexFor(src);
  const q = questionTerms(question);
  const total = [...q.values()].reduce((a, b) => a + b, 0) || 1;
  let chain = ranking.slice(0, 2);
  const covered = new Set(chain.flatMap((h) => [...textOf(h)]));
  const added: ChainResult['added'] = [];
  // The linked paragraph that adds most of the question to the chain, from `from`.
  async function* next(from: Hit) {
    const inChain = new Set(chain.map((h) => h.title));
    const links = linksOf(from, question, titles)
      .filter((t) => !inChain.has(t))
      .slice(0, MAX_LINKS);
    if (links.length === 0) return undefined;
    const hits = yield* search(`${question} ${links.join(' ')}`, `chain from ${from.title || from.doc_id}`, {
      titles: links,
    });
    let best: { hit: Hit; gain: number; adds: string[] } | undefined;
    for (const h of hits) {
      const have = textOf(h);
      const adds = [...q].filter(([t]) => !hasTerm(covered, t) && hasTerm(have, t));
      const gain = adds.reduce((s, [, w]) => s + w, 0) / total;
      if (gain > (best?.gain ?? 0)) best = { hit: h, gain, adds: adds.map(([t]) => t) };
    }
    return best && best.gain >= MIN_GAIN ? best : undefined;
  }
  for (let hop = 0; hop < MAX_EXTRA_HOPS && chain.length > 0; hop++) {
    let best = yield* next(chain.at(-1)!);
    if (!best && hop === 0 && chain.length === 2) {
      best = yield* next(chain[0]!);
      if (best) chain = [chain[1]!, chain[0]!];
    }
    if (!best) break;
    chain.push(best.hit);
    for (const t of textOf(best.hit)) covered.add(t);
    added.push({ chunk_id: best.hit.id, title: best.hit.title, adds: best.adds });
  }
  if (added.length === 0) return { ranking: [...ranking], chain, added };
  // The pair keeps the top, and the paragraphs after it keep theirs: a two-hop question answered by another pair
  // further down must not lose it. The chain's further paragraphs follow the best five, unless they rank there already.
  const top = new Set(ranking.slice(0, KEEP_ABOVE).map((h) => h.id));
  const extra = chain.slice(2).filter((h) => !top.has(h.id));
  const ids = new Set(extra.map((h) => h.id));
  const rest = ranking.filter((h) => !ids.has(h.id));
  return { ranking: [...rest.slice(0, KEEP_ABOVE), ...extra, ...rest.slice(KEEP_ABOVE)], chain, added };
}
