import { CJK_CHAR } from './cjk.ts';
import { hasTerm, termSet } from './coverage.ts';
import { isEnglishWord, isPrefix, isPrefixedWord } from './lexicon.ts';
import { escapeRegExp } from './regexp.ts';
import { askingSentence, LETTERS_WITH_STOPS, POINTS_BACK } from './sentences.ts';
import { STOP_WORDS } from './stopwords.ts';
import { UNITS } from './units.ts';

/**
 * Identifiers as manuals write them, which word tokenisation splits into parts: options (`--ignore-case`, `-L`),
 * snake_case (`max_connections`, `ERR_REQUIRE_ESM`), dotted and namespaced names (`pg_hba.conf`, `fs.readFile`,
 * `process.exit()`), and version numbers (`7.82.0`, `v18.2`; not decimals or section numbers such as `12.3`), also
 * after a name and a hyphen as release notes head them (`tig-2.5.2` holds 2.5.2, which "Since tig 2.5.2, …" asks for).
 * Lower-cased, call parentheses and trailing punctuation dropped.
 */
const IDENT =
  /(?<![\p{L}\p{N}_-])(?:--?[A-Za-z][\w-]*|\p{L}[\p{L}\p{N}]*(?:[._:][\p{L}\p{N}]+)+|[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+|v\d+(?:\.\d+){1,3}|\d+(?:\.\d+){2,3})|(?<=\p{L}-)\d+(?:\.\d+){2,3}/gu;
/**
 * An option written with its negation in brackets (`--[no-]verify`, `-[no]changecur`, `-{no}web-ssl-validate`,
 * `--(no)keepuneeded`): it stands for both options, and a question names one of them (`--no-verify`, `--verify`).
 */
const NEGATABLE = /(?<![\p{L}\p{N}_-])(--?)[[{(]no(-?)[\]})]([A-Za-z][\w-]*)/gu;
/** Dotted abbreviations that are words, not names (letters with full stops, "e.g", "U.S", "D.P", are none either). */
const NOT_IDENT = new Set(['et.al', 'vs']);

/**
 * The identifiers of a text, in order. Every identifier holds one of `-._:` and none holds a space, so the pattern
 * runs only on the space-separated tokens that hold one of them: the same matches (a token's start is a start for
 * the look-behind, as the space before it is), ~2.5× faster on prose, where most words hold none (ingestion fills the
 * identifier column of every chunk with this).
 */
export function identifiers(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let marked = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 0xa0 || c === 0x3000) {
      if (marked) {
        const token = text.slice(start, i);
        for (const m of token.matchAll(IDENT)) keep(out, m[0]);
        if (token.includes('no')) for (const m of token.matchAll(NEGATABLE)) negatable(out, m);
      }
      start = i + 1;
      marked = false;
    } else if (c === 45 || c === 46 || c === 95 || c === 58) marked = true; // - . _ :
  }
  return out;
}

function negatable(out: string[], [, dashes, hyphen, name]: RegExpMatchArray): void {
  keep(out, `${dashes}${name}`);
  keep(out, `${dashes}no${hyphen}${name}`);
}

function keep(out: string[], match: string): void {
  // Trailing punctuation off by scanning back (a pattern anchored at the end retried every start in a long run).
  let end = match.length;
  while (end > 0 && '.:_-'.includes(match[end - 1]!)) end--;
  const id = match.slice(0, end).toLowerCase();
  if (id.length < 2 || NOT_IDENT.has(id) || LETTERS_WITH_STOPS.test(id) || id === '-' || id === '--') return;
  // "-signed" of "self-signed" never matches (a letter precedes it); a lone dash word like "-1" is a number.
  if (/^-+\d/.test(id)) return;
  out.push(id);
}

/** Space-separated identifiers of a text: the identifier full-text column (whitespace-tokenised, not stemmed). */
export const identifierText = (text: string): string => [...new Set(identifiers(text))].join(' ');

