import {
  cjkCount,
  coverage,
  escapeRegExp,
  holdsAnswerType,
  holdsPath,
  isBookIndexChunk,
  isEntityTitle,
  isLegalChunk,
  isLegalSentence,
  isSourceLine,
  nameOf,
  optionOfRow,
  PARAGRAPH_BREAK,
  questionTerms,
  type Span,
  splitSentences,
  termSet,
  terms,
} from '../../../text/index.ts';
import type { Evidence } from '../../types.ts';
import { bare, namesAsked, type Question, readQuestion, saysFirst } from './question.ts';

const MAX_SENTENCES = 3;
/**
 * Weights of a sentence's score, chosen on the dev halves (HotpotQA and CMRC answer containment, manuals grounded
 * answers): a typed answer at 0.3, or a second sentence from the lead's chunk, lost HotpotQA containment; the chunk's
 * relevance at 0.4 lost manuals answers.
 */
const CW = { cov: 0.5, chunk: 0.25, focus: 0.15, typed: 0.2 };
const MAX_CHUNKS = 5;
/** Chunks whose best sentence is heard beside the answer's (the best five and the next three). */
export const HEARD_CHUNKS = 8;
/** An option-type question's typed weight for a sentence that names an option outside an option entry. */
const MENTION = 0.6;
/** Answer types a bridge document's sentence can hold (a place, a name, a date or a number the first hop leads to). */
const BRIDGED: ReadonlySet<string> = new Set(['place', 'name', 'date', 'number']);
/** A further sentence must score this share of the lead's. */
const KEEP = 0.6;
/** How many sentences after the lead are read for one saying what to do (`RESOLVES`). */
const RESOLVE_WINDOW = 3;

type Candidate = {
  n: number;
  rank: number;
  text: string;
  score: number;
  pos: number;
  terms: ReadonlySet<string>;
  /**
   * What the sentence is said with, when that is what answers the question: a FAQ's "No." before it, or the term
   * line of the entry it describes ("-z, --gzip"), quoted with it ("-z, --gzip Filter …" right under it, "-z,
   * --gzip: …" further down).
   */
  entry?: { label: string; text: string };
  /** The sentence right before one that opens by referring back to it ("… use --gen-suppressions=yes." "This …"). */
  before?: { text: string; pos: number };
};

/** Navigation and page furniture that loaders could not tell from text. */
const FURNITURE = /^(?:next|previous|prev|up|home|contents|table of contents|skip to|back to top|edit on|page \d+)\b/i;
const ENDS_LIKE_A_SENTENCE = /[.!。！;；:]["”'’)\]]*$/u;

/**
 * Lines that are not statements: questions (a FAQ's question line), headings and term lines (no closing
 * punctuation, a few words), lead-ins ending with a colon, navigation. They never lead an answer; a term line or
 * lead-in still tells what the sentences under it are about.
 */
const isQuestion = (s: string) => /[?？]$/.test(s);
/**
 * A FAQ's line marks: "Q) Help! …", "A) This behaviour can be changed …", "A1) Yes, indirectly.", "Q: …", "A. …",
 * spelt out ("Question: I'm trying to use ftpasswd …", "Answer: ftpasswd is a Perl script …"; "PROBLEM:" and
 * "SOLUTION:" in AWStats' FAQ, "Solution: override LexerInput() …" in flex's), also alone on their line.
 */
const FAQ_MARK =
  /^[ \t]*(Q|A|Question|Answer|QUESTION|ANSWER|Problem|Solution|PROBLEM|SOLUTION)\d*[ \t]*[).:](?:[ \t]|$)/gm;
/** A FAQ's answer mark before what the answer says. */
const FAQ_ANSWER = /^(?:A|Answer|ANSWER|Solution|SOLUTION)\d*\s*[).:]\s+/;
/**
 * An answer mark that is layout also in a chunk whose question is in the chunk before, where it cannot be an initial:
 * "A)", "A:", "Answer:" or "Solution:" before a capital, or "A." set off by spaces or a line break ("A.   The first run
 * of rkhunter …"; not "A. Einstein", nor "A: is the first floppy drive").
 */
const LAYOUT_ANSWER =
  /^(?:(?:A\d*|Answer|ANSWER|Solution|SOLUTION)[ \t]*[):][ \t]+\p{Lu}|A\d*\.(?:[ \t]{2,}|[ \t]*\n))/u;
/**
 * Where a chunk's FAQ marks are (read once per chunk), and whether each marks a question: "Q)" ("Q:", "Q1.") does; a
 * spelt-out "Question:" or "Problem:" does when an answer's mark follows it in the chunk ("Problem: printing fails."
 * over "Workaround: …" in a page of notes asks nothing).
 */
function faqMarks(text: string): { at: number; asks: boolean }[] {
  const marks = [...text.matchAll(FAQ_MARK)].map((m) => ({ at: m.index, mark: m[1]!, question: /^[QP]/.test(m[1]!) }));
  const lastAnswer = marks.findLastIndex((m) => !m.question);
  return marks.map((m, i) => ({ at: m.at, asks: m.mark === 'Q' || (m.question && i < lastAnswer) }));
}
/**
 * Whether a sentence is part of a FAQ's question: the last mark at or before its start asks ("Q) Help! vsftpd is
 * reporting times as GMT times and not local times!" asks, whatever it ends with, over as many lines as it wraps to),
 * or an asking mark inside it follows a heading run into it ("FAQ-COM050 : WHAT IS THE LOG SIZE LIMIT\nPROBLEM:\nI know
 * …": words in capitals, or a term line before any mark of the chunk). An answer's last line that runs on into the next
 * question ("A) Run getent passwd … LDAP\nQ) …"), or a sentence of the chunk before's answer, is the answer's, and ends
 * where that question's mark starts (`end`).
 */
