import { zhChars, zhSpellings } from './zh-variants.ts';

// A compact English stop list (function words only): content words must survive it.
const WORDS =
  'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves also may might must shall into onto upon via per whether either neither yet s t d ll m re ve';

/**
 * The builtin embedder's stop list: its vectors (`builtin-hash-v3`) depend on it, so it stays as it is; a change
 * would need a new embedder id.
 */
export const EMBEDDER_STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(' '));

/**
 * What an apostrophe leaves of a negated auxiliary ("isn't" → isn, "didn't" → didn): function words, never a name a
 * question asks about ("… when INPUTRC isn't set?" was refused for "no passage about isn").
 */
const NEGATED_AUXILIARIES =
  'ain aren couldn didn doesn hadn hasn haven isn mightn mustn needn shan shouldn wasn weren wouldn';

/** Function words for reading questions and texts (the embedder's list and the negated auxiliaries). */
export const STOP_WORDS: ReadonlySet<string> = new Set([...WORDS.split(' '), ...NEGATED_AUXILIARIES.split(' ')]);

const CJK_FUNCTION_CHARS = '的了是在和与及或而也都就把被对为从以之于其这那个们吗呢吧啊';
/**
 * The builtin embedder's Chinese function characters, as simplified text writes them: its vectors
 * (`builtin-hash-v3`) depend on them, so they stay as they are (traditional ones are features of its vectors).
 */
export const EMBEDDER_CJK_STOP_CHARS: ReadonlySet<string> = new Set(CJK_FUNCTION_CHARS);

/** Chinese function characters that carry no topic on their own, in simplified and traditional forms. */
export const CJK_STOP_CHARS: ReadonlySet<string> = new Set(zhChars(CJK_FUNCTION_CHARS));

/** Chinese question and function words of two characters: they ask, they do not name a topic ("什么", "什麼", "甚麼"). */
export const CJK_STOP_BIGRAMS: ReadonlySet<string> = new Set(
  zhSpellings(
    '什么 怎么 怎样 如何 哪里 哪个 哪些 为什 为何 是否 多少 可以 一个 这个 那个 这些 那些 我们 你们 他们 它们 因为 所以 但是 如果 就是 还是 或者 以及 并且 么是 是什'.split(
      ' ',
    ),
  ),
);

export const isStopWord = (w: string): boolean => STOP_WORDS.has(w);
