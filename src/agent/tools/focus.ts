import type { SourceReader } from '../../store/index.ts';
import {
  askingPart,
  askingSentence,
  cjkTopic,
  definedAcronyms,
  editDistance,
  escapeRegExp,
  type FocusTerm,
  focusTerms,
  hasCjk,
  hasTerm,
  identifiers,
  isEnglishWord,
  licenceAside,
  optionOwner,
  POINTS_BACK,
  programName,
  programNamed,
  releaseTerms,
  STOP_WORDS,
  stem,
  subjectOf,
  swappedLetters,
  termSet,
  tokens,
  variantOf,
  withoutAside,
  withoutQuestionForm,
  writesAsName,
} from '../../text/index.ts';
import type { Evidence } from '../types.ts';

/**
 * A source whose size and term presence are read once for a run: a run grades its evidence several times and asks
 * each time for the same focus terms and words, whose answers do not change within it (keyed by kind and written
 * form too: a word looked up as a name is another question).
 */
export function remembering(src: SourceReader): SourceReader {
  const known = new Map<string, boolean | undefined>();
  const key = (f: FocusTerm) => `${f.kind}\0${f.written ?? ''}\0${f.term}`;
  let rows: Promise<number> | undefined;
  return {
    name: src.name,
    count: () => {
      rows ??= src.count();
      return rows;
    },
    manifest: () => src.manifest(),
    documentTitles: () => src.documentTitles(),
    getChunks: (ids) => src.getChunks(ids),
    neighbours: (docId, from, to) => src.neighbours(docId, from, to),
    async presence(terms) {
      const asked = terms.filter((f) => !known.has(key(f)));
      if (asked.length > 0) {
        const found = await src.presence(asked);
        for (const f of asked) known.set(key(f), found.get(f.term));
      }
      return new Map(terms.map((f) => [f.term, known.get(key(f))]));
    },
  };
}

/** How many of the best chunks must hold a focus term for the evidence to be about it. */
const EVIDENCE_TOP = 5;

/** How many chunks are read for spelling variants of a term the source does not have. */
const VARIANT_TOP = 10;

/**
 * A focus term of the question: does the source mention it at all, and do the best chunks? `variant`: the source
 * lacks the term as written but the best chunks hold a spelling variant of it, which counts as the term.
 */
export type FocusSignal = FocusTerm & { in_source?: boolean; in_evidence: boolean; variant?: string };

/** A man page cross-reference, `wget(1)`: it names another page, it says nothing about the thing. */
const CROSS_REFERENCE = /[\w.+-]+\(\d[a-z]{0,3}\)/g;

/** A term as grading's term sets hold it (stemmed, lower-cased). */
const termOf = (term: string): string => [...termSet(term)][0] ?? term;

/** Whether a chunk holds the term, other than as a cross-reference ("SEE ALSO ftp(1), wget(1)" is no passage about wget). */
function holds(f: FocusTerm, e: Evidence): boolean {
  const text = `${e.title}\n${e.heading_path.join('\n')}\n${e.text.replace(CROSS_REFERENCE, ' ')}`;
  return f.kind === 'identifier' ? identifiers(text).includes(f.term) : hasTerm(termSet(text), termOf(f.term));
}

/**
 * What the question is about (its identifiers and non-English names: `--env-file`, `rsync`, `TDE`), checked against
 * the whole source (one full-text lookup per term) and against the best chunks. A term the source never mentions
 * means the question cannot be answered from it.
 */
