import { hasCjk } from './cjk.ts';
import { isEnglishWord, isPrefixedWord } from './lexicon.ts';
import { nameSpans } from './names.ts';
import { BY_DEFAULT_SAID, hasSynonym } from './synonyms.ts';
import { terms } from './tokenize.ts';
import { zhRegExp } from './zh-variants.ts';

export type WeightedTerms = Map<string, number>;

/**
 * The question's terms with weights: rare-looking terms (names, numbers, long words) count double, since an
 * answer that misses them is about something else.
 */
export function questionTerms(question: string): WeightedTerms {
  const out: WeightedTerms = new Map();
  const names = nameTerms(question);
  for (const t of terms(withoutQuestionForm(question), true)) {
    const key = /\d/.test(t) || names.has(t) || t.length >= 9;
    out.set(t, Math.max(out.get(t) ?? 0, key ? 2 : 1));
  }
  return out;
}

/**
 * The question's terms with those of its setting (the sentences around the one that asks, `ask`) at half weight: "I
 * have lots of tiny JSON records of about 1 KB each and zstd hardly shrinks them. Is there something that helps with
 * small inputs like that?" asks about small inputs; the records are how the user came to ask. Grading measures the
 * evidence with these weights, and the composer its sentences.
 */
export function askWeighted(question: string, ask: string): WeightedTerms {
  const q = questionTerms(question);
  if (ask === question.trim()) return q;
  const asks = new Set(terms(ask, true));
  return new Map([...q].map(([t, w]) => [t, asks.has(t) ? w : w * SETTING_WEIGHT]));
}
/**
 * Over the folder sets and dev halves, in grading: 0.7 answered one more question than full weight, 0.5 two (a zstd
 * and a smartd question told with a long setting), 0.3 those two but refused "My curl script ended with status 28.
 * What went wrong?", whose setting holds what it asks about. Nothing else moved at any of them. In the composer too
 * (the same weights): one more answer grounded (the ssh client's VerifyHostKeyDNS, told after "We publish SSHFP
 * records …"), gold inside the answer +3 −3.
 */
const SETTING_WEIGHT = 0.5;

/** The measure word of "how long / many / much …" and the "take" of "how long does it take": the question's form. */
const HOW_MEASURE = /\bhow (?:many|much|long|often|old|far|big|large|tall|soon)\b/gi;
const TAKE_AT_END = /\btakes?\b(?=[\s?.!]*$)/i;

/**
 * A Chinese question's question words ("什么", "哪一个", "多少"), the 是 or 在 right before one ("是哪", "在哪"; not
 * that of a word: 存在, 现在, 还是), the particles 的 and 了, and the colloquial "又叫" / "也叫" of "X又叫什么？"
 * (passages say 又名, 又称): the character pairs they form with their neighbours ("叫什", "是哪", "宇的", "任了",
 * "鹿又") are in no passage, so as terms they held every Chinese question's coverage down: on `cmrc-refusal` they
 * had 49 of its 500 answerable questions refused.
 */
const CJK_QUESTION_FORM = zhRegExp(
  /(?<![存所现正实还自于但就总只可要若或凡真即])[是在](?=为什么|什么|怎么|怎样|如何|哪|谁|多少|几)|为什么|什么样|什么|怎么样|怎么|怎样|如何|哪一?[里儿个些位种年天]?|谁|多少|几|为何|是否|吗|呢|的|了|[又也]叫/g,
);

/** "Out of the box" and its like say "default", the word a manual uses. */
const BY_DEFAULT_ANY = new RegExp(BY_DEFAULT_SAID.source, 'gi');

/**
 * The question without the words that only say what kind of answer it wants: they are in no passage's content. A
 * phrase asking for the default is read as the word.
 */
export function withoutQuestionForm(text: string): string {
  const question = text.replace(CJK_QUESTION_FORM, ' ').replace(BY_DEFAULT_ANY, ' default ');
  const q = question.replace(HOW_MEASURE, 'how');
  return /\bhow long\b/i.test(question) ? q.replace(TAKE_AT_END, '') : q;
}

/**
 * What a question sets aside, up to three words after "without", "instead of", "rather than", "other than",
 * "unlike", "except (for)" or "apart from" (or after "without giving them", "without using" …), to the end of the
 * clause: "… read the log files without giving them sudo", "… with the tsh client instead of plain ssh". The question
 * asks how to do without it, so an answer need not mention it. Another verb keeps its object, also after its subject:
 * "without losing EXIF data", "without following symlinks" and "without it deleting the original" are about EXIF,
 * symlinks and deleting the original. Returns the question with those words blanked
 * (same length).
 */
export function withoutAside(question: string): string {
  return question.replace(
    ASIDE,
    (all, words: string) => all.slice(0, all.length - words.length) + ' '.repeat(words.length),
  );
}
/** A word to the end of its clause: dots inside it ("pg_hba.conf", "node.js") are its own. */
const ASIDE_WORD = String.raw`(?:[^\s,;:!?.]|\.(?=[\p{L}\p{N}]))+`;
const ASIDE = new RegExp(
  String.raw`\b(?:without|instead\s+of|rather\s+than|other\s+than|unlike|except(?:\s+for)?|apart\s+from)\s+` +
    String.raw`(?:(?:(?:them|him|her|me|us|you|it)\s+)?` +
    String.raw`(?:using|giving|granting|needing|requiring|installing|running|calling|invoking|having)\s+` +
    String.raw`(?:(?:them|him|her|me|us|you|it)\s+)?)?(?!(?:(?:them|him|her|me|us|you|it)\s+)?[\p{L}]+ing\b)` +
    String.raw`((?:${ASIDE_WORD}\s+){0,2}${ASIDE_WORD})`,
  'giu',
);