export type FocusTerm = {
  term: string;
  /**
   * identifier: matched whole in the identifier column; name: a word that is not ordinary English, or an acronym;
   * compound: a hyphenated name (`ssh-audit`, `7-Zip`), present where a chunk writes its parts side by side; word: an
   * ordinary English word capitalised inside a sentence, as a name is ("convert from Mercurial"), which only a source
   * that never uses the word says anything about; release: a program's release (`tmux 3.4`, from `releaseTerms`),
   * present where a chunk about the program holds the version.
   */
  kind: 'identifier' | 'name' | 'compound' | 'word' | 'release';
  /**
   * The term as the question writes it when it writes it as a name, with a capital inside a sentence ("Postfix",
   * "ECH", "Go"): a source holds that name only where it writes the word so too (`writesAsName`), not where "postfix",
   * "unbound" or "go" is a word of its own.
   */
  written?: string;
};

/** A particle made a noun, written in lower case ("add-ons", "check-ins", "the ins and outs"): ordinary English. */
const PARTICLE_NOUNS = new Set(['ons', 'ins', 'outs', 'offs', 'ups', 'downs', 'overs', 'backs', 'aways', 'bys']);
const particles = (raw: string): boolean => PARTICLE_NOUNS.has(raw);

/**
 * What a question is about, as opposed to the words it asks with: its identifiers, acronyms, and words that are not
 * ordinary English (tool, product and project names such as "rsync", "jq", "PostgreSQL"). A knowledge base that
 * never mentions one of them cannot answer the question. Plain English words (with an English prefix too:
 * "subfolder") are no names: paraphrases ("chase a redirect") must not read as missing topics. One capitalised inside
 * a sentence ("Mercurial", "Raspberry") is used as a name, and is a focus term of the kind `word`: only a source that
 * never uses it tells anything (a question in title case capitalises everything, and has none).
 */
export function focusTerms(question: string): FocusTerm[] {
  const out = new Map<string, FocusTerm>();
  const ids = identifiers(question);
  for (const id of ids) out.set(id, { term: id, kind: 'identifier' });
  const inIdent = new Set(ids.flatMap((id) => id.split(/[^\p{L}\p{N}]+/u)));
  // A question in title case ("Do Cholesterol Statin Drugs Cause Breast Cancer?") capitalises what it does not name.
  const titled = titleCased(question);
  const hyphenated = hyphenatedWords(question);
  for (const m of question.matchAll(/[\p{L}][\p{L}\p{N}]*(?:!(?=\p{L})[\p{L}\p{N}]+)*/gu)) {
    // A name written with a bang inside ("FRITZ!Box", "Yahoo!Mail") is one name, as sources run it together
    // ("FritzBox", "fritzbox"): "Box" is no word of its own.
    const raw = m[0].replaceAll('!', '');
    const w = raw.toLowerCase();
    if (
      hyphenated.some(([from, to]) => m.index >= from && m.index < to) ||
      CJK_CHAR.test(raw) ||
      w.length < 2 ||
      STOP_WORDS.has(w) ||
      particles(raw) ||
      inIdent.has(w) ||
      PLACEHOLDERS.has(w)
    )
      continue;
    // The letters after a number's digits are the number's ("0x4005d4", "3rd", "2FA"), not a name of their own.
    if (m.index > 0 && /\p{N}/u.test(question[m.index - 1]!)) continue;
    // Nor is a unit after a number ("16 KB/s", "500 ms"): it says what the number measures.
    if (UNITS.has(w) && /\p{N}\s$/u.test(question.slice(Math.max(0, m.index - 2), m.index))) continue;
    // A capitalised word inside a sentence is a name, not a typo ("Docker" is not "docket"); a misspelt name
    // ("Brittish") is still found in the best chunks as a spelling variant (`checkFocus`).
    const named = raw !== w && !startsSentence(question, m.index);
    // A title-cased question capitalises what it does not name; a Chinese one writes Latin names as its source does.
    const written = named && !titled && !CJK_CHAR.test(question) ? { written: raw } : {};
    if (!isEnglishWord(w) && (named || !isMisspelling(w)) && !(raw === w && isPrefixedWord(w)))
      out.set(w, { term: w, kind: 'name', ...written });
    else if (
      named &&
      !titled &&
      raw !== raw.toUpperCase() &&
      !opensPhrase(question, m.index) &&
      !CJK_CHAR.test(question)
    )
      out.set(w, { term: w, kind: 'word', ...written });
  }
  // In a Chinese question too ("debian/rules 裡要怎麼搭配 dh-golang？"): one glued to Chinese characters
  // ("俄罗斯AK-130舰炮"), which the English full-text column reads as one token with them, is none (`HYPHENATED`).
  for (const c of compoundNames(question)) out.set(c, { term: c, kind: 'compound' });
  return [...out.values()];
}