export async function checkFocus(
  question: string,
  src: SourceReader,
  evidence: readonly Evidence[],
  minRows = ABSENT_WORDS_MIN_ROWS,
): Promise<FocusSignal[]> {
  const topic = cjkTopic(question);
  // What the question sets aside ("without giving them sudo") is not what it is about; an ordinary word used as a
  // name counts only in the sentence that asks ("I want a script on my Raspberry Pi … How do I start screen that
  // way?" asks about screen).
  const asks = termSet(askingSentence(question));
  const kept = withoutAside(question);
  const terms = focusTerms(kept);
  const focus = [
    ...terms.filter((f) => f.kind !== 'word' || hasTerm(asks, termOf(f.term))),
    ...releaseTerms(kept, terms),
    ...(topic ? [{ term: topic, kind: 'name' as const }] : []),
  ];
  if (focus.length === 0) return [];
  // A name the best chunks write as the question does is in the source: only the others are looked up (reading
  // chunks for how they write a word costs more than finding one that has it).
  const aside = licenceAside(question);
  const about = (n: number) => evidence.slice(0, n).filter((e) => !aside(e));
  const near = about(VARIANT_TOP);
  const seen = focus.filter(
    (f) => f.written && near.some((e) => writesAsName(`${e.title}\n${e.heading_path.join('\n')}\n${e.text}`, f.term)),
  );
  const present = await src.presence(focus.filter((f) => !seen.includes(f)));
  for (const f of seen) present.set(f.term, true);
  // A small source leaves ordinary words unused by chance, as for `checkAbsentWords`: its silence says nothing. Counted
  // only when such a word is missing.
  const unused = focus.filter((f) => f.kind === 'word' && present.get(f.term) === false);
  if (unused.length > 0 && (await src.count()) < minRows) for (const f of unused) present.set(f.term, undefined);
  const top = about(EVIDENCE_TOP);
  const acronyms = definedAcronyms(question);
  let words: Set<string> | undefined;
  let texts: string[] | undefined;
  return focus.map((f): FocusSignal => {
    const in_source = present.get(f.term);
    // A compound name says only whether the source is about it at all: its parts are focus terms or words of their
    // own, and a passage that answers may name the tool otherwise ("the agent" for `gpg-agent`). So does an ordinary
    // word used as a name: a source that uses it may well answer in other words. And a release: the passage that
    // answers need not repeat the version its section heads ("CHANGES FROM 3.3 TO 3.4").
    if (f.kind === 'compound' || f.kind === 'word' || f.kind === 'release')
      return { ...f, in_source, in_evidence: in_source !== false };
    if (in_source !== false || f.kind === 'identifier')
      return { ...f, in_source, in_evidence: top.some((e) => holds(f, e)) };
    // Each word also as its stem: "paly" is a typo of the "play" in "plays".
    words ??= new Set(near.flatMap((e) => tokens(`${e.title}\n${e.text}`).flatMap((t) => [t, stem(t)])));
    texts ??= near.map((e) => plain(`${e.title}\n${e.text}`));
    // The same thing written otherwise: a spelling variant, two words run together ("Admpchordin"), or the words of
    // an acronym the question defines ("Commelina yellow mottle virus (ComYMV)").
    const expansion = acronyms.get(f.term);
    // A name the source writes only as a word of its own ("postfix notation") has no variant in that word.
    const spelt = variantOf(f.term, words);
    const variant =
      (spelt === f.term && f.written ? undefined : spelt) ??
      joinedWords(f.term, words, texts) ??
      (expansion && texts.some((t) => t.includes(plain(expansion))) ? expansion : undefined);
    return variant ? { ...f, in_source: true, in_evidence: true, variant } : { ...f, in_source, in_evidence: false };
  });
}

const plain = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * "admpchordin" from "admp" and "chordin", both in the best chunks. Two ordinary English words must stand side by
 * side there: a tool named by running them together ("logrotate") is not "log" in one sentence and "rotate" in
 * another.
 */
function joinedWords(term: string, words: ReadonlySet<string>, texts: readonly string[]): string | undefined {
  if (term.length < 8) return undefined;
  for (let i = 3; i <= term.length - 3; i++) {
    const [a, b] = [term.slice(0, i), term.slice(i)];
    if (!words.has(a) || !words.has(b)) continue;
    if (!isEnglishWord(a) || !isEnglishWord(b) || texts.some((t) => ` ${t} `.includes(` ${a} ${b} `)))
      return `${a} ${b}`;
  }
  return undefined;
}

/**
 * The program whose option the question asks for (`asks: 'options'`), or that it names as one ("the age tool":
 * `asks: 'program'`), and whether the source documents it (see `checkOwner`).
 */
export type OwnerSignal = { term: string; documented: boolean; asks: 'options' | 'program' };

