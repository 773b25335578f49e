import type { LinkStats, LinksMode, SourceCapabilities, SourceTable } from '../src/store/index.ts';
import { isEntityTitle, TitleIndex } from '../src/text/index.ts';

/** Chunks read to find title mentions: enough for a stable share, bounded for very large sources. */
const MAX_SCANNED = 50_000;
const PAGE = 2_000;
/**
 * Titles shaped like names on most documents, and a share of them mentioned by other documents: a wiki. The name share
 * sits between the dev corpora (HotpotQA 0.90, manuals 0.48, SciFact 0.02) with room for wikis with more common-noun
 * titles ("Aircraft carrier") than HotpotQA's sample.
 */
const MIN_NAME_SHARE = 0.65;
const MIN_MENTIONED_SHARE = 0.1;
const MIN_MENTIONED = 5;

/**
 * Measure whether a source's titles behave as entity names that other documents mention (Wikipedia-like), which
 * is what link-following needs: most titles proper names (a few words capitalised as names are; file-name and
 * sentence-case titles never count), and a tenth or more of them mentioned in another document's text. On the dev
 * corpora: HotpotQA 90 % of titles are names and 23 % of those are mentioned elsewhere; SciFact and NFCorpus titles
 * are sentences (1–2 % names); the manuals' are page titles and lower-case command names (48 %).
 */
export async function measureLinks(table: SourceTable): Promise<LinkStats> {
  const manifest = [...(await table.manifest()).values()];
  const names = manifest.filter((e) => e.title && isEntityTitle(e.title, e.path));
  const stats = { documents: manifest.length, name_titles: names.length, mentioned: 0, chunks_scanned: 0 };
  // Without names there is nothing to link: the chunks need not be read.
  if (names.length < MIN_NAME_SHARE * manifest.length || names.length === 0) return stats;
  const index = new TitleIndex(names.map((e) => e.title));
  const mentioned = new Set<string>();
  for (let offset = 0; offset < MAX_SCANNED; offset += PAGE) {
    const rows = await table.scanChunks(['title', 'text'], undefined, PAGE, offset);
    for (const r of rows) for (const t of index.scanText(String(r.text))) if (t !== r.title) mentioned.add(t);
    stats.chunks_scanned += rows.length;
    if (rows.length < PAGE) break;
  }
  return { ...stats, mentioned: mentioned.size };
}

export const linksFromStats = (s: LinkStats): boolean =>
  s.documents > 0 &&
  s.name_titles >= MIN_NAME_SHARE * s.documents &&
  s.mentioned >= Math.max(MIN_MENTIONED, MIN_MENTIONED_SHARE * s.name_titles);

/** The source's capabilities after an ingest: links measured (auto) or set by the job (on/off). */
export async function detectCapabilities(table: SourceTable, mode: LinksMode): Promise<SourceCapabilities> {
  const link_stats = await measureLinks(table);
  const links = mode === 'auto' ? linksFromStats(link_stats) : mode === 'on';
  return { links, links_mode: mode, link_stats };
}