/**
 * A name in Latin letters, then a version of two numbers ("tmux 3.4", "Autoconf 2.72", "util-linux 2.38"; not
 * "3.4.1" nor "v2.0", which are identifiers, nor a point release's start: "3.4.1" is no "3.4").
 */
const RELEASE = /(?<![\p{L}\p{N}_.'’-])([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)[ -](\d+\.\d+)(?!\d|\.\d)/gu;
/**
 * An asking sentence about what a release itself brought: "Which new features does tmux 3.4 add …?", "What changed in
 * restic 0.16 …?", "Which macros were made obsolete in Autoconf 2.72?", "Since Subversion 1.10, which option …?". One
 * that only says which version the asker runs ("How do I set the status line's style in tmux 3.4?") is answered by
 * a manual that never gives its version. A Chinese question asks so with its own words ("GIMP 2.10 相比 2.8 都新增了哪些
 * 功能？": 新增, 新功能, 变化, 区别 …; `zh-manuals-2`'s none-08 refused since, nothing else moved on the dev sets).
 */
const ASKS_RELEASE =
  /\b(?:new|add(?:s|ed)?|chang(?:e|es|ed)|remov(?:e|es|ed)|drop(?:s|ped)?|introduc(?:e|es|ed)|fix(?:es|ed)?|since|obsolete|deprecated|features?|release notes?|differ(?:s|ent|ence)?)\b|新增|新功能|新特性|变化|变更|改动|修复|移除|废弃|引入|区别|以来/i;
/** An opening clause saying on what system the question is asked ("On Ubuntu 22.04, …"): where, not which release. */
const WHERE_ASKED = /^\s*(?:on|under|with|using)\s+[^,?]{1,40},\s*/i;

/**
 * The releases a question asks about ("Which new features does tmux 3.4 add for popup windows?"): in a sentence that
 * asks what a release brought, a version right after one of its focus names, or after a word no dictionary has (a
 * version makes a name of "restic", which reads as a misspelling of "rustic" alone; an ordinary word before one,
 * "answered 280.37", names no release), as `name version`. A source whose chunks about the program never give that
 * version has nothing on that release, however much it has on the program: the question asks about what came after
 * (or before) the documentation it holds. Only the first of two versions said together counts ("between tmux 3.3 and
 * 3.4": 3.4 follows no name).
 */
export function releaseTerms(question: string, focus: readonly FocusTerm[] = focusTerms(question)): FocusTerm[] {
  const asks = askingSentence(question).replace(WHERE_ASKED, '');
  if (!ASKS_RELEASE.test(asks)) return [];
  const names = new Set(focus.filter((f) => f.kind !== 'identifier').map((f) => f.term));
  const out = new Map<string, FocusTerm>();
  for (const m of (POINTS_BACK.test(asks) ? question : asks).matchAll(RELEASE)) {
    const name = m[1]!.toLowerCase();
    if (!names.has(name) && (STOP_WORDS.has(name) || isEnglishWord(name) || name.length < 2)) continue;
    const term = `${name} ${m[2]}`;
    out.set(term, { term, kind: 'release' });
  }
  return [...out.values()];
}

/** Whether a chunk's text (or its path: a program's folder) names the release `name version` (`releaseTerms`). */
export function namesRelease(term: string, text: string, path: string): boolean {
  const at = term.lastIndexOf(' ');
  const [name, version] = [term.slice(0, at), term.slice(at + 1)];
  // The version or a point release of it ("3.4.1", "3.4a"), not another number holding it ("13.4", "3.45").
  if (!new RegExp(`(?<![\\d.])${escapeRegExp(version)}(?!\\d)`).test(text)) return false;
  const named = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?!\\p{L})`, 'iu');
  return named.test(text) || named.test(path);
}

/**
 * Metasyntactic names, which stand for whatever the asker's own is ("my ${line//foo/bar&baz} expansion"): no manual
 * need hold them. (Those that are English words, "bar" and "fred", are no focus terms anyway.)
 */
const PLACEHOLDERS = new Set([
  'foo',
  'baz',
  'qux',
  'quux',
  'foobar',
  'corge',
  'grault',
  'garply',
  'waldo',
  'plugh',
  'xyzzy',
]);

/**
 * Whether most of a text's longer words are capitalised, as in a title ("Healthiest Airplane Beverage"), leaving out
 * those that start a sentence; one such word alone tells nothing ("What is Mercurial?").
 */
function titleCased(text: string): boolean {
  const words = [...text.matchAll(/\p{L}{4,}/gu)].filter((m) => !startsSentence(text, m.index)).map((m) => m[0]);
  return words.length >= 2 && words.filter((w) => /^\p{Lu}/u.test(w)).length * 2 > words.length;
}

/**
 * Whether a word opens a phrase whose capital says nothing about it: after a colon, or first inside quotes or
 * brackets (a message or a label quoted: 'the error: Cannot allocate memory', '"Save As"').
 */
const opensPhrase = (text: string, index: number): boolean => /(?:[:;]\s*|["'“‘([«]\s*)$/u.test(text.slice(0, index));

/**
 * Whether a text writes a word as a name: with a capital after its first letter anywhere ("PostgreSQL"; "TZ" opening a
 * sentence), or capitalised inside a sentence ("… through Postfix"). "postfix notation" and "Unbound variables." do
 * not.
 */
export function writesAsName(text: string, term: string): boolean {
  // In the singular or the plural, as the full-text search found it ("URLs" is written "URL").
  const base = escapeRegExp(term.length > 3 ? term.replace(/s$/, '') : term);
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${base}(?:e?s)?(?![\\p{L}\\p{N}])`, 'giu'))) {
    if (/\p{Lu}/u.test(m[0].slice(1))) return true;
    if (/^\p{Lu}/u.test(m[0]) && !startsSentence(text, m.index)) return true;
  }
  return false;
}

