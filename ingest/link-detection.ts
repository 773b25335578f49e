import type { LinkStats, LinksMode, SourceCapabilities, SourceTable } from '../src/store/index.ts';
import { isEntityTitle, qualifierOf, TitleIndex } from '../src/text/index.ts';

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
 * A trailing qualifier this share of a source's titles share is the manual they are pages of ("Divert (GNU M4 1.4.19
 * macro processor)", "Replace (ne's manual)"), not a disambiguation: HotpotQA's commonest, "(film)", is on 1.8 % of its
 * titles; a manual's name is on a third of a folder's, or all of one manual's pages.
 */
const MANUAL_QUALIFIER_SHARE = 0.1;
const MIN_MANUAL_QUALIFIED = 3;

/**
 * Measure whether a source's titles behave as entity names that other documents mention (Wikipedia-like), which
 * is what link-following needs: most titles proper names (a few words capitalised as names are; file-name and
 * sentence-case titles never count, nor the pages of one manual: titles sharing its name as their qualifier), and a
 * tenth or more of them mentioned in another document's text. On the dev corpora: HotpotQA 90 % of titles are names
 * and 23 % of those are mentioned elsewhere; SciFact and NFCorpus titles are sentences (1–2 % names); the manuals' are
 * page titles and lower-case command names (48 %).
 */
export async function measureLinks(table: SourceTable): Promise<LinkStats> {
  const manifest = [...(await table.manifest()).values()];
  const manuals = manualQualifiers(manifest.map((e) => e.title));
  const names = manifest.filter((e) => {
    const q = e.title && qualifierOf(e.title);
    return e.title && isEntityTitle(e.title, e.path) && !(q && manuals.has(q));
  });
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

/** The trailing qualifiers that enough of a source's titles share to name the manual they are pages of. */
function manualQualifiers(titles: readonly string[]): Set<string> {
  const count = new Map<string, number>();
  for (const t of titles) {
    const q = t && qualifierOf(t);
    if (q) count.set(q, (count.get(q) ?? 0) + 1);
  }
  const min = Math.max(MIN_MANUAL_QUALIFIED, MANUAL_QUALIFIER_SHARE * titles.length);
  return new Set([...count].filter(([, n]) => n >= min).map(([q]) => q));
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
