import { ZH_PAIR_WORDS } from './zh-words.ts';

let lexicon: { words: ReadonlySet<string>; chars: ReadonlySet<string> } | undefined;

/** The dictionary's two-character words, and the characters they use (read once). */
function read(): NonNullable<typeof lexicon> {
  if (!lexicon) {
    const words = new Set<string>();
    for (let i = 0; i + 1 < ZH_PAIR_WORDS.length; i += 2) words.add(ZH_PAIR_WORDS.slice(i, i + 2));
    lexicon = { words, chars: new Set(ZH_PAIR_WORDS) };
  }
  return lexicon;
}

/** Whether two Chinese characters side by side are a word of the dictionary (`zh-words.ts`, from jieba's). */
export const isZhWord = (pair: string): boolean => pair.length === 2 && read().words.has(pair);

/**
 * Whether two Chinese characters side by side are no word: not one the dictionary holds (子女, 邮政, 乘船, 线程 are
 * words), of characters its words use (a pair written in traditional characters, which it lacks, is not known to be
 * none). A pair a sentence makes across two of its words ("让系统每周自动把旧日志删掉" gives 统每 and 志删) is none;
 * so are the pairs of a name the dictionary lacks (陈荣, 荣捷).
 */
export function isZhNonWord(pair: string): boolean {
  if (pair.length !== 2) return false;
  const { words, chars } = read();
  return !words.has(pair) && chars.has(pair[0]!) && chars.has(pair[1]!);
}