/** A source's document titles, read once a minute at most (the owner check is rare, a manifest scan is not free). */
const titles = new WeakMap<SourceReader, { at: number; titles: Promise<string[]> }>();
function documentTitles(src: SourceReader, now = Date.now()): Promise<string[]> {
  const hit = titles.get(src);
  if (hit && now - hit.at < 60_000) return hit.titles;
  const read = src.documentTitles();
  titles.set(src, { at: now, titles: read });
  return read;
}

/** A long option's name as a word of a text, in any case: "--ack", not inside "--ack-all". */
const optionWritten = (o: string) => new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(o)}(?![\\p{L}\\p{N}_-])`, 'iu');

/** A configuration file's name ("fsfs.conf", "main.cf", "config.toml"), which may own options as a program does. */
const CONFIG_FILE = /\.(?:conf|cfg|cf|ini|toml|ya?ml|json|rc|properties)$/;

/**
 * "Which grep option …" needs a passage documenting grep: a best chunk whose title, headings or folders name it, or
 * at least a document titled with it. A folder that only mentions grep (the sed manual comparing itself to it) does
 * not document grep's options, however well its words cover the question. A program the question names as one ("How
 * do I encrypt a file with the age tool?") is documented by the same, or by a best chunk that names it in its text
 * ("-- Command: mkpart" in parted's manual for "the mkpart command"), as a word of its own: not "max-age" nor
 * "--watch-bind". For an ordinary word ("watch", "make") nearly any chunk has it, so this check mostly lets such
 * questions through; it refuses where the best chunks never use the word.
 */
export async function checkOwner(
  question: string,
  src: SourceReader,
  evidence: readonly Evidence[],
): Promise<OwnerSignal | undefined> {
  const option = optionOwner(ownerScope(question));
  const term = option ?? programNamed(question);
  if (!term) return undefined;
  const asks = option ? 'options' : 'program';
  const name = programName(term, !!option);
  const named = (text: string) => name.test(text.toLowerCase());
  const top = evidence.slice(0, EVIDENCE_TOP);
  if (top.some((e) => name.test(subjectOf(e)))) return { term, documented: true, asks };
  // "OpenVPN 2.4 removed the tls-remote option; which option …?": a word shaped like an option's name, which the
  // question calls "the X option" and the best chunks write bare before "option" ("removed tls-remote option"), is
  // the option the question names, not its program ("the only supported tar options" names tar's).
  if (option && OPTION_SHAPED.test(term) && optionNamed(term, 'the\\s+').test(question)) {
    const bare = optionNamed(term);
    if (top.some((e) => bare.test(e.text))) return undefined;
  }
  // "What does the --ack option of petalert.pl do?": a best chunk that writes the long option the sentence that asks
  // names, and the program's name other than in a cross-reference, documents it (a README's "petalert.pl … Use --ack
  // to …"), where no title names a script. A short option ("-r") is too common a string to say so.
  const asked = option
    ? identifiers(ownerScope(question))
        .filter((t) => /^--\p{L}/u.test(t))
        .map(optionWritten)
    : [];
  const writes = (text: string) => named(text.replace(CROSS_REFERENCE, ' ')) && asked.some((o) => o.test(text));
  if (asked.length && top.some((e) => writes(e.text))) return { term, documented: true, asks };
  // A configuration file's options are documented where its text names the file ("set compression in fsfs.conf"):
  // titles and headings seldom do.
  const inText = !option || CONFIG_FILE.test(term);
  if (inText && top.some((e) => named(e.text.replace(CROSS_REFERENCE, ' ')))) return { term, documented: true, asks };
  return { term, documented: (await documentTitles(src)).some(named), asks };
}

/**
 * Where a question says whose option it asks for: the sentence that asks, or the whole question when that sentence
 * points back at what the ones before it name ("I pass the rsyncd flag when I start it. What does it change?"). An
 * option only the setting names is how the asker got there ("… when I launch the binary with the daemonize flag,
 * none of those settings apply. Why?"), not an option the answer must be documented with. ("that" is left out: it
 * mostly opens a clause, "Is there an option that …".)
 */
function ownerScope(question: string): string {
  const ask = askingSentence(question);
  return POINTS_BACK.test(ask) ? question : ask;
}

/** A word with a hyphen or underscore inside, as option names have and program names seldom do ("tls-remote"). */
const OPTION_SHAPED = /^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+$/u;
/**
 * A word written bare before "option", singular ("removed tls-remote option"), after `before` if given; not
 * "--tls-remote option" nor "tar options".
 */
const optionNamed = (word: string, before = ''): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}_.-])${before}${escapeRegExp(word)}\\s+option(?![\\p{L}\\p{N}_-])`, 'iu');