function faqPlace(marks: ReturnType<typeof faqMarks>, s: Span, text: string): { asks: boolean; end: number } {
  const last = marks.findLast((m) => m.at <= s.start);
  if (last?.asks) return { asks: true, end: s.end };
  const inside = marks.find((m) => m.asks && m.at > s.start && m.at < s.end);
  if (!inside) return { asks: false, end: s.end };
  const before = text.slice(s.start, inside.at).trim();
  const asks = before === before.toUpperCase() || (!last && isLabel(before.replace(/\s+/g, ' ')));
  return { asks, end: asks ? s.end : inside.at };
}
/**
 * Which sentences tell what a question asks, before it in its paragraph: a FAQ's question told first as a statement
 * ("I tried the iso8859/2 input encoding but enscript says that 44 characters were missing … Did I miss something?").
 * They are the asker's, as a FAQ's question line is; the paragraph after it answers.
 */
function leadsInToQuestion(text: string, sentences: readonly Span[]): boolean[] {
  const out = sentences.map(() => false);
  const said = (i: number) => text.slice(sentences[i]!.start, sentences[i]!.end).trim();
  const breaksAfter = (i: number) =>
    i + 1 >= sentences.length || PARAGRAPH_BREAK.test(text.slice(sentences[i]!.end, sentences[i + 1]!.start));
  // Whether sentence i is a question that ends its paragraph (but for an aside in parentheses after it): a FAQ's
  // question, not one a paragraph asks and answers itself ("Want it faster? Use -j.").
  const endsAsking = (i: number) => {
    if (!isQuestion(said(i))) return false;
    for (let j = i; !breaksAfter(j); j++) if (!said(j + 1).startsWith('(')) return false;
    return true;
  };
  for (let i = sentences.length - 2; i >= 0; i--) if (!breaksAfter(i)) out[i] = endsAsking(i + 1) || out[i + 1]!;
  return out;
}
/**
 * A section's number and title standing alone as a paragraph ("5.11. My script aborts with an error message, \"event
 * not found\"." over the FAQ's answer): the title of what follows, which a plain-text FAQ numbers rather than marks,
 * so the loader's headings miss it. A number of two parts or more with its dot, before a capital ("3. Run make." is a
 * step; "2.7.18 is the last release …" and "192.168.1.1 is …" are statements), and text that is no such title after
 * it (a list of "3.1. Run …" steps stays one).
 */
