import { ZH_PAIR_WORDS } from './zh-words.ts';

let words: ReadonlySet<string> | undefined;
let chars: ReadonlySet<string> | undefined;

/**
 * Whether two Chinese characters side by side are no word: a pair a sentence makes across two of its words ("让系统
 * 每周自动把旧日志删掉" gives 统每 and 志删), not one a dictionary holds (子女, 邮政, 乘船, 线程 are
 * words; `zh-words.ts`, from jieba's dictionary). Only for characters its words use: a pair written in traditional
 * characters, which it lacks, is not known to be none.
 */
export function isZhNonWord(pair: string): boolean {
  if (!words || !chars) {
    const w = new Set<string>();
    for (let i = 0; i + 1 < ZH_PAIR_WORDS.length; i += 2) w.add(ZH_PAIR_WORDS.slice(i, i + 2));
    words = w;
    chars = new Set(ZH_PAIR_WORDS);
  }
  const known = chars;
  return !words.has(pair) && [...pair].every((c) => known.has(c));
}
