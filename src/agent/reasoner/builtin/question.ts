import {
  type AnswerType,
  answerTypeOf,
  askingSentence,
  asksLegal,
  askWeighted,
  focusTerms,
  STOP_WORDS,
  termSet,
  type WeightedTerms,
  withoutAside,
} from '../../../text/index.ts';

/** What the composer reads off a question to score the sentences that may answer it. */
export type Question = {
  terms: WeightedTerms;
  asked: ReadonlySet<string>;
  type: AnswerType;
  focus: string[];
  raw: string;
  /** A question answered by yes or no ("Can I attach …?", "Does sed …?"). */
  yesNo: boolean;
  /**
   * A question a statement that something is not, or only, so answers: a yes/no question whose answer is a yes or a
   * no (not "Is there a way …?", which asks for the way), or one asking why something is not so (`NOT_SO`).
   */
  polar: boolean;
  /**
   * The values a question sets its options to ("all" in "What does --gen-suppressions=all do?"), as whole words: the
   * sentence of the option's entry that names the value answers ("When set to all, …"), though the value is often a
   * stop word.
   */
  values: RegExp[];
  /** The question's words as written (case kept, quotes and punctuation around them dropped). */
  names: ReadonlySet<string>;
  /** A question about terms of use (licence, copyright, warranty): licence text may answer it, and only it. */
  legal: boolean;
};

/** Whether a sentence starts with its term line's term ("2 One or more …" under "2"), so quoting it would repeat it. */
export const saysFirst = (text: string, term: string) =>
  term.length > 0 && text.startsWith(term) && !/[\p{L}\p{N}]/u.test(text[term.length] ?? '');

/** A word without the quotes, brackets and punctuation around it: `'x'` → x, `‘%e’,` → %e. */
export const bare = (w: string) => w.replace(/^[‘'"“`(]+|[’'"”`),.;:?!]+$/g, '');

/**
 * Whether a term line is a quoted or symbol-like term (`'x'`, `‘%e’`, `` `n` ``, a one- or two-character name) the
 * question names as written: the entry defines what it asks about, though its word is too short to be a search term.
 */
export function namesAsked(label: string, names: ReadonlySet<string>): boolean {
  if (label.length > 40) return false;
  return label.split(/,\s*/).some((t) => {
    const term = t.trim();
    const quoted = /^[‘'"“`].+[’'"”`]$/.test(term);
    const name = bare(term);
    // A short word of the question's own ("I", "a", "of") names nothing.
    const short = name.length <= 2 && !STOP_WORDS.has(name.toLowerCase());
    return (quoted || short) && name.length > 0 && names.has(name);
  });
}

const OPTION_VALUE = /(?:^|\s)--?[A-Za-z][\w-]*=([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu;

function optionValues(question: string): RegExp[] {
  return [...question.matchAll(OPTION_VALUE)].map((m) => {
    const value = m[1]!.replace(/[._-]+$/, '').replace(/\./g, '\\.');
    return new RegExp(`(?<![\\p{L}\\p{N}])${value}(?![\\p{L}\\p{N}])`, 'iu');
  });
}

/**
 * "Is there a way …?", "Is it possible to …?", "Does fetcher have an option to …?" ask for the way: what to do answers
 * them, not a yes or a no. So does "Can I make it …?" or "Can I get it to …?", which asks to have something done ("Can
 * I make it just save on exit without asking?" is answered by nano's "Save a changed buffer without prompting", not
 * by a "not" in its history). "Can I describe a C struct with bit fields to libffi?" and "Can I get the files back?"
 * still ask whether.
 */
const EXISTENTIAL =
  /^(?:(?:is|are|was|were) there|will there be|is it possible|(?:can|could) (?:i|we|you) (?:make \S+|get (?:\S+ ){1,3}to )|(?:does|do|did) (?:\S+ ){1,3}(?:have|offer|provide) (?:a|an|any|some) (?:way|option|flag|setting|switch|command))\b/i;
/**
 * "Why didn't it catch that?", "Why won't ed let me …?", "Why does X not …?": a question why something is not so,
 * answered like a yes/no question by a statement that something is not, or only, so ("Memcheck doesn't do bounds
 * checking on global or stack arrays", the third sentence of that answer). Over the folder sets and dev halves: one
 * more answer grounded (that one), none lost, two others leading with their gold sentence as before or now. "What am
 * I missing?", "What went wrong?" and "What am I doing wrong?" are left out: they took answers that had led with the
 * explanation (an exit status's meaning, what LANG must be) to a sentence with a "not".
 */
const NOT_SO =
  /\bwhy (?:(?:did|does|do|is|are|was|were|ca|could|would|wo|should|has|have)n['’]t|can['’]?not|(?:did|does|do|is|are|was|were|can|could|would|will|should|has|have) (?:\S+ ){1,3}not)\b/i;
const YES_NO = /^(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|must|has|have|had)\b/i;

/** The question as the composer scores against it; `chunks` are the candidate chunks' texts, lower-cased. */
export function readQuestion(question: string, chunks: readonly string[]): Question {
  const asks = askingSentence(question);
  const yesNo = YES_NO.test(asks);
  return {
    // The setting's words at half weight, as grading reads the question.
    terms: askWeighted(question, asks),
    asked: termSet(question),
    type: answerTypeOf(question),
    // A focus term that every chunk holds is the corpus's subject ("fetcher" in fetcher's manual): it tells nothing.
    // A compound name, or an ordinary word used as a name, only decides whether the source is about the question;
    // what the question sets aside ("without giving them sudo") is what the answer does without.
    focus: focusTerms(withoutAside(question))
      .filter((f) => f.kind !== 'compound' && f.kind !== 'word')
      .map((f) => f.term)
      .filter((f) => chunks.filter((t) => t.includes(f)).length < Math.max(2, 0.8 * chunks.length)),
    raw: question,
    yesNo,
    polar: (yesNo && !EXISTENTIAL.test(asks)) || NOT_SO.test(asks),
    legal: asksLegal(question),
    values: optionValues(question),
    names: new Set(question.split(/\s+/).map(bare).filter(Boolean)),
  };
}
