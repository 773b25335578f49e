import { isEnglishWord } from './lexicon.ts';
import { terms } from './tokenize.ts';

/**
 * Users name a program by what it is as often as by its name: "my terminal multiplexer" for tmux, "the VPN daemon" for
 * OpenVPN, "the ad-blocking proxy" for Privoxy. A folder of manuals says what each of its programs is, near the top of
 * a document of the program's own folder: "tmux is a terminal multiplexer: …", "OpenVPN is an open source VPN daemon",
 * a manual page's "socat - Multipurpose relay (SOcket CAT)". `DescribedNames` reads those sentences and tells which
 * program a question describes without naming it, so a search can add the name the documents use.
 */

/** A document's opening chunk and its package: the folder that tells it apart from the other packages' documents. */
export type OpeningChunk = { text: string; group: string };

const IS_A = /(?:^|[.!?:]\s+|\n|\s)([A-Za-z][\w.+-]*)\s+(?:is|are)\s+(?:an?|the)\s+([^.!?:;\n]{3,160})/g;
const NAME_LINE = /^\s*([A-Za-z][\w.+-]*)\s+[-\u2013\u2014]{1,2}\s+([A-Za-z][^.!?:;\n]{3,100})$/gm;
/** "This is GNU gperf. It is a program that generates perfect hash functions …" */
const THIS_IS = /\bThis is (?:GNU |the )?([A-Za-z][\w.+-]*)[.,;]\s+(?:It|This) is (?:an?|the)\s+([^.!?:;]{3,160})/g;
/** A title line "keepalived: Loadbalancing & High-Availability": an opening chunk's first line only (later ones are settings). */
const TITLE_LINE = /^\s*([A-Za-z][\w.+-]*)\s*:\s+([A-Za-z][^=:.!?;\n]{3,100})$/m;

/** A folder word as a name: "apache2" names Apache. */
export const folderName = (word: string): string => word.toLowerCase().replace(/\d+$/, '');

/** The names a package folder gives ("apache2-doc" → apache, doc; "lynx-common" → lynx, common). */
const groupNames = (group: string): string[] =>
  group
    .split(/[^\p{L}\p{N}]+/u)
    .map(folderName)
    .filter((w) => w.length >= 2);

/** The descriptions a text gives of the names it is allowed to describe (its own folders'). */
export function definitionsIn(text: string, names: ReadonlySet<string>): { name: string; description: string }[] {
  const out: { name: string; description: string }[] = [];
  const title = TITLE_LINE.exec(text.trimStart().split('\n', 1)[0] ?? '');
  for (const m of [...(title ? [title] : []), ...[IS_A, NAME_LINE, THIS_IS].flatMap((re) => [...text.matchAll(re)])]) {
    const name = folderName(m[1]!);
    if (names.has(name)) out.push({ name, description: m[2]! });
  }
  return out;
}

/**
 * Weighs a question's words against each program's descriptions. A word counts by how few packages' opening chunks
 * use it (log of packages over those that do): "multiplexer" only tmux's, "daemon" half of them. A question describes
 * a program when the words its descriptions share with the question weigh at least one word no other package uses
 * (log of the package count), and it names no package itself (then its own words scope the search).
 */
export class DescribedNames {
  private readonly descriptions = new Map<string, Set<string>>();
  private readonly spread = new Map<string, Set<string>>();
  private readonly groups = new Set<string>();
  private readonly allNames = new Set<string>();

  constructor(chunks: readonly OpeningChunk[]) {
    for (const c of chunks) {
      this.groups.add(c.group);
      const names = groupNames(c.group);
      if (names[0]) this.allNames.add(names[0]);
      for (const t of new Set(terms(c.text))) setOf(this.spread, t).add(c.group);
      for (const d of definitionsIn(c.text, new Set(names))) {
        const have = setOf(this.descriptions, d.name);
        for (const t of terms(d.description)) if (t !== d.name) have.add(t);
      }
    }
    // Only a description's words are weighed: the rest of the opening chunks' words need not be kept.
    const described = new Set([...this.descriptions.values()].flatMap((d) => [...d]));
    for (const t of [...this.spread.keys()]) if (!described.has(t)) this.spread.delete(t);
  }

  get size(): number {
    return this.descriptions.size;
  }

  /** The names the question describes (best first), none when it names a package or too few packages differ. */
  describedIn(question: string): string[] {
    const g = this.groups.size;
    if (g < 3 || this.descriptions.size === 0) return [];
    // A package named by an English word of four letters or more ("file", "less", "screen") is named only written as
    // a name, capitalised or in upper case: "a log file" names no package; short ones are names as written ("bc").
    const said = question.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const names = new Set(
      said.flatMap((w) => {
        const lower = w.toLowerCase();
        return lower.length > 3 && w === lower && isEnglishWord(lower) ? [] : [lower, folderName(lower)];
      }),
    );
    if ([...this.allNames].some((n) => names.has(n))) return [];
    const q = new Set(terms(question));
    const floor = Math.log(g);
    const scored: [string, number][] = [];
    for (const [name, desc] of this.descriptions) {
      let score = 0;
      for (const t of q) if (desc.has(t)) score += Math.log(g / Math.max(1, this.spread.get(t)?.size ?? 1));
      if (score >= floor - 1e-9) scored.push([name, score]);
    }
    return scored.sort((a, b) => b[1] - a[1]).map(([n]) => n);
  }
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  const have = map.get(key);
  if (have) return have;
  const made = new Set<string>();
  map.set(key, made);
  return made;
}