const SECTION_TITLE = /^\d+(?:\.\d+)+\.\s+["'“‘(]?\p{Lu}/u;
function numberedTitle(text: string, s: Span, said: string): boolean {
  if (!SECTION_TITLE.test(said)) return false;
  const before = text.slice(Math.max(0, s.start - 8), s.start);
  if (s.start > 8 ? !/\n[ \t]*\n[ \t]*$/.test(before) : /\S/.test(before)) return false;
  const next = /^[ \t]*\n[ \t]*\n\s*(\S[^\n]*)/.exec(text.slice(s.end, s.end + 400));
  return next !== null && !SECTION_TITLE.test(next[1]!);
}

/** A sentence about the entry it stands in ("this option"), which its term line names. */
const THIS_ENTRY =
  /\b(?:this|these|the above) (?:options?|flags?|switch(?:es)?|settings?|parameters?|variables?|commands?|functions?)\b/i;
/**
 * A sentence that opens by referring back to the one before it: alone it does not say what it is about ("This …",
 * "It …"), or what it goes against or on from ("However, …", "Otherwise …", "In that case …"). The openings of the
 * second kind (stop 57): gold inside the answer +2 on the 25 dev folder sets and +3 on the held-out `-23` to `-44`,
 * none lost, answers 8 characters longer on average.
 */
const REFERS_BACK =
  /^(?:(?:This|These|That|Those|Such|It|They|He|She)\b(?!\s+(?:is|was)\s+(?:possible|important|necessary|recommended|not)\b)|(?:However|But|Otherwise|In (?:that|this|such a) case|If so|Then|Therefore|Thus|Hence|Also|In addition|Likewise|Similarly)\b)/;
/**
 * A usage line ("msgmerge [OPTION] DEF.po REF.pot"): it shows how a program is called, and the sentences under it say
 * what the program does; its placeholders are no option that answers "Which msgmerge option …?".
 */
const SYNOPSIS = /\[\s*options?\b/i;
/**
 * What answers a yes/no question: a statement that something is not, only or must be so ("… may not be redirected",
 * "libffi is not completely thread-safe"). It counts as an answer of the asked type, and is no mere restatement of
 * the question. Over the folder sets and dev halves: grounded +3 (Massif's stack, smartmontools' remapping,
 * timesyncd as a server), none lost; gold inside the answer +7 and −2 (a "yes" said without such a word: "shred works
 * as usual", "… as a drop-in replacement"); at half weight only one of the three.
 */
const POLAR = /(?<![\w-])(?:not|no|never|cannot|only|neither|nor|unsupported|must)(?![\w-])|n['’]t\b/i;
/** A personal pronoun standing for the entity a document is about. */
const PRONOUN = /\b(?:he|she|it|they|his|her|its|their|him|them)\b/i;
/** A FAQ's answer that says only yes or no; the sentence after it says why. */
const VERDICT = /^(?:yes|no)\b[\s\p{P}]*$/iu;
/**
 * The share of a FAQ question's words that the user's question holds, at or above which its "Yes." or "No." answers
 * the user too: the verdict answers its own FAQ question and no other. Over every folder set, 13 verdicts were said,
 * 11 of them under another question than the one asked ("Does w3m support colors? Yes." for why w3m quits at once;
 * "Do hardlinks work? No." for whether mergerfs encrypts); their FAQ questions share 0–0.33 of their words with the
 * question asked, the two that answer it (chrony's "Does chronyd have an ntpdate mode?", its number left out, and
 * flex's recursive definition) all of them. None held a gold answer: the sentence after the verdict, which says why,
 * is said either way.
 */
const VERDICT_ASKED = 0.5;
/**
 * A FAQ question's number or mark ("2.8. Does chronyd have an ntpdate mode?", "Q3) …", "[2.8] …"), which is no word of
 * what it asks.
 */
const FAQ_NUMBER = /^\s*(?:Q\d*\s*[).:]|\[?\d+(?:\.\d+)*[.)\]]?)\s+/i;
/**
 * A comment's prose without the marks that start its lines ("# Ignore any client-id presented by the machine with
 * Ethernet\n# address 11:22:33:44:55:66." in an example config reads "Ignore any client-id … Ethernet address …"): a
 * line going on with "# " continues the sentence, and a sentence opening "# " and a capital is a comment's, also after
 * an empty comment line or a run of marks ("#\n# If this is set, …", "# # By default, …"; 8 sentences of folder
 * answers had opened with a mark). A commented-out setting ("#conf-dir=/etc/dnsmasq.d") and a root prompt ("#
 * modprobe foo") keep their mark. (Written as one pass over the marks: a nested repetition had backtracked for
 * minutes on a line of seventy "#".)
 */
const commentProse = (t: string) => t.replace(/\n[ \t]*#+[ \t]+/g, '\n').replace(/^[\s#]*#\s+(?=\p{Lu})/u, '');
/** "How do I …?", "How can we …?", "How to …", "What command …": asks for a way, which a command shows. */
const HOW_TO = /\bhow (?:do|can|could|should|would) (?:i|we|you|one)\b|\bhow to\b|\bwhich command\b|\bwhat command\b/i;
/** A command as a manual shows it, after a shell prompt: "$ certtool --generate-privkey > key.pem". */
const COMMAND_LINE = /^[$%] +[\p{L}./_~-][^\s]*(?: +\S+)*$/u;
/**
 * A sentence that says what to do, or what happens instead: "To fix this, …", "However, …", "If you would prefer …",
 * "You can …", "Use …", "This behavior can be modified …". Read in the `RESOLVE_WINDOW` sentences after the lead.
 * Over the folder sets (23, 1,081 questions): the gold answer inside the answer 685 → 698 (1 sentence ahead: 690,
 * 2: 696, 5: 699), none lost; grounded and refusals unchanged; the suite's dev halves moved only manuals' gold
 * inside the answer (0.654 → 0.692, single-shot 0.615 → 0.654). Counted against the three sentences, it had pushed
 * out two tail sentences whose chunks held the answer (grounded −2).
 */
const RESOLVES =
  /^(?:To (?:fix|avoid|work around|prevent|change|disable|enable|turn|get|stop|solve|correct|restore|keep|make|use)\b|However\b|Instead\b|Alternatively\b|If you (?:want|would (?:prefer|like)|need|prefer|wish)\b|You (?:can|may|should|must|need to)\b|(?:Use|Set|Run|Add|Try|Pass|Specify|Enable|Disable|Install|Remove)\b|This (?:behaviou?r )?can be (?:changed|modified|disabled|overridden|turned off)\b|The (?:fix|solution|workaround)\b)/;
/**
 * A line to type, not a sentence: a command after a prompt ("$ tig -- status", "sqlite> .once -x"), a setting set or
 * assigned ("set mark-symlinked-directories on", "let g:skip_defaults_vim = 1", "Defaults env_keep+=\"EDITOR\""), a
 * pipeline ("zcat file.gz | wc -c").
 */
const CODE_LINE =
  /^(?:[$%] +\S|[\w.-]+> +\S|(?:set|let|unset|export|alias|bind)\s+[\w.:-]+(?:\s|$|=)|[\w.:@-]+(?:\s+[\w.:@-]+)?\s*[+:]?=\s*\S)|\S\s+\|\s+\S/iu;
/** How many lines after the lead are read for one to type (`CODE_LINE`), for a question asking how. */
const CODE_WINDOW = 3;
/**
 * Rows of data, not a statement: a table or a program's output run together ("Number Start End Size Type File system
 * Flags 1 1049kB 1000MB 999MB primary boot, lba"), nothing ending it as a sentence and three words in ten or more
 * numbers (not names holding digits: "Linux 5.10 or later with cgroup v2 on x86_64, arm64" is prose). Shorter lines
 * without an ending are labels already (`isLabel`). Over the folder sets it had led one answer (parted's `print`
 * output for a resizepart question); left out, grounded +1, nothing else moved (the suite's dev halves neither).
 */
const isData = (s: string) => {
  if (ENDS_LIKE_A_SENTENCE.test(s)) return false;
  const words = s.split(/\s+/);
  return words.length >= 12 && words.filter((w) => /^\d/.test(w)).length * 10 >= words.length * 3;
};
/** An option's term line ("-i, --ignore-environment", "--retry <num>"). */
const OPTION_TERM = /^--?[A-Za-z0-9]/;
/** A sentence's length as read: a CJK character counts as two (it says about as much as a short Latin word). */
const shown = (s: string) => s.length + cjkCount(s);

/** A term line, or a lead-in to the list or example below it ("… returns the following exit status values:"). */
const isLabel = (s: string) =>
  ((!ENDS_LIKE_A_SENTENCE.test(s) && s.split(/\s+/).length < 12) || /:$/.test(s)) && !KEY_VALUE.test(s);
/**
 * A reference entry's property line ("Valid values: \"dhcp\" or \"static\"", "Default: 10", "Type: boolean"): a
 * statement about the entry its heading names, not a term line over the next sentence.
 */
const KEY_VALUE =
  /^(?:(?:valid|possible|allowed|accepted|supported|legal|default)\s+)?(?:values?|defaults?|range|type|units?)\s*:\s*\S/i;

/**
 * Extractive answer that leads with the sentence that answers: among the sentences of the best chunks, the one that
 * covers the question's terms, sits in a chunk about the question, holds its focus (the identifiers and names it
 * asks about, also through the term line above it) and an answer of the asked type (a number for "how many", a
 * version for "which version", an option for "which flag"…) and says something the question does not. A sentence
 * right after it saying what to do about what it tells ("To fix this, …") follows it; further sentences follow only
 * when they score close to it and add to it; each carries the [n] of its chunk.
 */
export function composeExtractive(question: string, evidence: readonly Evidence[]): string {
  const best = evidence.slice(0, MAX_CHUNKS);
  // A section the chunker split goes on in its next chunk: a later chunk that continues one of the best (same
  // document, next chunk, same headings) is read too, ranked right after the chunk it continues. A section's first
  // chunk often matches the question and its second holds the answer. Ranked as that chunk itself, it took the lead
  // or a place from better sentences of the best five (three folder answers lost instead of two).
  const rankOf = new Map(best.map((e, i) => [e.id, i]));
  for (const e of evidence.slice(MAX_CHUNKS)) {
    const before = best.find(
      (b) =>
        b.doc_id === e.doc_id &&
        b.chunk_index === e.chunk_index - 1 &&
        b.heading_path.join('\n') === e.heading_path.join('\n'),
    );
    if (before) rankOf.set(e.id, rankOf.get(before.id)! + 1);
  }
  // The last document of the chain the run followed by its links (a linked pair's second, or a chain's third or fourth)
  // holds the answer to the last hop ("… the school attended by the designer of the Tellan Bridge founded?"); a
  // chain's may rank below the best five. Over the pairs too, HotpotQA answer containment +4 of 52 (dev) and +8 of 48
  // (test), none lost, where only chains of three or more had been read so.
  const chain = evidence.filter((e) => e.hop !== undefined).sort((a, b) => a.hop! - b.hop!);
  const end = chain.length >= 2 ? chain.at(-1) : undefined;
  if (end && !rankOf.has(end.id)) rankOf.set(end.id, end.n - 1);
  const top = evidence.filter((e) => rankOf.has(e.id));
  // Chunks ranked below the best five, up to the eighth, are read only to be heard (below): they lead nothing and fill
  // no place.
  const heardOnly: Evidence[] = [];
  for (const [i, e] of evidence.slice(MAX_CHUNKS, HEARD_CHUNKS).entries()) {
    if (rankOf.has(e.id)) continue;
    rankOf.set(e.id, MAX_CHUNKS + i);
    heardOnly.push(e);
  }
  const extra = new Set(heardOnly.map((e) => e.n));
  const q = readQuestion(
    question,
    top.map((e) => `${e.title}\n${e.heading_path.join('\n')}\n${e.text}`.toLowerCase()),
  );
  const cands: Candidate[] = [];
  // A question asking how to do something, which a command example answers.
  const howTo = HOW_TO.test(question);
  // Whether a FAQ question asks what the question asks: most of its words are the question's.
  const asked = termSet(question);
  const asksAsked = (faq: string) => coverage(questionTerms(faq.replace(FAQ_NUMBER, '')), asked) >= VERDICT_ASKED;
  // Lines to type in the best chunks, and where each sentence and line sits in its chunk (its count of lines before).
  const code: Candidate[] = [];
  const at = new Map<string, number>();
  const where = (c: { n: number; pos: number }) => `${c.n}\0${c.pos}`;
  for (const e of [...top, ...heardOnly]) {
    const rank = rankOf.get(e.id)!;
    // Sentences of lower-ranked chunks weigh less.
    const rankWeight = 1 - rank * 0.06;
    const headings = e.heading_path.join('\n');
    // Neither licence text nor a back-of-book index answers anything about the program.
    if ((!q.legal && isLegalChunk(e)) || isBookIndexChunk(e)) continue;
    const heading = e.heading_path.at(-1) ?? '';
    const chunkCov = coverage(q.terms, termSet(`${e.title}\n${headings}\n${e.text}`));
    let label = heading;
    // Whether the term line holds what the question asks for (an option, a path) or is the term it names ("the
    // format specifier x" over the entry 'x'): read once per term line.
    const answers = (l: string) =>
      namesAsked(l, q.names) ||
      (q.type === 'option'
        ? !SYNOPSIS.test(l) && holdsAnswerType(l, q.type, q.raw)
        : q.type === 'definition'
          ? holdsAnswerType(l, q.type, q.raw)
          : q.type === 'place' && holdsPath(l, q.raw));
    // Whether the term line is the term the question names (read once per term line, as `labelAnswers` is).
    let labelNamed = namesAsked(label, q.names);
    let labelAnswers = answers(label);
    // Whether the sentence follows its term line directly (the term line and it read on verbatim).
    let direct = false;
    // A FAQ's "No." or "Yes." before the sentence that explains it, for a yes/no question that asks whether (not for
    // one asking the way: a "No." of another FAQ entry had led "Can I make m4 use square brackets for quoting?").
    let verdict: string | undefined;
    // The statement right before this sentence, none past a term line or heading.
    let prior: Candidate['before'];
    // Whether the sentence before was part of a FAQ's question.
    let askedBefore = false;
    const marks = faqMarks(e.text);
    const faq = marks.some((m) => m.asks);
    const sentences = splitSentences(e.text);
    const leadsIn = leadsInToQuestion(e.text, sentences);
    for (const [i, s] of sentences.entries()) {
      // A FAQ's question says what the answer under it is about, as a term line does (over the lines it wraps to); an
      // answer's last line that runs on into the next question ends where that question's mark starts.
      const place = faqPlace(marks, s, e.text);
      const raw = e.text.slice(s.start, place.end);
      // A FAQ's answer mark ("A) This behaviour can be changed …") is the page's layout, not what the answer says: in a
      // chunk with a FAQ's questions, or where it cannot be an initial ("A. Einstein developed …" keeps it).
      const prose = commentProse(raw).replace(/\s+/g, ' ').trim();
      const layout = faq || LAYOUT_ANSWER.test(raw.trimStart());
      const text = layout ? prose.replace(FAQ_ANSWER, '') : prose;
      at.set(where({ n: e.n, pos: s.start }), i);
      const before = prior;
      prior = undefined;
      // An option table's row ("-k, --keep   keep (don't delete) input files") is an entry, not a term line.
      const row = optionOfRow(raw);
      // "To create a self signed certificate, use the command:" over "$ certtool --generate-self-signed …": the
      // command answers "How do I …?" with the line that leads in to it; a statement right before one is said with it.
      if (!row && howTo && COMMAND_LINE.test(text)) {
        const last = cands.at(-1);
        if (direct && label.endsWith(':')) {
          const score = scoreSentence(q, text, label, headings, chunkCov, false) * rankWeight;
          cands.push({
            n: e.n,
            rank,
            text,
            score,
            pos: s.start,
            terms: termSet(`${label}\n${text}`),
            entry: { label, text: `${label} ${text}` },
          });
        } else if (before && last && last.n === e.n && last.pos === before.pos && !last.entry) {
          const both = `${last.text} ${text}`;
          const score = scoreSentence(q, both, label, headings, chunkCov, false) * rankWeight;
          last.entry = { label: last.text, text: both };
          if (score > last.score) last.score = score;
        }
      }
      const asking = place.asks || leadsIn[i]!;
      // The line right under an option's term line is what the option does, with or without a full stop ("-i,
      // --ignore-environment" over "start with an empty environment", "不带环境变量启动"), not a term line itself.
      const describes = direct && OPTION_TERM.test(label) && !OPTION_TERM.test(text) && !text.endsWith(':');
      // What follows an answer's mark is an answer, however short ("A) Run getent passwd"), not a term line.
      if (
        !row &&
        (asking ||
          (text === prose && !describes && (isLabel(text) || FURNITURE.test(text))) ||
          numberedTitle(e.text, s, text))
      ) {
        // Said with the line leading in to it, right above it ("… add to /etc/inputrc or ~/.inputrc:").
        if (howTo && !asking && CODE_LINE.test(text)) {
          const said = direct && label.endsWith(':') && !CODE_LINE.test(label) ? `${label} ${text}` : text;
          code.push({ n: e.n, rank, text: said, score: 0, pos: s.start, terms: termSet(said) });
        }
        label = asking && askedBefore ? `${label} ${text}` : text;
        askedBefore = asking;
        labelNamed = namesAsked(label, q.names);
        labelAnswers = answers(label);
        direct = true;
        verdict = undefined;
        continue;
      }
      const next = direct;
      const said = verdict;
      direct = false;
      askedBefore = false;
      verdict = q.yesNo && q.polar && VERDICT.test(text) && asksAsked(label) ? text : undefined;
      if (shown(text) < 12 || isQuestion(text) || isData(text) || (!q.legal && isLegalSentence(text))) continue;
      prior = { text, pos: s.start };
      // "Which tar option compresses with gzip?": a man page's option entry answers with its term line
      // ("-z, --gzip") and the description under it ("Filter the archive through gzip(1).").
      // Likewise a path line over what it is for ("~/.cache/pip" over "pip also respects XDG_CACHE_HOME.").
      const labelled = labelAnswers && !answers(text);
      // "When this option is not used, …" under "-k, --insecure" says which option only with its term line.
      const thisEntry = !labelled && THIS_ENTRY.test(text) && holdsAnswerType(label, 'option', q.raw);
      const entry = said
        ? { label: said, text: `${said} ${text}` }
        : row
          ? answers(row)
            ? { label: row, text }
            : undefined
          : labelled || thisEntry
            ? { label, text: saysFirst(text, bare(label)) ? text : next ? `${label} ${text}` : `${label}: ${text}` }
            : undefined;
      // The entry the question names is located by its headings ("1.2 The Format String" over 'x'): they count
      // as its words, and it is what the question is about.
      const named = labelled && labelNamed ? e.heading_path : undefined;
      const score = scoreSentence(q, text, label, headings, chunkCov, !!entry && !thisEntry, named) * rankWeight;
      const back = !entry && before && REFERS_BACK.test(text) ? before : undefined;
      cands.push({ n: e.n, rank, text, score, pos: s.start, terms: termSet(text), entry, before: back });
    }
  }
  cands.sort((a, b) => b.score - a.score);
  const lead = cands.find((c) => !extra.has(c.n));
  if (!lead || lead.score <= 0) return '';
  const chosen: Candidate[] = [lead];
  // Said beside the three sentences, not instead of one: the fix after the lead, the other evidence chunks' best
  // sentences and a line to type.
  const beside: Candidate[] = [];
  const take = (c: Candidate | undefined) => {
    if (
      !c ||
      extra.has(c.n) ||
      chosen.length - beside.length >= MAX_SENTENCES ||
      chosen.includes(c) ||
      c.score < lead.score * KEEP
    )
      return;
    if (!chosen.some((k) => overlap(k.terms, c.terms) > 0.7)) chosen.push(c);
  };
  // A bridge: the lead's chunk names another document by its title, an entity's name (not a file's, not a page title),
  // which the question does not ("He played for the Philadelphia Eagles" for "… played for an NFL team based in what
  // state?"). That document's best sentence holding an answer of the asked type answers the second hop, however
  // little of the question it covers; first the one saying what the question asks of it ("based in").
  if (BRIDGED.has(q.type)) {
    const from = top.find((e) => e.n === lead.n);
    const text = from?.text.toLowerCase() ?? '';
    const asked = question.toLowerCase();
    const names = (e: Evidence, within: string) =>
      new RegExp(
        `(?<![\\p{L}\\p{N}])${escapeRegExp(nameOf(e.title.trim()).toLowerCase())}(?![\\p{L}\\p{N}])`,
        'u',
      ).test(within);
    const bridge = top.find(
      (e) => e.doc_id !== from?.doc_id && isEntityTitle(e.title, e.path) && !names(e, asked) && names(e, text),
    );
    const typed = bridge ? cands.filter((c) => c.n === bridge.n && holdsAnswerType(c.text, q.type, q.raw)) : [];
    const ask = predicateOf(question);
    const said = (ask && typed.find((c) => c.terms.has(ask))) || typed[0];
    if (said) chosen.push(said);
  }
  // The chain's last document answers the part of the question the documents before it do not: its sentence of the
  // asked type (any, with no type asked) holding most of that part ("first" for "Who first climbed the mountain …",
  // not "mountain" in "Mount Corra is the highest mountain …" — Mount Corra was named by the hop before).
  if (end) {
    const before = new Set(chain.slice(0, -1).flatMap((e) => [...termSet(`${e.title}\n${e.text}`)]));
    const left = new Map([...q.terms].filter(([t]) => !before.has(t)));
    const own = cands.filter((c) => c.n === end.n);
    // A cause is often told plainly, without a marker: a why-question takes any of the last document's sentences.
    const typed =
      q.type === 'none' || q.type === 'reason' ? own : own.filter((c) => holdsAnswerType(c.text, q.type, q.raw));
    const adds = (c: Candidate) => coverage(left, c.terms);
    const said = typed.reduce<Candidate | undefined>((b, c) => (!b || adds(c) > adds(b) ? c : b), undefined);
    if (said && !chosen.includes(said)) {
      // "In 1978 he started the label …" says who only with the sentence that introduces him.
      const name = nameOf(end.title.trim()).toLowerCase();
      const intro = PRONOUN.test(said.text) && !said.text.toLowerCase().includes(name);
      const earlier = own.filter((c) => c.pos < said.pos);
      const prior = intro
        ? (earlier.find((c) => c.text.toLowerCase().includes(name)) ?? earlier.sort((a, b) => b.pos - a.pos)[0])
        : undefined;
      if (prior && !chosen.includes(prior)) chosen.push(prior);
      chosen.push(said);
    }
  }
  // The lead often tells the asker's problem in the manual's words ("… lsof exits with 1 when …"), and a sentence
  // right after it says what to do about it ("This behavior can be modified by calling lsof with -Q …", "To fix
  // this, run …", "However, if …"): said right after the lead, beside the other sentences, not instead of one.
  const fix = cands
    .filter((c) => c.n === lead.n && c.pos > lead.pos)
    .sort((a, b) => a.pos - b.pos)
    .slice(0, RESOLVE_WINDOW)
    .find((c) => RESOLVES.test(c.text) && !chosen.includes(c));
  // Else the sentence right after the lead in its paragraph goes on from it: the lead matched the question's words,
  // and the sentence after it often says what they lead to ("If an application also uses public-key algorithms, the
  // recommended linker flags are …" after "… it's sufficient to link with -lnettle."). Said right after the lead,
  // beside the other sentences. Over the 25 dev folder sets (1,141 answerable questions): gold inside the answer
  // 790 → 816 (14 English, 12 CMRC), none lost, grounded and refusals unchanged; English answers 530 → 558
  // characters on average. Suite dev halves: CMRC containment +0.028, nothing else moved.
  const next = fix ? undefined : cands.find((c) => c.n === lead.n && at.get(where(c)) === at.get(where(lead))! + 1);
  const leadChunk = top.find((e) => e.n === lead.n)!.text;
  const goesOn =
    next && !chosen.includes(next) && !PARAGRAPH_BREAK.test(leadChunk.slice(lead.pos, next.pos)) ? next : undefined;
  for (const c of [fix, goesOn])
    if (c) {
      chosen.push(c);
      beside.push(c);
    }
  // The ranking's best chunk is heard even when another chunk's sentence leads: its best sentence is said too. The
  // lead is read from words, and a question in the asker's own words shares few with the sentence that answers it
  // ("capped every download connection at 16 KB/s … still get 32 KB/s" and "a limit below 32kb/s might actually limit
  // the traffic to 32kb/s"), where the ranking also read vectors, headings and the reranker. Over the folder sets
  // (23, 1,081 questions): grounded 905 → 912 and gold inside the answer 700 → 710, none lost; one unanswerable
  // question answered (its other sentences failed the check, this one did not). Dev halves: HotpotQA containment
  // 0.654 → 0.673, CMRC 0.858 → 0.866, manuals grounded 0.769 → 0.808. Said instead of the third sentence, it lost
  // as many answers as it gained.
  //
  // The second-ranked chunk is heard too, when its best sentence is what a further sentence must be (`KEEP` of the
  // lead's score, no repeat of a sentence said): where the ranking put the answer second, the question's words often
  // favour another chunk's sentence. Over the 25 dev folder sets (1,141 answerable questions): grounded 957 → 964
  // and gold inside the answer 745 → 765; on the held-out `-23` to `-30` (240): 175 → 178 and 109 → 115; none lost,
  // refusals unchanged. The cost is length: answers average 598 characters over the folder sets, 524 before. Said
  // whatever it scores: 971 and 768, 181 and 116, at 638 characters (a README's "This is release 1.35 of GNU tar"
  // said for a question about tar's blocks); instead of a sentence (two taken rather than three): gold inside the
  // answer fell (745 → 727).
  //
  // The third-ranked chunk is heard the same way (stop 54), where the ranking put the answer third. Over the 25 dev
  // folder sets: grounded 965 → 971 and gold inside the answer 765 → 786; on the fifteen held-out sets `-23` to `-37`
  // (450): 316 → 318 and 196 → 200; none lost, refusals unchanged; dev halves: HotpotQA containment 0.673 → 0.692,
  // CMRC 0.873 → 0.885; answers average 667 characters over the English folder sets, 602 before.
  //
  // So are the fourth and fifth (stop 65): every one of the best five. Over every folder set (3,463 questions): gold
  // inside the answer +36 (fourth) and +13 (fifth), grounded +3 and +1, none lost, refusals unchanged; dev halves:
  // HotpotQA containment +0.038 in both modes (fourth), nothing else moved. The cost is length again: answers average
  // 631 characters over the folder sets, 569 before.
  //
  // And the sixth to eighth (`HEARD_CHUNKS`), read only for this: they lead nothing, fill none of the three places
  // and are heard after those are filled, so a sentence of theirs never keeps out a similar one of the best five's
  // (stop 65). Over every folder set: grounded +30 (`dev-en` +11, `held-out-en` +15), gold inside the answer +17, none
  // lost (measured with that stop's number fixes; heard before the places, +32 and +24); the suite's dev halves
  // unchanged. Read as three more of the best (`MAX_CHUNKS` 8), they gained as much but lost 10 grounded answers, where
  // their sentences took the lead or a place from the best five's. Answers average 687 characters over the folder
  // sets.
  //
  // A sentence any of them repeats word for word (a help row in two programs' tables, a man page and its info
  // page) is not said again: the sentence said cites that chunk too. The second to eighth chunks' sentences, like any
  // further sentence, are not said either when they share most of their words with one said (`overlap`); the best
  // chunk's is (stop 44's rule: that check lost a follow-up answer whose "You can find the different profiles in …"
  // shares most words with a longer sentence saying something else).
  const alsoIn = new Map<Candidate, number[]>();
  // What a sentence is said as: with the term line of its entry, which a repeat must repeat too ("-c, --check checks
  // the syntax only" in both tables, not "checks the syntax only" under another option).
  const spoken = (c: Candidate) => c.entry?.text ?? c.text;
  const hear = (c: Candidate | undefined, min: number, similar: (k: Candidate) => boolean) => {
    if (!c || c.score <= 0 || c.score < min || chosen.includes(c)) return;
    const repeat = chosen.find((k) => spoken(k) === spoken(c));
    if (repeat) {
      if (repeat.n !== c.n) alsoIn.set(repeat, [...(alsoIn.get(repeat) ?? []), c.n]);
      return;
    }
    if (chosen.some(similar)) return;
    chosen.push(c);
    beside.push(c);
  };
  const first = lead.rank === 0 ? undefined : cands.find((c) => c.rank === 0);
  hear(first, 0, () => false);
  const hearChunk = (e: Evidence) => {
    const said = e.n !== lead.n ? cands.find((c) => c.n === e.n) : undefined;
    hear(said, lead.score * KEEP, (k) => overlap(k.terms, said!.terms) > 0.7);
  };
  for (const e of best.slice(1)) hearChunk(e);
  // A question asking how is answered by what to type: a manual tells the asker's problem, then shows the line that
  // solves it ("Starting with readline-4.2a, completion on symlinks … does not append the slash." over "set
  // mark-symlinked-directories on"). The first such line in the few after the lead is said right after it, beside the
  // others. Over the folder sets (23): gold inside the answer 710 → 716, none lost, nothing else moved; of the eight
  // answers it changed, seven gained the line that answers. The suite's dev halves did not move.
  const typed = code.find(
    (l) => l.n === lead.n && l.pos > lead.pos && at.get(where(l))! - at.get(where(lead))! <= CODE_WINDOW,
  );
  if (
    typed &&
    !chosen.some((c) => c.n === typed.n && (c.text.includes(typed.text) || c.entry?.text.includes(typed.text)))
  ) {
    chosen.push(typed);
    beside.push(typed);
  }
  // The best sentence of each other chunk first: a two-hop answer needs one sentence from each document.
  for (const n of new Set(cands.map((c) => c.n))) if (n !== lead.n) take(cands.find((c) => c.n === n));
  for (const c of cands) take(c);
  // The sixth to eighth are heard last, so a sentence of theirs never keeps out a similar one of the best five's.
  for (const e of heardOnly) hearChunk(e);
  // The lead first; the rest in reading order of their chunks. A sentence that refers back comes right after the
  // sentence it refers to: after the lead, when it refers to the lead; else with that sentence said before it
  // (which then is not said on its own).
  const refersTo = (c: Candidate, k: Candidate) => c.n === k.n && c.before?.pos === k.pos;
  const follows = [
    ...chosen.filter((c) => refersTo(c, lead)),
    ...[fix, goesOn, typed]
      .filter((c): c is Candidate => !!c && chosen.includes(c) && !refersTo(c, lead))
      .sort((a, b) => a.pos - b.pos),
  ];
  const rest = chosen.filter((c) => c !== lead && !follows.includes(c) && !chosen.some((k) => refersTo(k, c)));
  rest.sort((a, b) => a.rank - b.rank || a.n - b.n || a.pos - b.pos);
  // An entry's term line is quoted once, with the first of its sentences the answer gives.
  const quoted = new Set<string>();
  const say = (c: Candidate) => {
    const key = `${c.n}\0${c.entry?.label}`;
    if (!c.entry || quoted.has(key)) return c.text;
    quoted.add(key);
    return c.entry.text;
  };
  // Each sentence once, also along a chain ("… -E …" "They …" "It …").
  const said = new Set<string>();
  const pieces = (c: Candidate) => {
    const out: Piece[] = [];
    const at = (pos: number) => `${c.n}\0${pos}`;
    if (c.before && !said.has(at(c.before.pos))) {
      out.push({ text: c.before.text, n: c.n });
      said.add(at(c.before.pos));
    }
    out.push({ text: say(c), n: c.n, also: alsoIn.get(c) });
    said.add(at(c.pos));
    return out;
  };
  return joinPieces([lead, ...follows, ...rest].flatMap(pieces));
}

/** A sentence of the answer, with the chunk it is quoted from and any other chunk that says it word for word. */
type Piece = { text: string; n: number; also?: readonly number[] };

/**
 * The answer's pieces, each with the [n] of its chunk ([n, m] when another chunk says it too). A piece that does not
 * end like a sentence (a command line, a path) ends its paragraph, so that claims split after its marker and the next
 * sentence is checked on its own.
 */
export function joinPieces(pieces: readonly Piece[]): string {
  const said = pieces.map((p) => ({ ...p, text: unbulleted(p.text.replace(LEADING_NOTE_MARKS, '')) }));
  return said
    .map((p, i) => {
      const next = said[i + 1];
      const marker = `[${[p.n, ...(p.also ?? [])].join(', ')}]`;
      if (!next) return `${p.text} ${marker}`;
      // A line that reads as a list of sources ("[1] See …") would not be checked: it never starts a line.
      const breaks = !ENDS_LIKE_A_SENTENCE.test(p.text) && !isSourceLine(next.text);
      return `${p.text} ${marker}${breaks ? '\n\n' : ' '}`;
    })
    .join('');
}

/**
 * A document's own note or reference numbers where a sentence starts ("[76] 要獲得需要的日期格式…", a DocBook
 * footnote's mark left before the next sentence): quoted, they read as this answer's citation markers, and an answer
 * that starts with one reads as a list of sources, left unchecked (three Chinese folder answers were refused so, with
 * no claim left to check). The rest of the sentence is still the chunk's text word for word.
 */
const LEADING_NOTE_MARKS = /^(?:\[\d+\]\s*)+(?=\S)/;
/**
 * A list item's bullet before a sentence ("* If Windows is to boot from a GPT disk, …", "• emacs starts up but …",
 * "・…"): the document's layout, left out of the answer as it is said (not where sentences are scored). Only before a
 * word, a quote, a variable or a bracket, and not before "key: …" (a YAML list's "- name: install nginx"): "* * * * *
 * command" and "* 2 * * * command" are crontab lines, "--force" an option, "* [2] …" a note's mark.
 */
const LIST_MARK = /^(?:[*•·▪◦‣・]|-(?!-))\s+(?=[\p{L}"'“‘`$<(])(?![\w.-]+:\s)/u;
/** Without its bullet, unless that leaves a line reading as a list of sources ("- References: RFC 1034 …"). */
function unbulleted(text: string): string {
  const bare = text.replace(LIST_MARK, '');
  return bare !== text && isSourceLine(bare) ? text : bare;
}

function scoreSentence(
  q: Question,
  text: string,
  label: string,
  headings: string,
  chunkCov: number,
  entry: boolean,
  named?: readonly string[],
): number {
  const terms = termSet(text);
  // The term line or heading above a sentence says what it is about ("EXIT CODES" over "28 Operation timeout.").
  const about = named ? [label, ...named].join('\n') : label;
  const cov = coverage(q.terms, about ? new Set([...terms, ...termSet(about)]) : terms);
  // Every sentence of a section is about the names its headings give ("ERR_REQUIRE_ESM", an option's entry, the
  // program whose options a chapter lists: "Invoking msgmerge > Operation modifiers > -N"), also below a lead-in line
  // that took over as the label. (Their words in the coverage, too, lost manuals answers.)
  const lower = `${headings}\n${label}\n${text}`.toLowerCase();
  const nf = q.focus.length + q.values.length;
  const focus = named
    ? 1
    : nf
      ? (q.focus.filter((f) => lower.includes(f)).length + q.values.filter((v) => v.test(text)).length) / nf
      : 0;
  // A statement that something is not, or only, so answers a yes/no question ("The root window may not be redirected").
  const polar = q.polar && POLAR.test(text);
  // An option entry defines its option; a sentence naming one in passing ("When -v is also used, …") weighs less.
  const typed = entry
    ? 1
    : q.type !== 'none' && holdsAnswerType(text, q.type, q.raw)
      ? q.type === 'option'
        ? MENTION
        : 1
      : polar
        ? 1
        : 0;
  // A sentence that only restates the question answers nothing. An entry's description may: "Do not use fuzzy
  // matching …" under "-N, --no-fuzzy-matching" answers "Which option turns off fuzzy matching …?" with its term line.
  // An entry's option that the question does not name is the answer to "which option" ("-c, --check" over "checks
  // the syntax only").
  let fresh = entry && q.type === 'option' && holdsAnswerType(`${label}\n${text}`, 'option', q.raw) ? 2 : 0;
  // A number says something on its own: "The maximum value for this is 500." answers "What is the maximum value for
  // --num-callers?" (gold inside the answer +3 over the folder sets: Valgrind, Readline, a CMRC 代 count; none lost).
  for (const t of entry ? new Set([...terms, ...termSet(label)]) : terms)
    if (!q.asked.has(t)) fresh += /^\d/.test(t) ? 2 : 1;
  const restates = fresh < 2 && !polar ? 0.6 : 1;
  return (CW.cov * cov + CW.chunk * chunkCov + CW.focus * focus + CW.typed * typed) * restates;
}

/**
 * The word a question asks its wh-phrase of, stemmed: "based" in "… based in what state?", "founded" in "… a network
 * founded by who?". Undefined when a stop word or nothing stands there.
 */
function predicateOf(question: string): string | undefined {
  const m = [...question.matchAll(PREDICATE)].at(-1);
  const t = m && terms(m[1]!);
  return t && t.length === 1 ? t[0] : undefined;
}
/** A word, maybe a preposition, then the wh-word; the question's last such is its wh-phrase. */
const PREDICATE =
  /([\p{L}][\p{L}'-]*)\s+(?:(?:in|on|at|by|from|of|for|to|with|during)\s+)?(?:what|which|who|whom|when|where)\b/giu;

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / Math.max(1, Math.min(a.size, b.size));
}