/** Chunks a source needs before a word it never uses means something: ~100k words (the manuals sets: 930 to 5,100). */
const ABSENT_WORDS_MIN_ROWS = 500;
/**
 * The share of the question's content words the absent ones must make: in a short question they are what it asks
 * about ("encrypts", "password" of 5), in a long one told in a user's own words they are its setting ("yesterday",
 * "folder" of 11 in "My download got cut off yesterday and the partial file is still in the folder …").
 */
const ABSENT_WORDS_MIN_SHARE = 0.25;

/**
 * The question's ordinary words (English, written in lower case: not names, acronyms or identifiers, which
 * `checkFocus` checks) that the source never uses, when they are a quarter or more of its content words: "Which tar
 * option encrypts the archive with a password?" over tar's manual lacks "encrypts" and "password". Words the best
 * chunks hold are not looked up; the rest take one full-text lookup each. A follow-up is read in its own words, any
 * word of them but those the user's earlier turns (`earlier`) said too (`absentOwnWords`).
 */
export async function checkAbsentWords(
  question: string,
  src: SourceReader,
  evidence: readonly Evidence[],
  {
    minRows = ABSENT_WORDS_MIN_ROWS,
    followUp,
    earlier = '',
  }: { minRows?: number; followUp?: string; earlier?: string } = {},
): Promise<string[]> {
  // A small source leaves ordinary words ("another", "whole") unused by chance: its silence says nothing.
  if ((await src.count()) < minRows) return [];
  const owner = optionOwner(question);
  // Each chunk's terms as grading reads them (memoised per chunk), not one string of all of them.
  const nearest = evidence.slice(0, VARIANT_TOP);
  const near = new Set(nearest.flatMap((e) => [...termSet(`${e.title}\n${e.heading_path.join('\n')}\n${e.text}`)]));
  if (followUp) return absentOwnWords(followUp, src, near, termSet(earlier), nearest, owner);
  const whole = withoutQuestionForm(question);
  const content = contentWords(whole);
  const needed = ABSENT_WORDS_MIN_SHARE * content.size;
  // Only words of the sentences that ask can be missing (the share is still of the whole question's words): what the
  // setting alone says is the asker's situation ("… gradually drifts away from what I'm actually hearing. How do I
  // keep the two in step?").
  const asks = askingPart(question);
  const asked = asks === question ? whole : withoutQuestionForm(asks);
  // A compound of ordinary words ("password-protect", "unattended-upgrades") is looked up word by word — a source may
  // write the compound otherwise, not without its words — and counts as one word of the question, as in `content`.
  const groups = new Map<string, string[]>();
  for (const m of asked.matchAll(/(?<![\p{L}\p{N}_.-])[a-z][a-z']*[a-z](?:-[a-z][a-z']*[a-z])*(?![\p{L}\p{N}_-])/gu)) {
    if (m[0] === owner) continue;
    const parts = m[0]
      .split('-')
      .filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && w !== owner && isEnglishWord(w) && !hasTerm(near, stem(w)));
    if (parts.length > 0) groups.set(m[0], parts);
  }
  return absentGroups(groups, needed, src);
}

/**
 * The question's words (each a group: a compound's parts) the source never uses, when there are `needed` of them or
 * more. Fewer candidates than that can decide nothing: no lookups.
 */
async function absentGroups(
  groups: ReadonlyMap<string, string[]>,
  needed: number,
  src: SourceReader,
): Promise<string[]> {
  if (groups.size === 0 || groups.size < needed) return [];
  const words = [...new Set([...groups.values()].flat())];
  const present = await src.presence(words.map((term) => ({ term, kind: 'name' as const })));
  const absent = [...groups.values()]
    .map((parts) => parts.filter((w) => present.get(w) === false).join(' '))
    .filter(Boolean);
  return absent.length >= needed ? absent : [];
}

