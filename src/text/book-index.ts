/**
 * A back-of-book index (`texinfo`'s "Concept Index", "Index of Concepts", a PDF's "Index"): navigation, whose entries
 * name every topic of the manual and answer none ("bad file error: Error Codes", "* .cvsrc file:  ~/.cvsrc.  (line 6)",
 * "amsmath, 6, 18–21"). Its heading names an index, capitalised as a title ("index" in lower case is a keyword: nginx's
 * `index` directive), and most of its lines are entries: a mail client's index screen, an API's "Function Index" of
 * "malloc: allocate a block …" lines are prose under the same word.
 */
const INDEX_TITLE =
  /^(?:(?:[A-Z]|\d+(?:\.\d+)*|Appendix\s+[A-Z0-9]+)[.:]?\s+)?(?:(?:(?:General|Concept|Function|Variable|Program|Option|Command|Key(?:stroke)?|Data\s+Type|Type|File|Macro|Keyword|Subject|Symbol|Topic)s?\s+)?Index(?:\s+of\s+\p{Lu}\w*(?:\s+and\s+\p{Lu}\w*)?)?|(?:[A-Z]+\s+)?INDEX)$/u;
/**
 * An index entry: an info menu line with its line number, "term: Section" (the section named as a heading is, not
 * "Default: index index.html;" nor "d: delete the current message"), "term, 12, 18–21", or the letter or symbol heading
 * a group of entries.
 */
const ENTRY =
  /^\s*(?:\*\s.*\(line\s+\d+\)|[^:\n]{1,80}:\s+[\p{Lu}\d~.][^;=\n]{0,60}|.{1,80}?,\s*\d+(?:[–-]\d+)?(?:,\s*\d+(?:[–-]\d+)?)*|[\p{Lu}\p{P}\p{S}])\s*$/u;
/** The share of a chunk's lines that must be entries. */
const ENTRY_SHARE = 0.6;

export function isBookIndexChunk(c: { heading_path: readonly string[]; text: string }): boolean {
  if (!INDEX_TITLE.test(c.heading_path.at(-1)?.trim() ?? '')) return false;
  const lines = c.text.split('\n').filter((l) => l.trim());
  return lines.length >= 3 && lines.filter((l) => ENTRY.test(l)).length >= ENTRY_SHARE * lines.length;
}
