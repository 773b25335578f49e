import { withoutAside } from './coverage.ts';
import { folderNames } from './folders.ts';
import { isEnglishWord } from './lexicon.ts';
import { escapeRegExp } from './regexp.ts';
import { askingSentence } from './sentences.ts';
import { STOP_WORDS } from './stopwords.ts';

/** Words that say what kind of option or command is asked for, not whose: "the long option", "a unix command". */
const KINDS = new Set(
  [
    'long short default global local new old same main best first last next other command cli config runtime startup',
    // Where a command runs, not whose it is: "Which unix command lists open files?"
    'shell terminal console system builtin unix linux posix gnu bsd macos mac windows dos',
    // A word for a program, not its name: "Is there a gettext tool option that …?"
    'tool tools utility program app application binary executable script',
    // How many, not whose: "Why don't those two options work together?"
    'one two three four five six seven eight nine ten several many few both',
  ]
    .join(' ')
    .split(' '),
);

const BEFORE =
  /(?<![\p{L}\p{N}_.+-])([\p{L}][\p{L}\p{N}_.+-]*?)(?:['’]s)?\s+(?:command[- ]line\s+)?(?:option|flag)s?\b/gu;
/**
 * "Which git command …", "Which libffi function …", "Which zsh module …": a command, function or module asked for
 * by its program ("the undef command in pic" names the command).
 */
const COMMAND =
  /\b(?:which|what)\s+([\p{L}][\p{L}\p{N}_.+-]*?)(?:['’]s)?\s+(?:(?:sub)?commands?|functions?|modules?|builtins?|plugins?)\b/giu;
const AFTER = /\b(?:option|flag|subcommand)s?\s+(?:of|for|in)\s+([\p{L}][\p{L}\p{N}_.+-]*)/gu;

/**
 * Whether a word of a question reads as a program's name: written in lower case ("grep", not "Country's"), and an
 * identifier (`pg_dump`), a word that is not ordinary English (`rsync`), or a short one (`tar`, `git`, `make`: most
 * Unix tools' names are short English words); "cheapest", "export" or "example" are not.
 */
function programLike(word: string): boolean {
  if (word !== word.toLowerCase() || !nameWord(word)) return false;
  return /[_.+-]/.test(word) || !isEnglishWord(word) || word.length <= 4;
}

/** A word that may be a name: not a stop word, a number or a word for a kind of program ("tool", "unix"). */
const nameWord = (word: string) => word.length >= 2 && !/^\d/.test(word) && !STOP_WORDS.has(word) && !KINDS.has(word);

/**
 * The program whose option or command a question asks for: "Which grep option prints only the match?", "rsync's flag
 * for …", "an option of tar that …", "Which git command shows …". An option's own name ("the --sandbox option") is not its owner, nor a word saying what
 * kind of option ("the long option"). Answering needs a passage documenting that program, not one that mentions it.
 */
export function optionOwner(question: string): string | undefined {
  for (const re of [BEFORE, COMMAND, AFTER])
    for (const m of question.matchAll(re)) {
      const w = m[1]!.replace(/[.]+$/, '');
      if (programLike(w)) return w;
    }
  return undefined;
}

/**
 * "… with the age tool?", "How do I make the watch command highlight …?": a program the question names as one, "the X
 * tool", "the X command", "the X program" or "the X utility", in the sentence that asks, not set aside ("without the
 * relay tool") nor only compared to ("like the wget command does"). Its name may be an ordinary word ("watch",
 * "make"), since the question says it is a program's, but not one saying which ("the recommended tool", "the running
 * program", "the equivalent command"). A command named with what it is in or for ("the reset command in pic", "the
 * tar command in scripts", "the cp command for a folder", "What does the reset command do in pic?") is left to the
 * rest of the question, as is "the X command line" (a way to run X). Wrongly passing a name over only loses a
 * refusal; wrongly taking a word for one refuses an answerable question.
 */
const NAMED_PROGRAM =
  /\b[Tt]he\s+([\p{Ll}][\p{L}\p{N}_.+-]*)\s+(?:tool|command|program|utility)(?![\p{L}\p{N}_-])(?!\s+line\b)(?!\s+(?:in|of|for|from|inside|within)\s)/gu;
/** A program named at the end of a question as the one a command is in: "… do in pic?" */
const IN_PROGRAM = /\b(?:in|of|inside|within)\s+([\p{L}][\p{L}\p{N}_.+-]*?)[\s?？!.]*$/u;
/** "like the wget command does": a program the question compares with. */
const COMPARED = /\b(?:like|unlike|than|as)\s+$/i;
/** Words that say which one, not whose: "the right tool", "the following command", "the second program". */
const WHICH_ONE = new Set(
  [
    'right wrong exact full whole correct proper actual real specific following above below previous original entire',
    'usual standard recommended preferred appropriate equivalent corresponding relevant necessary given suggested said',
    'underlying second third current parent child interactive external internal better faster slower newer older',
  ]
    .join(' ')
    .split(' '),
);
/**
 * A participle or superlative ("running", "failing", "recommended", "simplest"): which one, not a name. So is a
 * compound of English words ending in a participle ("the mail-pulling program", "the self-hosted tool"): it says
 * what the program does; a name's compound keeps its name ("the systemd-resolved program", "cups-browsed").
 */
const SAYS_WHICH = (w: string) => {
  const parts = w.split('-');
  const last = parts.at(-1)!;
  return parts.length > 1
    ? last.length >= 5 && /(?:ed|ing)$/.test(last) && parts.every((p) => isEnglishWord(p))
    : w.length >= 7 && /(?:ed|ing|est)$/.test(w) && isEnglishWord(w);
};

/**
 * A longer English word before "tool" or "program" says what the tool is for, not its name: "the archive tool" for
 * reprepro, "the backup program", "the compression utility". Tools named by English words have short names
 * (`watch`, `make`, `find`, `patch`); none of six letters or more had named a program in any folder set's question,
 * and one refused an answerable question (debian-manuals-20's reprepro question, "Can the archive tool do that?").
 */
const DOMAIN_WORD = (w: string) => w.length >= 6 && /^[a-z]+$/.test(w) && isEnglishWord(w);

/** The program a question names as one ("the age tool"), unless a word says only which one or what kind. */
export function programNamed(question: string): string | undefined {
  const asks = withoutAside(askingSentence(question));
  for (const m of asks.matchAll(NAMED_PROGRAM)) {
    const w = m[1]!.replace(/[.]+$/, '');
    if (!nameWord(w) || WHICH_ONE.has(w) || SAYS_WHICH(w) || COMPARED.test(asks.slice(0, m.index))) continue;
    if (DOMAIN_WORD(w)) continue;
    // "What does the reset command do in pic?": the command is pic's.
    const within = IN_PROGRAM.exec(asks.slice(m.index + m[0].length));
    if (within && programLike(within[1]!)) continue;
    return w;
  }
  return undefined;
}

/** The kinds of entry a question may ask for by what it does: "Which grep option …", "What function returns …". */
const KIND_OF_ENTRY =
  'options?|flags?|switch(?:es)?|(?:sub)?commands?|functions?|placeholders?|settings?|menus?|variables?|parameters?|directives?|macros?|modules?|builtins?|plugins?';
const ENTRY_KIND = new RegExp(
  `\\b(?:which|what)\\s+((?:(?!(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have)\\b)[\\p{L}\\p{N}_.+'’-]+\\s+){0,3}?)(?:command[- ]line\\s+)?(${KIND_OF_ENTRY})\\b`,
  'iu',
);
/** Another kind of entry the question also allows, right after the one it asks for: "Which zsh module or builtin …". */
const ALSO_KIND = new RegExp(
  `\\b(${KIND_OF_ENTRY})\\s+(?:or|and)\\s+(?:an?\\s+)?(?:${KIND_OF_ENTRY})(?![\\p{L}\\p{N}_-])`,
  'iu',
);
/**
 * The question without the other kind of entry it also allows: it says what is asked for, not what it does. Not the
 * words of what it does ("… the metadata and options sections of setup.cfg").
 */
export const withoutOtherKinds = (question: string): string => question.replace(ALSO_KIND, '$1');

/**
 * A question asking for an entry (an option, a command, a function…) by what it does: "Which gzip option sets how
 * many threads it uses?" Returns the kind of entry and the words that say whose it is ("gzip"); the rest of the
 * question says what the entry does. "What does the --sandbox option do?" names its entry instead, and is not one.
 */
export function entryAsked(question: string): { kind: string; owner: string } | undefined {
  const m = ENTRY_KIND.exec(question);
  if (!m) return undefined;
  const kind = m[2]!.toLowerCase();
  const owner = m[1]!.trim();
  // "What decides which program the lzip command runs?": a clause about the command, which asks for none.
  if (CLAUSE_AFTER.test(owner)) return undefined;
  // "Which military command …", "What function does the liver serve?": a command, function or setting is a
  // program's only when the question names the program ("Which libffi function …"); an option or flag always is.
  const ofProgram = owner.split(/\s+/).some((w) => programLike(w.replace(/['’]s$/, '')));
  return ENTRY_OF_PROGRAM.test(kind) || ofProgram ? { kind, owner } : undefined;
}

/**
 * A noun before an article or a possessive word: "which" opened a clause ("which program the lzip …"), not a
 * preposition before one ("which of the grep options", "which among the tar options").
 */
const CLAUSE_AFTER =
  /^(?!(?:of|among|in|from|for|on|within|inside)\s)\S+\s+(?:the|a|an|this|that|these|those|my|your|his|her|its|our|their)\s/iu;

/**
 * A second question joined after the first: after a comma, ", and what is its default?"; without one, an auxiliary
 * and its subject, " and does it work with --delete?" (not "… and is the opposite of -o", "… how and when").
 */
const JOINED_ASK =
  /,\s+(?:and|but)\s+(?=(?:which|what|how|where|when|why|who|whose|is|are|does|do|can|could|should|will|would)\b)|\s+(?:and|but)\s+(?=(?:is|are|does|do|can|could|should|will|would)\s+(?:it|they|there|that|this|you|i|we)\b)/giu;

/**
 * The part of an asking sentence that asks for the entry, up to a second question joined after it: "Which imapd.conf
 * setting limits the size of messages that Cyrus accepts over LMTP, and what is its default?" asks what the setting
 * does before its ", and". A question asked before the entry's ("Can Shorewall compile to nftables, and which option
 * …?") stays: it must be answered too.
 */
export function entryClause(sentence: string): string {
  const m = ENTRY_KIND.exec(sentence);
  if (!m) return sentence;
  for (const j of sentence.matchAll(JOINED_ASK)) if (j.index > m.index) return sentence.slice(0, j.index);
  return sentence;
}

/** Kinds of entry that only programs have. */
const ENTRY_OF_PROGRAM = /^(?:options?|flags?|switch(?:es)?|subcommands?|placeholders?|directives?)$/;

/**
 * A program's whole name in lower-cased text: `pg_dump` is not named by a page titled pg_restore, nor `git` by
 * "digit". A program the question names as one ("the age tool", not an option's owner) is named by a word of its
 * own, in titles too: not by "max-age" or "--watch-bind".
 */
export function programName(term: string, asOptionOwner: boolean): RegExp {
  const escaped = escapeRegExp(term.toLowerCase());
  return asOptionOwner
    ? new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'u')
    : new RegExp(`(?<![\\p{L}\\p{N}_.-])${escaped}(?![\\p{L}\\p{N}_-])`, 'u');
}

/** What a chunk says it is about, lower-cased: its title, heading path and folders (where a program's manual names it). */
export const subjectOf = (e: { title: string; heading_path: readonly string[]; path: string }): string =>
  `${e.title}\n${e.heading_path.join('\n')}\n${folderNames(e.path).join(' ')}`.toLowerCase();
