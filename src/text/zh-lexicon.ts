import { withoutQuestionForm } from './coverage.ts';
import { toSimplifiedChars } from './zh-fold.ts';
import { ZH_PAIR_WORDS } from './zh-words.ts';

let lexicon: { words: ReadonlySet<string>; chars: ReadonlySet<string> } | undefined;

/** The dictionary's two-character words and the characters they use (read once). */
function read(): NonNullable<typeof lexicon> {
  if (!lexicon) {
    const words = new Set<string>();
    for (let i = 0; i + 1 < ZH_PAIR_WORDS.length; i += 2) words.add(ZH_PAIR_WORDS.slice(i, i + 2));
    lexicon = { words, chars: new Set(ZH_PAIR_WORDS) };
  }
  return lexicon;
}

/**
 * Whether a pair, as written or in simplified characters (`simple`, `toSimplifiedChars`: the dictionary writes its
 * words so; a few of the table's characters are simplified ones too, 乾 of 乾隆, 吒 of 哪吒), is a word of the dictionary.
 */
const inDictionary = (pair: string, simple: string): boolean => read().words.has(pair) || read().words.has(simple);

/** Whether a pair that is no word is made of characters the dictionary's words use (both read in simplified ones). */
const ofDictionaryChars = (simple: string): boolean => [...simple].every((c) => read().chars.has(c));

/** Whether two Chinese characters side by side are a word of the dictionary (`zh-words.ts`, from jieba's). */
export const isZhWord = (pair: string): boolean =>
  [...pair].length === 2 && inDictionary(pair, toSimplifiedChars(pair));

/**
 * Whether two Chinese characters side by side are no word: not one the dictionary holds (子女, 邮政, 乘船, 线程 are
 * words; so are 電腦 and 郵政, read in simplified characters), of characters its words use. A pair a sentence makes
 * across two of its words ("让系统每周自动把旧日志删掉" gives 统每 and 志删) is none; so are the pairs of a name the
 * dictionary lacks (陈荣, 荣捷). Until stop 61 a pair in traditional characters was never known to be none, so a
 * question in traditional characters kept every pair across its words: `zh-manuals-2` turned into traditional
 * characters (Taiwan's, with OpenCC) had 15 of its 30 answerable questions refused, against 1 in simplified ones.
 */
export function isZhNonWord(pair: string): boolean {
  const simple = toSimplifiedChars(pair);
  return [...simple].length === 2 && !inDictionary(pair, simple) && ofDictionaryChars(simple);
}

const KANA_HANGUL = /[\u3040-\u30ff\uac00-\ud7af]/u;
/** Pronouns and particles, which start or end a word and sit in no name: a pair holding one crosses words. */
const FUNCTION = /[我你您他她它们的了着过把被让给吗呢吧啊呀嘛就都也还又很太每]/u;
const HAN_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;

/**
 * The character pairs of a Chinese question across its words. A question in a user's own words is full of them
 * ("我服务器上的日志文件越来越大，能不能让系统每周自动把旧日志删掉" gives 我服, 件越, 能让, 统每, 志删 …): they are how it is
 * put, not what it asks, and a passage that answers it holds them only by chance. Grading leaves those the best
 * chunks lack out of the question's coverage (`unusedPairs`); counted, they had held nearly every such question under
 * the coverage floor. A pair across words is one that is no word (`isZhNonWord`) beside one that is (统每 between 系统
 * and 每周), or one holding a pronoun or particle (我服, 让系): the pairs of a name the dictionary lacks (陈荣, 荣捷 in
 * "历史学家陈荣捷有几个子女？") are neither and still count, and so does every word (子女). Stop 55 left out only the pairs no
 * chunk of the source held (one n-gram lookup each); a pair the source holds elsewhere (能让 in "这个功能让…") is no more
 * part of what is asked, and leaving those out too refused 8 fewer of `zh-manuals-2`'s 30 answerable questions and no
 * more of its unanswerable ones. Japanese and Korean questions have none (the dictionary is Chinese). The pairs are
 * given in simplified characters (`toSimplifiedChars`), as `terms` reads a passage's run; a question's run holding
 * Taiwan's words is read in the mainland's instead (`terms(…, true)`), where such a pair may be none of its terms.
 */
export function pairsAcrossWords(question: string): string[] {
  const out = new Set<string>();
  if (KANA_HANGUL.test(question)) return [];
  for (const run of withoutQuestionForm(question).normalize('NFKC').match(HAN_RUN) ?? []) {
    // The run in simplified characters, read once: the table maps each character to one.
    const chars = [...run];
    const simple = [...toSimplifiedChars(run)];
    const pair = (cs: readonly string[], i: number) => cs[i]! + cs[i + 1]!;
    const word = (i: number) => i >= 0 && i + 1 < chars.length && inDictionary(pair(chars, i), pair(simple, i));
    for (let i = 0; i + 1 < chars.length; i++)
      if (
        !word(i) &&
        ofDictionaryChars(pair(simple, i)) &&
        (word(i - 1) || word(i + 1) || FUNCTION.test(pair(simple, i)))
      )
        out.add(pair(simple, i));
  }
  return [...out];
}
