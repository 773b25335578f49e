import { STOP_WORDS } from './stopwords.ts';

/** Words that say what kind of option is asked for, not whose: "the long option", "a global flag". */
const KINDS = new Set(
  'long short default global local new old same other another verbose boolean single extra additional main right correct best command cli config configuration runtime startup experimental following certain specific special separate optional required useful'.split(
    ' ',
  ),
);

const BEFORE =
  /(?<![\p{L}\p{N}_.+-])([\p{L}][\p{L}\p{N}_.+-]*?)(?:['’]s)?\s+(?:command[- ]line\s+)?(?:option|flag|switch)(?:es|s)?\b/giu;
const AFTER = /\b(?:option|flag|switch)(?:es|s)?\s+(?:of|for|in)\s+([\p{L}][\p{L}\p{N}_.+-]*)/giu;

/**
 * The program whose option a question asks for: "Which grep option prints only the match?", "rsync's flag for …",
 * "an option of tar that …". An option's own name ("the --sandbox option") is not its owner, nor a word saying what
 * kind of option ("the long option"). Answering needs a passage documenting that program, not one that mentions it.
 */
export function optionOwner(question: string): string | undefined {
  for (const re of [BEFORE, AFTER])
    for (const m of question.matchAll(re)) {
      const w = m[1]!.toLowerCase().replace(/[.]+$/, '');
      if (w.length >= 2 && !STOP_WORDS.has(w) && !KINDS.has(w) && !/^\d/.test(w)) return w;
    }
  return undefined;
}
