import { STOP_WORDS } from './stopwords.ts';

/** A sentence as a [start, end) span of the text it came from, whitespace trimmed. */
export type Span = { start: number; end: number };

/** A blank line (spaces or tabs may stand on it): where a paragraph ends, for the chunker and the composer alike. */
export const PARAGRAPH_BREAK = /\n[ \t]*\n/;

// Chinese/Japanese sentence ends need no space after them.
const CJK_END = new Set(['。', '！', '？', '；']);
// Closing quotes and brackets that belong to the sentence they follow: `"Stop." Then`, `(see below.) Next`.
const CLOSERS = new Set(['"', "'", '”', '’', '」', '』', '）', ')', ']']);
const SPACE = /\s/;

/** Abbreviations that never end a sentence: what follows is always more of it. */
// "eg." and "ie." are e.g. and i.e. as many manuals write them ("much slower (eg. 20 to 30 times) than normal").
const NEVER_END = new Set('e.g E.g eg Eg i.e I.e ie Ie vs cf Cf viz aka a.k.a resp Dr Mr Mrs Ms Prof Mt'.split(' '));
/** Abbreviations that end a sentence unless a lowercase word follows ("… and so on, etc. The next …"). */
const MAYBE_END = new Set(['etc', 'al', 'Inc', 'Ltd', 'Co', 'Corp', 'Jr', 'Sr', 'St', 'approx', 'incl']);
/** Abbreviations that do not end a sentence when a number follows ("Fig. 3", "No. 5", "pp. 10–12"). */
const BEFORE_NUMBER = new Set([
  'No',
  'Nos',
  'Fig',
  'Figs',
  'Eq',
  'Eqs',
  'Sec',
  'Secs',
  'Vol',
  'Ch',
  'Ref',
  'p',
  'pp',
  'nr',
  'Nr',
]);
/** Single letters with full stops: abbreviations and initials ("e.g", "U.S", "D.P"; the last full stop left off). */
export const LETTERS_WITH_STOPS = /^(?:\p{L}\.)+\p{L}$/u;
/** A list or section marker on its own ("1. Install", "20.10. Automatic Vacuuming", "b. Then"): not a sentence. */
const LIST_MARKER = /^(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxlc]{1,6}|[IVXLC]{1,6})$/;

/**
 * Sentences of English and Chinese text as spans. A full stop ends a sentence only where a reader would end it: not
 * inside code, paths, URLs, versions or numbers (`fs.readFile()`, `/etc/x.conf`, `v18.2.0`, `9.6`: no space after
 * the dot), not after abbreviations (`e.g.`, `i.e.`, `vs.`, `Dr.`; `etc.` only before a capital), initials or list
 * markers, and an ellipsis only before a capital. `!` and `?` end a sentence after a word and before a space and a
 * word that is not lower case (`+, ? and |` is one sentence); 。！？； always do; so
 * does a blank line, the end of a term line over an indented definition (man and info pages: an option's name
 * above its description), a sentence's first line of option names alone (`endsOptionTerm`: the same term line where
 * nothing is indented), and each row of an option table (`endsBeforeRow`).
 */
export function splitSentences(text: string, offset = 0): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && SPACE.test(text[s]!)) s++;
    while (e > s && SPACE.test(text[e - 1]!)) e--;
    if (e > s) spans.push({ start: s + offset, end: e + offset });
    start = end;
  };
  const closed = (from: number) => {
    let j = from;
    while (j < text.length && CLOSERS.has(text[j]!)) j++;
    return j;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (CJK_END.has(ch)) {
      const j = closed(i + 1);
      push(j);
      i = j - 1;
    } else if (ch === '!' || ch === '?') {
      const j = closed(i + 1);
      // `a != b`, `?q=1`, "Really?!": only a space (or the end) after it ends a sentence.
      if (j < text.length && !SPACE.test(text[j]!)) continue;
      // One standing alone is a symbol (`+, ? and |`, `‘?’`), and a lower-case word after one goes on with the
      // sentence.
      if (i === 0 || SPACE.test(text[i - 1]!) || opensToken(text, i) || isLower(nextVisible(text, j))) continue;
      push(j);
      i = j - 1;
    } else if (ch === '.' || ch === '…') {
      let k = i;
      while (k + 1 < text.length && (text[k + 1] === '.' || text[k + 1] === '…')) k++;
      const j = closed(k + 1);
      const dot = i;
      i = k;
      // Code, paths, URLs, versions and numbers have no space after their dots.
      if (j < text.length && !SPACE.test(text[j]!)) continue;
      const next = nextVisible(text, j);
      if (k > dot || ch === '…') {
        if (isLower(next)) continue;
        // A quoted dot (`'.'`) is not a sentence end.
      } else if (opensToken(text, dot) || !endsAtDot(text, start, dot, next)) continue;
      push(j);
      i = j - 1;
    } else if (
      ch === '\n' &&
      (text[i + 1] === '\n' || endsTermLine(text, i) || endsOptionTerm(text, start, i) || endsBeforeRow(text, start, i))
    ) {
      push(i);
    }
  }
  push(text.length);
  return spans;
}

