import type { ChunkFilter, Hit } from '../../retrieval/index.ts';
import type { SourceReader } from '../../store/index.ts';
import { coverage, questionTerms, termSet } from '../../text/index.ts';
import type { AgentEvent } from '../types.ts';
import { bridgesOf, linksOf } from './bridges.ts';
import { type HopList, rankPairs } from './pair-rank.ts';
import { titleIndexFor } from './title-index.ts';

const FIRST_HOPS = 4;
const PAIR_GAIN = 0.3;

export type HopResult = { ranking: Hit[]; accepted: boolean; why: string };
type Search = (query: string, purpose: string, filter?: ChunkFilter) => AsyncGenerator<AgentEvent, Hit[]>;

/**
 * Second hop: for each of the best first-round chunks, search the question plus the chunk's bridge entities
 * (and, when the bridges are titles of documents, those documents directly), then rank chunk pairs jointly.
 */
export async function* followBridges(
  question: string,
  first: readonly Hit[],
  src: SourceReader,
  search: Search,
): AsyncGenerator<AgentEvent, HopResult> {
  const titles = await titleIndexFor(src);
  const hops: HopList[] = [];
  const mentionCache = new Map<string, Set<string>>();
  const mentions = (p: Hit) => {
    const cached = mentionCache.get(p.id);
    if (cached) return cached;
    const m = new Set(titles.size ? titles.mentions(p.text) : []);
    mentionCache.set(p.id, m);
    return m;
  };
  const seen = new Set<string>();
  // Hop from the best chunk of each of the best documents (a long document's second chunk adds no new bridge).
  const starts = first.filter((h, i) => first.findIndex((x) => x.doc_id === h.doc_id) === i).slice(0, FIRST_HOPS);
  for (const p of starts) {
    const { bridges, linked } = bridgesOf(p, question, titles);
    const q = `${question} ${bridges.join(' ')}`;
    if (bridges.length === 0 || seen.has(q)) continue;
    seen.add(q);
    const hits = yield* search(q, `bridge from ${p.title || p.doc_id}`);
    // A mention of a document's title is a link: fetch the linked documents even when the words miss them.
    if (linked) hits.push(...(yield* search(q, `links from ${p.title || p.doc_id}`, { titles: bridges })));
    hops.push({ from: p, hits: hits.sort((a, b) => b.score - a.score) });
  }
  if (hops.length === 0) return { ranking: [...first], accepted: false, why: 'no bridge entities in the best chunks' };
  const paired = rankPairs(first, hops, mentions);
  // Keep the pair order when the best pair is linked or covers the question clearly better than the best chunk
  // alone; otherwise the question was single-hop and the first ranking stands.
  const q = questionTerms(question);
  const one = coverage(q, termSet(`${first[0]?.title ?? ''}\n${first[0]?.text ?? ''}`));
  const [a, b] = paired;
  const two = coverage(
    q,
    termSet(
      paired
        .slice(0, 2)
        .map((h) => `${h.title}\n${h.text}`)
        .join('\n'),
    ),
  );
  const link = !!a && !!b && (mentions(a).has(b.title) || mentions(b).has(a.title));
  const accepted = (link && two >= one) || two >= one + PAIR_GAIN;
  return {
    ranking: accepted ? paired : [...first],
    accepted,
    why: `best pair ${link ? 'is linked and ' : ''}covers ${pct(two)} of the question, best chunk ${pct(one)}`,
  };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Documents the best chunks link to (title mentions) that are not already among the best chunks. */
export async function linksFrom(question: string, ranking: readonly Hit[], src: SourceReader): Promise<string[]> {
  const titles = await titleIndexFor(src);
  const have = new Set(ranking.slice(0, 2).map((h) => h.title));
  const links = ranking.slice(0, 3).flatMap((p) => linksOf(p, question, titles));
  return [...new Set(links)].filter((t) => !have.has(t));
}