/** Whether a word at this index starts a sentence: a capital there says nothing about it. */
const startsSentence = (text: string, index: number): boolean => /(?:^|[.!?]\s+)$/.test(text.slice(0, index));

/** A compound's last part that makes it an adjective ("gzip-encoded", "printf-style", "IPv4-only"), not a name. */
const ADJECTIVE_END =
  /(?:ed|ing)$|^(?:style|like|based|only|free|aware|safe|specific|wide|compatible|compliant|conformant|native|friendly|level|bits?|bytes?|side|sized?|proof|ready|capable|intensive|bound|heavy|agnostic|dependent|independent|positive|negative|resistant|sensitive|insensitive|deficient|rich|type)$/;

/** A run of letters and digits joined by hyphens, whole ("x86-64", "Wi-Fi"; not inside "pg_dump-ng" or "a.b-c"). */
const HYPHENATED = /(?<![\p{L}\p{N}_.-])[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)+(?![\p{L}\p{N}_-])/gu;

/**
 * A protocol or format with its version after a slash ("HTTP/2", "HTTP/1.1", "SMB/3"): one name, as a hyphenated one
 * is. Its parts say nothing alone: a manual that speaks HTTP writes "HTTP" and "2" everywhere, never "HTTP/2" or
 * "HTTP2" when it has nothing on that version. The name is two letters or more and ends in one, the version has one or
 * two digits before any point: not "TCP/IP", "ext3/4" or "IPv4/6" (two versions), "x/2" or a shell's
 * "$((COLUMNS/2))" (arithmetic), "Jan/2024" or "AES/256"; `compoundNames` keeps those whose name is an acronym or no
 * English word ("size/2" is neither), and no English word of five letters or more in capitals ("COLUMNS/2").
 */