/** A question's content words: three characters or more and no stop word, lower-cased (numbers included). */
function contentWords(text: string): Set<string> {
  const content = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'_.-]*/gu)) {
    const raw = m[0].replace(/[.'_-]+$/, '');
    if (raw.length >= 3 && !STOP_WORDS.has(raw.toLowerCase())) content.add(raw.toLowerCase());
  }
  return content;
}

/**
 * A follow-up's own words (what the user typed, not the words its condensed form carries from the conversation) that
 * the source never uses, when they are a quarter or more of its content words; one is enough. A follow-up says little
 * besides what it asks ("And into nushell?", "Does irssi support the Matrix protocol?"), and the carried words, which
 * the source has, would otherwise outnumber it. Any word of a spaced script counts (Chinese is read by its pairs
 * elsewhere), a name the focus check leaves alone as a possible typo of an English word ("nushell") too, unless it
 * looks like a typo of a word the best chunks write (`nearlyWritten`: "serer" beside "server", "teh" beside "the"). A
 * compound ("password-protect") is looked up word by word and counts as one word, as for a question of its own. A word
 * the user's earlier turns said too (`before`: their terms, matched whole) is where the conversation stands, as a
 * question's setting sentences are: "Is there a third 'not sure' verdict I can turn on for the borderline ones?" after
 * "… the borderline messages keep landing in the wrong folder" lacks "verdict" alone, one of six, where bogofilter's
 * manual says "Unsure" (`followups-5`, written after the rule: refused for "verdict, borderline" before the earlier
 * turns counted; no other dev follow-up's missing word is in its earlier turns). On `followups` and `followups-3` (120
 * questions) no answerable follow-up has such a word, and 16 of the 30 unanswerable ones do; on `followups-5` 2 of 10
 * unanswerable ones, and no answerable one lacks enough to be refused.
 */
async function absentOwnWords(
  followUp: string,
  src: SourceReader,
  near: ReadonlySet<string>,
  before: ReadonlySet<string>,
  nearest: readonly Evidence[],
  owner: string | undefined,
): Promise<string[]> {
  const said = followUp.replace(/’/g, "'");
  const needed = Math.max(1, ABSENT_WORDS_MIN_SHARE * contentWords(withoutQuestionForm(said)).size);
  let written: { words: Set<string>; raw: Set<string> } | undefined;
  const groups = new Map<string, string[]>();
  for (const m of said.matchAll(OWN_WORD)) {
    if (hasCjk(m[0])) continue;
    const parts = m[0]
      .toLowerCase()
      .replace(/'s$/, '')
      .split('-')
      .filter(
        (w) => w.length >= 3 && !STOP_WORDS.has(w) && w !== owner && !before.has(termOf(w)) && !hasTerm(near, stem(w)),
      );
    if (parts.length === 0) continue;
    written ??= {
      words: new Set(nearest.flatMap((e) => tokens(`${e.title}\n${e.text}`).flatMap((t) => [t, stem(t)]))),
      raw: new Set(nearest.flatMap((e) => `${e.title}\n${e.text}`.toLowerCase().match(/\p{L}+/gu) ?? [])),
    };
    const { words, raw } = written;
    const unknown = parts.filter((w) => !variantOf(w, words) && !nearlyWritten(w, raw));
    if (unknown.length > 0) groups.set(m[0], unknown);
  }
  return absentGroups(groups, needed, src);
}

/** A word of a follow-up: letters, an apostrophe inside ("don't"), hyphens joining words ("password-protect"). */
const OWN_WORD = /(?<![\p{L}\p{N}_.-])\p{L}[\p{L}']*\p{L}(?:-\p{L}[\p{L}']*\p{L})*(?![\p{L}\p{N}_-])/gu;

/**
 * Whether a word reads as a typo of one the best chunks write: one letter off, for words of five letters or more
 * ("serer", "confg"; a shorter word is one letter off many others: "rust" and "must"), or two neighbouring letters
 * swapped ("teh").
 */
function nearlyWritten(word: string, raw: ReadonlySet<string>): boolean {
  for (const r of raw) {
    if (Math.abs(r.length - word.length) > 1) continue;
    if (word.length >= 5 && editDistance(word, r, 1) <= 1) return true;
    if (swappedLetters(word, r)) return true;
  }
  return false;
}