/**
 * Terms of the question's capitalised words, but the first of each sentence, as of the question ("Anything to watch
 * out for?" names nothing; a word no dictionary has still counts as one where it opens a sentence: "Rsync too?").
 */
const nameTerms = (question: string): Set<string> =>
  new Set(
    nameSpans(question).flatMap((s) => terms(s.start === 0 || s.sentenceStart ? s.text.replace(/^\S+/, '') : s.text)),
  );

/** The question's numbers, names and words that are not ordinary English: what an answer must hold. */
export function specificTerms(question: string): ReadonlySet<string> {
  const out = nameTerms(question);
  for (const t of terms(question, true))
    if (/\d/.test(t) || (!hasCjk(t) && !isEnglishWord(t) && !isPrefixedWord(t))) out.add(t);
  return out;
}

/** A text's terms once each, and how often it says each (in the set's order, capped at 65,535). */
type TermsEntry = { set: ReadonlySet<string>; counts: Uint16Array };

const memo = new Map<string, TermsEntry>();
const MEMO_MAX = 4000;

/**
 * A text's terms, memoised: a run grades, composes, verifies and hops over the same chunks, and the same chunks come
 * back across runs. Oldest entries go first once the memo is full. The counts are a typed array beside the set, not
 * a map of their own: a full memo of SciFact abstracts holds 28 MB of sets, and maps would have added 15 MB.
 */
function termsOf(text: string): TermsEntry {
  const hit = memo.get(text);
  if (hit) return hit;
  const index = new Map<string, number>();
  const tally: number[] = [];
  for (const t of terms(text)) {
    const i = index.get(t);
    if (i === undefined) {
      index.set(t, tally.length);
      tally.push(1);
    } else tally[i]!++;
  }
  const entry = { set: new Set(index.keys()), counts: Uint16Array.from(tally, (n) => Math.min(n, 65535)) };
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(text, entry);
  return entry;
}

/** The term set of a text (memoised). */
export function termSet(text: string): ReadonlySet<string> {
  return termsOf(text).set;
}

/** A text's terms, each with how often the text says it (memoised). */
export type TermCounts = { readonly size: number; [Symbol.iterator](): Iterator<readonly [string, number]> };

/** How often a text says each of its terms (memoised). */
export function termCounts(text: string): TermCounts {
  const { set, counts } = termsOf(text);
  return {
    size: set.size,
    *[Symbol.iterator]() {
      let i = 0;
      for (const t of set) yield [t, counts[i++]!] as const;
    },
  };
}

const commonPrefix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * A term is present when the text has it, or a form of it the light stemmer did not join: a shared stem of six
 * or more letters ("epigenetically" / "epigenetic"), or a long part of a compound ("admpchordin" / "chordin").
 */
export function hasTerm(have: ReadonlySet<string>, t: string): boolean {
  if (have.has(t)) return true;
  if (t.length < 6 || /\d/.test(t)) return false;
  for (const h of have) {
    if (h.length < 5) continue;
    if (commonPrefix(t, h) >= 6 || (h.length >= 6 && (t.includes(h) || h.includes(t)))) return true;
  }
  return false;
}

/**
 * What a term missing from a text counts when the text has a synonym of it ("peak" asked, "maximum" written): half,
 * since a synonym group's words are interchangeable only mostly ("stop" a program or "block" other users).
 */
const SYNONYM_CREDIT = 0.5;

/** How much of a term a text's term set holds: 1 the term, `SYNONYM_CREDIT` only a synonym of it, else 0. */
const credit = (have: ReadonlySet<string>, t: string, synonym = SYNONYM_CREDIT): number =>
  hasTerm(have, t) ? 1 : hasSynonym(have, t) ? synonym : 0;

/** Weighted share of the question's terms present in a text's term set (a synonym counts `SYNONYM_CREDIT`). */
export function coverage(q: WeightedTerms, have: ReadonlySet<string>): number {
  let total = 0;
  let hit = 0;
  for (const [t, w] of q) {
    total += w;
    hit += w * credit(have, t);
  }
  return total ? hit / total : 0;
}

/**
 * Share of the question's *specific* key terms present — numbers, names, words that are not ordinary English — or 1
 * when it has none. Long English words weigh double in coverage but are not required: a paraphrase ("an interrupted
 * download") is answerable without them. A key term held only as its synonym ("RAM" asked, "memory" written) counts
 * `SYNONYM_CREDIT`, as in `coverage`: over the folder sets only a Knot DNS question moved (refused with "the rough
 * estimate for memory requirements …" in its best chunk; now answered), at half credit as at full. `synonym` sets
 * that credit.
 */
export function keyCoverage(
  specific: ReadonlySet<string>,
  have: ReadonlySet<string>,
  synonym = SYNONYM_CREDIT,
): number {
  if (specific.size === 0) return 1;
  let hit = 0;
  for (const t of specific) hit += credit(have, t, synonym);
  return hit / specific.size;
}

export const numbersIn = (text: string): string[] => text.match(/\d+(?:[.,]\d+)*/g) ?? [];