const SLASH_VERSION =
  /(?<![\p{L}\p{N}_./${`-])(?<!\$\(\(?)([A-Za-z][A-Za-z0-9]*[A-Za-z])\/(\d{1,2}(?:\.\d+)?)(?![\p{L}\p{N}_/`-]|\.\d)/gu;

/**
 * The hyphenated names of a question ("How do I run ssh-audit …?", "7-Zip's -v option"), lower-cased: a compound one
 * of whose parts is a name — capitalised inside the sentence, or a short word (or one with digits) that is neither
 * ordinary English nor a number — and whose last part does not make it an adjective. Compounds of ordinary words ("group-writable",
 * "read-next-line", "3000-entry") are how the question puts things, and a source may well put them otherwise; a
 * tool's name is written the same way everywhere. A protocol's version after a slash is one too (`SLASH_VERSION`).
 */
export function compoundNames(question: string): string[] {
  const out = new Set<string>();
  for (const m of question.matchAll(HYPHENATED)) {
    const parts = m[0].split('-');
    if (isHyphenatedWord(parts)) continue;
    // A letter alone names a variant, a chemical or a kind ("T-cell", "N-oxide", "L-carnitine", "e-mail", "x-ray"); an
    // English prefix makes a word of a name ("pre-miRNA", "non-Docker", "kerberos-pre-auth"), whose name is a focus
    // term of its own; but "over", "under" or "per" inside a name are prepositions ("DNS-over-HTTPS", which no dnsmasq
    // question had found missing).
    if (
      ADJECTIVE_END.test(parts.at(-1)!.toLowerCase()) ||
      parts.some(
        (p, i) =>
          /^[a-zA-Z]$/.test(p) || (isPrefix(p.toLowerCase()) && !(i > 0 && INNER_PREPOSITIONS.has(p.toLowerCase()))),
      )
    )
      continue;
    const atStart = startsSentence(question, m.index);
    const named = parts.some((p, i) => {
      const w = p.toLowerCase();
      if (!/[a-z]/.test(w)) return false;
      if (p !== w && (i > 0 || !atStart)) return true;
      // A long word the list lacks is as often a field's vocabulary ("activator-inhibitor", "interleukin") as a name;
      // tools written in lower case have short names or digits in them (`ssh`, `gpg`, `x86`).
      if (w.length > 5 && !/\d/.test(w)) return false;
      return w.length >= 2 && !STOP_WORDS.has(w) && !particles(p) && !isEnglishWord(w) && !isPrefixedWord(w);
    });
    if (named) out.add(m[0].toLowerCase());
  }
  for (const m of question.matchAll(SLASH_VERSION)) {
    const name = m[1]!;
    const english = isEnglishWord(name.toLowerCase());
    if (!english || (name === name.toUpperCase() && name.length < 5)) out.add(m[0].toLowerCase());
  }
  return [...out];
}

/** A compound's parts: split at its hyphens, or at the slash before a version (`SLASH_VERSION`). */
export const compoundParts = (compound: string): string[] => compound.split(/[-/]/).filter(Boolean);

/** Prefix words that inside a hyphenated name join its parts as prepositions ("DNS-over-HTTPS", "IP-over-Ethernet"). */
const INNER_PREPOSITIONS: ReadonlySet<string> = new Set(['over', 'under', 'per']);

/**
 * An English word written with hyphens ("Wi-Fi" for wifi, "E-Mail", "anti-virus"): a word, not a name. Capitalised
 * parts of three letters or more name a product as often ("Pass-Port", "Side-Kick"), so only a part of one or two
 * letters, or a compound in lower case, makes the word.
 */
const isHyphenatedWord = (parts: readonly string[]): boolean =>
  parts.every((p) => /^[a-zA-Z]+$/.test(p)) &&
  (parts.some((p) => p.length <= 2) || parts.every((p) => p === p.toLowerCase())) &&
  isEnglishWord(parts.join('').toLowerCase());

/** Where the question writes English words with hyphens ("on hotel Wi-Fi"): neither they nor their parts name. */
function hyphenatedWords(question: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of question.matchAll(HYPHENATED))
    if (isHyphenatedWord(m[0].split('-'))) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** A letter, digit or underscore that could go on a Latin name: not a Chinese, Japanese or Korean character. */
const NAME_CHAR = `(?:(?!${CJK_CHAR.source})[\\p{L}\\p{N}_])`;

/**
 * Where a text writes a compound name: its parts side by side, joined by a hyphen (typographic ones too), underscore,
 * dot or space or run together ("x86-64", "x86_64"; "7-Zip", "7zip"), singular or plural, in any case, and whole: not
 * inside a longer hyphenated name ("gpg-agent" is not written by "gpg-agent-wrapper"). A protocol's version is joined
 * by a slash too, or a space on the same line ("HTTP/2", "HTTP 2"; not a list's "HTTP\n2. Restart …").
 */
export function compoundPattern(compound: string): RegExp {
  const parts = compoundParts(compound);
  if (parts.length === 0) return /(?!)/;
  // Singular or plural either way: "ssh-keys" is written "ssh key" too.
  const last = parts.length - 1;
  if (/[^s]s$/.test(parts[last]!) && parts[last]!.length >= 4) parts[last] = parts[last]!.slice(0, -1);
  const join = compound.includes('/') ? '[-_./ \\t\u2010-\u2013]?' : '[-_.\\s\u2010-\u2013]?';
  const body = parts.map(escapeRegExp).join(join);
  // Chinese text runs a Latin name into its characters ("使用dh-golang來建置"): those are no letters of the name's.
  return new RegExp(`(?<!${NAME_CHAR}|[\\p{L}\\p{N}]-)${body}(?:e?s)?(?!${NAME_CHAR}|-[\\p{L}\\p{N}])`, 'iu');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const MAX_WORD = 30;

/**
 * A word of six letters or more one edit (a letter dropped, added, changed or two swapped) from an English word is a
 * typo ("casues", "florescent", "Brittish"), not a name: a question with a typo is still about its topic.
 */
export function isMisspelling(word: string): boolean {
  const w = word.toLowerCase();
  // No English word is this long; the edits of a longer word would only cost (a 2,000-letter word took 1.6 s).
  if (w.length < 6 || w.length > MAX_WORD || !/^[a-z]+$/.test(w)) return false;
  const edits = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const a = w.slice(0, i);
    const b = w.slice(i);
    if (b) edits.add(a + b.slice(1));
    if (b.length > 1) edits.add(a + b[1] + b[0] + b.slice(2));
    for (const c of LETTERS) {
      if (b) edits.add(a + c + b.slice(1));
      edits.add(a + c + b);
    }
  }
  edits.delete(w);
  for (const e of edits) if (isEnglishWord(e)) return true;
  return false;
}

/**
 * Acronyms a question defines ("Encrypted Client Hello (ECH)", "Commelina yellow mottle virus (ComYMV)"): the
 * acronym, lower-cased, and the words before it, one per capital letter of the acronym (at least two).
 */
export function definedAcronyms(question: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of question.matchAll(/((?:[\p{L}\p{N}'’-]+\s+){1,8})\(([\p{L}][\p{L}\p{N}-]{1,11})\)/gu)) {
    const acronym = m[2]!;
    const capitals = Math.min(6, Math.max(2, (acronym.match(/\p{Lu}/gu) ?? []).length));
    const words = m[1]!.trim().split(/\s+/);
    if (words.length >= capitals) out.set(acronym.toLowerCase(), words.slice(-capitals).join(' '));
  }
  return out;
}

/**
 * Whether a text mentions a focus term as a word or identifier of its own, not inside another word ("vpn" is not in
 * "OpenVPN"): an identifier-shaped term among the text's identifiers (`--env-file`, `fsfs.conf`), a one-word term
 * among its terms (stemmed, as grading reads them; a long word also by its prefix, as `hasTerm` matches), any other
 * (several words, a Chinese name) as written.
 */
export function mentionsTerm(text: string, term: string): boolean {
  if (/[-_.:/+]/.test(term)) return identifiers(text).includes(term);
  const own = [...termSet(term)];
  return own.length === 1 ? hasTerm(termSet(text), own[0]!) : text.toLowerCase().includes(term.toLowerCase());
}