/** Whether the full stop at `dot` ends the sentence begun at `start`, given the next visible character. */
function endsAtDot(text: string, start: number, dot: number, next: string): boolean {
  // Only the sentence's last word matters, or the whole sentence when it is short enough to be a list marker.
  // Spaces before the sentence are skipped up to a bound: scanned again at every full stop, a long run of them had
  // made splitting quadratic.
  let from = start;
  const limit = Math.min(dot, start + 64);
  while (from < limit && SPACE.test(text[from]!)) from++;
  const tail = text.slice(Math.max(from, dot - 24), dot);
  if (dot - from <= 24 && LIST_MARKER.test(tail.trim())) return false;
  const word = /[^\s([{"'“‘]*$/.exec(tail)?.[0] ?? '';
  if (NEVER_END.has(word)) return false;
  if (MAYBE_END.has(word)) return !isLower(next);
  if (BEFORE_NUMBER.has(word) && /\d/.test(next)) return false;
  // Letters with full stops ("U.S.", "p.m.") end a sentence only before a word that is not lower case, and capital
  // ones (initials: "D.P. Varma", "J.R.R. Tolkien"; "U.S. Army") only before a word that opens sentences ("The").
  if (LETTERS_WITH_STOPS.test(word)) {
    if (isLower(next)) return false;
    const after = /^[\s"'“‘(]*(\p{L}+)/u.exec(text.slice(dot + 1, dot + 48))?.[1];
    if (/^(?:\p{Lu}\.)+\p{Lu}$/u.test(word) && after && /^\p{Lu}/u.test(after) && !STOP_WORDS.has(after.toLowerCase()))
      return false;
  }
  // An initial before a name, "J. Smith", or a genus before its species, "E. coli", "H. pylori".
  if (/^[A-Z]$/.test(word) && /\p{L}/u.test(next)) return false;
  return true;
}

/** Lines that name what the indented lines below them describe: options, quoted terms, man page headings. */
const TERM_LINE = /^(?:--?[^\s-]|[‘'"“`]\S|[A-Z][A-Z0-9 ,&/()-]{2,}$)/;
const TERM_START = new Set(['-', '‘', "'", '"', '“', '`', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']);

/**
 * The line ending at `nl` is a term over a definition (man and info pages) when it looks like one, the next line is
 * indented deeper, and it ends like a name rather than like unfinished code (`{`, `(`, `,`, `:`, `=`, `\\`).
 */
function endsTermLine(text: string, nl: number): boolean {
  const lineStart = text.lastIndexOf('\n', nl - 1) + 1;
  let first = lineStart;
  while (first < nl && (text[first] === ' ' || text[first] === '\t')) first++;
  if (first === nl || !TERM_START.has(text[first]!)) return false;
  const line = text.slice(lineStart, nl);
  const term = line.trim();
  if (term.length > 80 || !TERM_LINE.test(term) || !/[\p{L}\p{N}'’"”)\]>]$/u.test(term)) return false;
  // A row of an option table says what its option does; the deeper lines under it go on with that.
  if (isOptionRow(line)) return false;
  const indent = line.length - line.trimStart().length;
  let j = nl + 1;
  while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
  return j - (nl + 1) > indent && j < text.length && text[j] !== '\n';
}

/**
 * An option's name with its argument, after "=" or a space ("--unset=NAME", "--retry <num>", "-o FILE") or bracketed
 * ("--color[=WHEN]"). The argument needs its separator: with it optional, a name could be cut anywhere into name and
 * argument, and a line of many aliases ("-DNDEBUG,-DHAVE_CONFIG,…") took seconds to fail.
 */
const OPTION_NAME = String.raw`--?[A-Za-z0-9](?:[\w.+-]*[\w+])?(?:[= ](?:<[^<>\s]+>|\[[^[\]\s]+\]|[\p{L}\p{N}_]+)|\[=[^[\]\s]+\])?`;
/** A line of option names alone: "-i, --ignore-environment", "-u, --unset=名称", "--retry <num>". */
const OPTION_TERMS = new RegExp(`^${OPTION_NAME}(?:,[ \t]*${OPTION_NAME})*$`, 'u');

/**
 * The newline at `nl` ends a sentence's first line when that line is option names alone, with no indentation to tell
 * it from what follows: a term line over its description, as man pages read from their roff source are laid out
 * ("-i, --ignore-environment" over "不带环境变量启动", a description with no full stop that had been read as one label
 * with its term). The line is read first; only then whether anything but spaces stands before it in the sentence
 * (read back at most `LEAD_CHARS`: a longer run of blank lines before it is no term line's layout).
 */
function endsOptionTerm(text: string, start: number, nl: number): boolean {
  const next = text[nl + 1];
  if (next === undefined || next === '-') return false;
  const lineStart = text.lastIndexOf('\n', nl - 1) + 1;
  if (nl - lineStart > TERM_LINE_CHARS) return false;
  const line = text.slice(lineStart, nl).trim();
  if (!line.startsWith('-') || !OPTION_TERMS.test(line)) return false;
  if (lineStart - start > LEAD_CHARS) return false;
  for (let k = lineStart - 1; k >= start; k--) if (!SPACE.test(text[k]!)) return false;
  return true;
}
/** Longer than this, a line is no line of option names. */
const TERM_LINE_CHARS = 80;
/** Spaces and blank lines read back before a line of option names for the sentence's start. */
const LEAD_CHARS = 200;

/**
 * A row of an option table, as `--help` prints one: the option (ending in a letter, digit or bracket, not in prose's
 * `'` or `.`) and its aliases after a comma or a space, its argument, two spaces or more, what it does ("-k, --keep
 * keep (don't delete) input files", "-h --help   usage information"). Read on a line's first `ROW_CHARS` characters
 * only.
 */
const OPTION_ROW =
  /^[ \t]*(--?[A-Za-z0-9?](?:[^\s,=]*[A-Za-z0-9\]>}])?(?:=[^\s,]*)?(?:(?:,[ \t]*| )--?[A-Za-z0-9](?:[^\s,=]*[A-Za-z0-9\]>}])?(?:=[^\s,]*)?)*(?: [A-Z<[{][^\s,]*)?)[ \t]{2,}(?=\S)/;
const ROW_CHARS = 200;
/** The option of the row of an option table a line (or a sentence, from its start) opens with ("-k, --keep"). */
export const optionOfRow = (line: string): string | undefined => OPTION_ROW.exec(line.slice(0, ROW_CHARS))?.[1];
const isOptionRow = (line: string): boolean => optionOfRow(line) !== undefined;

/**
 * Whether the newline at `nl` ends the sentence begun at `start` because the next line is a row of an option table
 * and this sentence is one too, or this line ends a lead-in (`:`), a sentence or a usage line (`]`). Each row is then
 * a sentence of its own: without full stops, a table had been one sentence of every option (gzip's usage in its
 * manual). A wrapped line of prose that starts with an option ("… is equivalent to '-a\n-c'.  Long …") goes on.
 */
function endsBeforeRow(text: string, start: number, nl: number): boolean {
  if (!isOptionRow(lineAfter(text, nl))) return false;
  if (isOptionRow(text.slice(start, nl).replace(/^\s+/, ''))) return true;
  const lineStart = text.lastIndexOf('\n', nl - 1) + 1;
  return /[.:\]]\s*$/.test(text.slice(lineStart, nl));
}

/** The line starting after the newline at `nl`. */
function lineAfter(text: string, nl: number): string {
  const end = text.indexOf('\n', nl + 1);
  return text.slice(nl + 1, Math.min(end < 0 ? text.length : end, nl + 1 + ROW_CHARS));
}

/**
 * Whether the character before `i` opens a quotation or brackets (`'.'`, `(.)`). A space before a full stop does not:
 * answers whose citation markers were blanked out read "… in 1932    . It …".
 */
function opensToken(text: string, i: number): boolean {
  const prev = text[i - 1];
  if (prev === undefined) return false;
  if (/[‘“([]/.test(prev)) return true;
  // A straight quote opens when a space (or nothing) is before it.
  return (prev === "'" || prev === '"') && (i < 2 || SPACE.test(text[i - 2]!));
}

function nextVisible(text: string, from: number): string {
  let j = from;
  while (j < text.length && SPACE.test(text[j]!)) j++;
  return text[j] ?? '';
}

const isLower = (c: string): boolean => /\p{Ll}/u.test(c);

/** A sentence's question mark at its end, before closing marks ("… --location?!", "…？」"). */
const ASKS_AT_END = /[?？][!！"'”’)\]]*$/u;

/** Every sentence of a question that ends in a question mark (a question may ask twice: "… Moodle? Or how …?"). */
export const questionSentences = (question: string): string[] =>
  splitSentences(question)
    .map((sp) => question.slice(sp.start, sp.end).trim())
    .filter((t) => ASKS_AT_END.test(t));

/**
 * The sentence of a question that asks: the last one ending in a question mark ("… Why is it slow? Thanks." asks the
 * first; "My disks spin down. Will smartd wake them?" asks the second; "… --location?!" counts), else the last one (a
 * request: "My job runs on Kubernetes. Tell me how many redirects fetcher follows."). The whole text when it is one.
 */
export function askingSentence(question: string): string {
  const spans = splitSentences(question);
  if (spans.length === 0) return question.trim();
  const text = (from: number, to: number) => question.slice(spans[from]!.start, spans[to]!.end).trim();
  let end = spans.findLastIndex((_, i) => ASKS_AT_END.test(text(i, i)));
  if (end < 0) end = spans.length - 1;
  // A title or quotation the splitter cut at its own "!" ("《停止！！ 云雀》在哪个杂志上连载？", "What does \"Stop! Hammer
  // time\" mean?") belongs to the sentence that asks: it starts where its brackets and quotes open.
  // When nothing before it opens what it closes ("My disk is full. 2) How do I …?"), it is the sentence alone.
  let start = end;
  while (start > 0 && !balanced(text(start, end))) start--;
  return balanced(text(start, end)) ? text(start, end) : text(end, end);
}

/**
 * What a question asks with: the sentences that end in a question mark and the one that asks, joined by lines; the
 * whole question when it is all asking. What is said outside them is the asker's setting.
 */
export function askingPart(question: string, ask = askingSentence(question)): string {
  return ask === question.trim() ? question : [...questionSentences(question), ask].join('\n');
}

/** How a question or a request opens: a wh-word, an auxiliary put first, or a verb asking for something. */
const ASKS =
  /^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|am|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had|tell|explain|list|show|give|describe|find|name|summari[sz]e|compare|define|please|help|search|look)\b/i;
/** What makes a Chinese sentence ask (a question particle or word), with or without its question mark. */
const ZH_ASKS = /[吗呢？]|什么|哪|谁|几|多少|怎|如何|为什么|为何|是否/;

/**
 * Whether the input states a claim to check ("Ivermectin is used to treat lymphatic filariasis.") rather than asking
 * a question or making a request: its asking sentence has no question mark, opens with no question or request word,
 * and has four words or more (a few keywords are a search, not a claim). A Chinese sentence without spaces never
 * counts.
 */
export function statesClaim(input: string): boolean {
  const asks = askingSentence(input);
  if (/[?？]/.test(input) || ZH_ASKS.test(asks) || ASKS.test(asks)) return false;
  return asks.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length >= 4;
}

const PAIRS: readonly (readonly [string, string])[] = [
  ['《', '》'],
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
  ['(', ')'],
  ['（', '）'],
  ['[', ']'],
];

/** Whether no bracket or quotation in the text closes without opening in it (straight double quotes pair up). */
function balanced(text: string): boolean {
  for (const [open, close] of PAIRS) {
    let depth = 0;
    for (const c of text) {
      if (c === open) depth++;
      else if (c === close && --depth < 0) return false;
    }
  }
  return (text.match(/"/g)?.length ?? 0) % 2 === 0;
}

/** A sentence pointing back at what the ones before it name ("We moved to OpenSSH 9.8. What changed in it?"). */
export const POINTS_BACK = /\b(?:it|its|this|these|those|they|them)\b/i;
