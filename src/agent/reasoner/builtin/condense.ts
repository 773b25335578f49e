import {
  escapeRegExp,
  hasCjk,
  identifiers,
  isEnglishWord,
  nameSpans,
  STOP_WORDS,
  stem,
  zhRegExp,
} from '../../../text/index.ts';
import { userTurns } from '../../turns.ts';
import type { ChatTurn } from '../../types.ts';

const PRONOUN = zhRegExp(
  /\b(it|its|it's|they|them|their|he|him|his|she|her|this|that|these|those|there)\b|[它他她其这那]|(?<!应)该/iu,
);
/** "And Quorvex Foods?", "What about Quorvex?" — the previous question, asked of another entity. */
const ELLIPSIS = /^(?:and\s+)?(?:what|how)\s+about\b|^and\b/i;

/**
 * Turn a follow-up into a standalone question with the earlier user turns. A question of its own — seven words or
 * more, naming a subject the conversation has not (`newSubject`), pointing back to nothing ("it", "that", "And …?";
 * "is there" points nowhere) — starts a new topic and stands alone, as does one whose pronoun points inside itself.
 * An elliptical follow-up naming a new entity ("And Quorvex Foods?") re-asks the last full question about it, and one
 * naming the counterpart of a word of the last full question ("And for stderr?" after "… stdout …") re-asks that.
 * Any other follow-up keeps its own words — which "it" means is a guess a wrong name would spoil ("How do I turn it
 * off?" after "My backups print a warning about the cache") — and carries what the conversation was about, in
 * brackets: the latest user turn's identifiers and content words, and the key terms of the turns before it unless that
 * turn asks about a subject of its own ("We back up with rsnapshot." "Our monitoring is all Prometheus." "Is there
 * an endpoint it can scrape?" carries rsnapshot; "And what does Quorvex Foods make?" leaves Veltrane Robotics behind).
 */
export function condenseTurns(history: readonly ChatTurn[], question: string): string {
  const q = question.trim();
  const earlier = userTurns(history);
  if (earlier.length === 0) return q;
  const pronounAt = pronounIn(q);
  const pointsBack = pronounAt >= 0 || ELLIPSIS.test(q);
  if (!pointsBack && q.split(/\s+/).length >= SUBJECT_WORDS && newSubject(q, earlier)) return q;
  const own = names(q)[0];
  // "What is the capital of Mongolia and how cold does it get?": the pronoun points back inside the question.
  if (pointsInside(q, pronounAt, own)) return q;
  // Elliptical follow-ups carry no predicate; the last question that had one supplies it.
  const full = earlier.filter((t) => !ELLIPSIS.test(t));
  const base = full.findLast((t) => names(t).length > 0);
  if (own && base && ELLIPSIS.test(q) && pronounAt < 0) return base.replace(names(base)[0]!, own);
  const asked = full.at(-1);
  const swapped = asked && ELLIPSIS.test(q) && pronounAt < 0 ? counterpartSwap(asked, q) : undefined;
  if (swapped) return swapped;
  const topic = carried(earlier, q);
  return topic ? `${q} (${topic})` : q;
}

/**
 * "And for stderr?" after "How many rotated stdout log files does supervisor keep …?": the last full question again,
 * with the one word of it that the follow-up's word stands against replaced by it. The two share their first three
 * letters and neither is an English word (stdout and stderr, IPv4 and IPv6, not "process" and "production", nor
 * "enable" and "enabling"). Undefined unless that turn asks and exactly one such pair is found.
 */
function counterpartSwap(latest: string, q: string): string | undefined {
  if (!latest.trimEnd().endsWith('?')) return undefined;
  const against = (a: string, b: string) =>
    a.length >= 3 &&
    b.length >= 3 &&
    a.slice(0, 3) === b.slice(0, 3) &&
    !a.startsWith(b) &&
    !b.startsWith(a) &&
    !isEnglishWord(a) &&
    !isEnglishWord(b);
  const theirs = [...new Set(contentWords(latest))];
  const pairs = contentWords(q.replace(ELLIPSIS, ' ')).flatMap((x) =>
    theirs.filter((y) => against(x.toLowerCase(), y.toLowerCase())).map((y) => [y, x] as const),
  );
  if (pairs.length !== 1) return undefined;
  const [y, x] = pairs[0]!;
  return latest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(y)}(?![\\p{L}\\p{N}])`, 'u'), x);
}

/** "Is there …", "there are …": no place pointed back to. */
const EXISTENTIAL = /\b(?:(?:is|are|was|were)\s+there|there\s+(?:is|are|was|were|'s))\b/gi;
/**
 * Words a question needs to be one of its own: a short one ("Where is the config file?", "Is a reboot needed?") is a
 * follow-up even when it has a name; a word no dictionary has (`restic`, but also "timeout", "chnage") marks a new
 * subject only in a long one.
 */
const SUBJECT_WORDS = 7;
const UNKNOWN_WORD_WORDS = 10;

/**
 * Whether the question names something the earlier turns do not (whole words; a name as written). A hyphenated word
 * no dictionary has is new only when one of its unknown parts is unsaid: `ssh-agent` after a turn about ssh is not.
 */
function newSubject(q: string, earlier: readonly string[]): boolean {
  const text = earlier.join('\n');
  const words = (text.match(WORD) ?? []).map((w) => w.toLowerCase());
  const said = new Set([...words, ...words.flatMap((w) => w.split('-'))]);
  const unsaid = (k: string) => (/\s/.test(k) ? !text.includes(k) : !said.has(k.toLowerCase()));
  if ([...names(q), ...identifiers(q)].some(unsaid)) return true;
  const unsaidParts = (w: string) => w.split('-').filter(unknownPart).some(unsaid);
  return q.split(/\s+/).length >= UNKNOWN_WORD_WORDS && unknownWords(q).some(unsaidParts);
}

/**
 * The names of a text that are names: a run of Chinese is a clause (`entitiesOf` keeps it for want of any), so a
 * Chinese follow-up always carries its conversation.
 */
const names = (text: string): string[] => entitiesOf(text).filter((e) => !hasCjk(e));

/** A word as a question writes it, dots, slashes and dashes inside kept (`hostapd.conf`, `Ctrl-b`). */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}._+/:'’-]*[\p{L}\p{N}])?/gu;
/** Carried words at most: the topic, not a second question. */
const MAX_CARRIED = 24;
/** Of those, the earlier turns' key terms at most. */
const EARLIER_CARRIED = 8;

/**
 * The conversation's words a follow-up lacks: the latest turn's identifiers as written (the option in "I always pass -z
 * to it", which content words would drop; first, so the cap never cuts them) and its other content words, then
 * earlier turns' key terms unless the latest turn asks about a subject of its own (`asksAnew`).
 */
function carried(turns: readonly string[], q: string): string {
  const latest = turns.at(-1)!;
  // Each once: "--dry-run" rather than "dry-run" too, "etc/ssh/sshd_config" rather than "sshd_config" too.
  const content = contentWords(latest);
  const ids = identifiers(latest).filter((id) => !content.some((w) => w !== id && w.includes(id)));
  const asked = new Set(contentWords(q).map((w) => stem(w.toLowerCase())));
  const own = unsaid([...ids, ...content.filter((w) => !ids.some((id) => id !== w && id.includes(w)))], asked);
  const before = asksAnew(turns) ? [] : unsaid(turns.slice(0, -1).reverse().flatMap(keyTerms), asked);
  // The earlier subject keeps its room however long the latest turn is.
  const kept = before.slice(0, EARLIER_CARRIED);
  return [...own.slice(0, MAX_CARRIED - kept.length), ...kept].join(' ');
}

/**
 * Each word once, and none the question or a word before it says (a name of several words, when every word of it is
 * said: "Veltrane Robotics" after "Veltrane" and "Robotics"); `said` takes each word kept.
 */
function unsaid(words: readonly string[], said: Set<string>): string[] {
  const out: string[] = [];
  for (const w of words) {
    const keys = w.split(/\s+/).map((p) => stem(p.toLowerCase()));
    if (keys.every((k) => said.has(k))) continue;
    for (const k of keys) said.add(k);
    out.push(w);
  }
  return out;
}

/**
 * Whether the latest turn turns to a subject of its own: it asks ("…?", or "Tell me about …", "Explain …") and names
 * something the turns before it do not, with no pronoun pointing back (one after a name it holds points inside it:
 * "What is the capital of Mongolia and how cold does it get?"). "And what does Quorvex Foods make?" after a question
 * about Veltrane Robotics leaves Veltrane behind. A statement naming something tells the setting of the subject the
 * earlier turns named ("We back up with rsnapshot." then "Our monitoring is all Prometheus.").
 */
function asksAnew(turns: readonly string[]): boolean {
  const latest = turns.at(-1)!.trim();
  const before = turns.slice(0, -1);
  if (before.length === 0 || !(/[?？]$/.test(latest) || REQUEST.test(latest)) || !newSubject(latest, before))
    return false;
  const pronounAt = pronounIn(latest);
  return pronounAt < 0 || pointsInside(latest, pronounAt, names(latest)[0]);
}

/** Where a text's first pronoun or demonstrative is (-1 for none); "is there" points nowhere. */
const pronounIn = (text: string): number => text.replace(EXISTENTIAL, (m) => ' '.repeat(m.length)).search(PRONOUN);
/** Whether the pronoun at `at` follows the text's own first name (`own`), so it stands for that. */
const pointsInside = (text: string, at: number, own: string | undefined): boolean =>
  own !== undefined && at >= 0 && text.indexOf(own) < at;

/** A request told as a statement: "Tell me about …", "Explain …", "Describe …", "Show me …". */
const REQUEST = /^(?:please\s+)?(?:tell me|explain|describe|show me)\b/i;

/** Words that say something: no stop words, no contractions ("don't", "I'm"); a possessive is its name. */
function contentWords(text: string): string[] {
  return (text.match(WORD) ?? [])
    .map((w) => w.replace(/['’]s$/, ''))
    .filter((w) => !/['’]/.test(w) && (/\d/.test(w) || (w.length > 2 && !STOP_WORDS.has(w.toLowerCase()))));
}

/** What names a subject: names, identifiers, and words that are not English (`mdadm`, `checkarray`). */
function keyTerms(text: string): string[] {
  return [...names(text), ...identifiers(text), ...unknownWords(text)];
}

/**
 * Words no English dictionary has: a program's name (`mdadm`, `bind9`; `pure-ftpd`, one of whose parts is none, where
 * "built-in" is English), a coinage, a typo.
 */
function unknownWords(text: string): string[] {
  return (text.match(WORD) ?? []).filter(
    (w) => /^\p{L}[\p{L}\p{N}]*(?:-\p{L}[\p{L}\p{N}]*)*$/u.test(w) && !hasCjk(w) && w.split('-').some(unknownPart),
  );
}

/** A word, or a part of a hyphenated one, no English dictionary has. */
const unknownPart = (w: string): boolean => w.length > 2 && !STOP_WORDS.has(w.toLowerCase()) && !isEnglishWord(w);

const WORDS =
  'What|Who|Whom|Whose|When|Where|Why|How|Which|Is|Are|Was|Were|Do|Does|Did|Can|Could|Should|Would|Has|Have|Had|Tell|The|A|An|I|Please|And|But|Or|So|In|On|At|Of|For|To|From|By|With|About|If';
const FUNCTION_WORD = new RegExp(`^(?:${WORDS})$`);
/** A contraction: "can't", "I'm", "you'll" (not "O'Reilly"; an "'s" is read as a possessive). */
const CONTRACTION = String.raw`\p{L}+['’](?:t|m|re|ve|ll|d)`;
const WHOLE_CONTRACTION = new RegExp(`^${CONTRACTION}$`, 'u');
/** Question words and contractions ("Can't I …") a name glues to at a sentence's start. */
const LEADING_WORDS = new RegExp(`^(?:(?:${WORDS}|${CONTRACTION})\\s+)+`, 'u');

/** "I'm", "I've", "I'd", "I'll": the speaker, capitalised wherever it stands. */
const I_CONTRACTION = /^I['’](?:m|ve|d|ll)$/;
/**
 * The speaker after a word that opens a sentence for its time or turn ("Now I want …", "Then I'm stuck", "So I ran
 * …"), which joins the two into one span; not "Henry I" or "Phase I".
 */
const OPENER_AND_SPEAKER =
  /^(Now|Then|So|But|And|Also|Here|Today|Tonight|Yesterday|Recently|Lately|Later|Finally|First|Next|Again|Still|Sometimes|Meanwhile|Actually|Basically|Honestly|Apparently|Unfortunately|Maybe|Perhaps)\s+I(?:['’](?:m|ve|d|ll))?$/;
/**
 * A word in capitals throughout, three letters or more, going on into the sentence ("AIDE is installed …"): an
 * acronym or a name as written, not a label ("NOTE:", "UPDATE:", "THANKS,").
 */
const CAPITALS = /^\p{Lu}{3,}$/u;
const GOES_ON = /^\s+\p{Ll}/u;
/** A name's possessive ending: "Privoxy's" names Privoxy. */
const POSSESSIVE = /['’]s?$/;

/**
 * Capitalised spans that are not sentence-initial function words, e.g. "Acme Robotics", "Marie Curie". A sentence's
 * first word that is ordinary English is capitalised for its place, not for being a name ("My backups …", "OK, …").
 */
export function entitiesOf(text: string): string[] {
  const out: string[] = [];
  for (const m of nameSpans(text)) {
    // The speaker joins the span of a sentence's opening word ("Now I want …"): that word alone.
    const said = m.text.trim().replace(OPENER_AND_SPEAKER, '$1');
    // A capitalised question word joins the span when a name follows it ("Does ADAR1"): strip it.
    const span = said.replace(LEADING_WORDS, '').replace(POSSESSIVE, '');
    if (!span || FUNCTION_WORD.test(span) || I_CONTRACTION.test(span)) continue;
    // A sentence's first word capitalised for its place: an English word, or a contraction ("Can't", "Don't"); one in
    // capitals throughout is written so wherever it stands ("AIDE is installed …").
    if (
      m.sentenceStart &&
      span === said &&
      !/\s/.test(span) &&
      !(CAPITALS.test(span) && GOES_ON.test(text.slice(m.start + m.text.length))) &&
      (isEnglishWord(span) || WHOLE_CONTRACTION.test(span))
    )
      continue;
    out.push(span);
  }
  const cjk = text.match(/[\u4e00-\u9fff]{2,}/gu);
  if (out.length === 0 && cjk) out.push(...cjk);
  return out;
}
