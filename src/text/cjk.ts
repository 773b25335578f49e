import { zhReadings } from './zh-fold.ts';
import { zhChars, zhSpellings } from './zh-variants.ts';

/** Han, Hiragana, Katakana, Hangul and CJK punctuation-free ideographs: scripts written without spaces. */
export const CJK_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
export const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;

export const hasCjk = (text: string): boolean => CJK_CHAR.test(text);

/** How many CJK characters a text holds. */
export const cjkCount = (text: string): number => (text.match(CJK_RUN) ?? []).join('').length;

/**
 * Whether a text is written mostly in a CJK script: as many CJK characters as Latin letters or more ("我把外接硬碟寫進
 * /etc/fstab 之後…" is; "What does 你好 mean in the greeting list?" is not).
 */
export function mostlyCjk(text: string): boolean {
  const cjk = cjkCount(text);
  return cjk > 0 && cjk >= (text.match(/[A-Za-z]/g)?.length ?? 0);
}

/**
 * The CJK runs of a text joined by spaces, in simplified characters (`toSimplifiedChars`), each followed by its reading
 * in the mainland's words when it holds Taiwan's (`mainlandVariant`): what the n-gram full-text column indexes, so a
 * question in either script, or in Taiwan's words, finds passages in the other (`zh-manuals-2`'s questions asked in
 * Taiwan's script over its simplified manuals: grounded 0.70 → 0.43 before, answerable refused 1 → 8 of 30).
 * `asWritten` keeps the characters, as a column filled before stop 66 (chunk-v5 and older) holds them.
 */
export const cjkOnly = (text: string, asWritten = false): string => {
  const runs = text.match(CJK_RUN) ?? [];
  return (asWritten ? runs : runs.flatMap((run) => zhReadings(run))).join(' ');
};

/**
 * The distinct character pairs of a text's CJK runs: what a query looks up in the n-gram column, one pair at a time.
 * The column's tokenizer cuts a query's runs into its pairs and triples as it cuts a chunk's; the triples of a question
 * in a user's words ("我服务器上的日志…") mostly span its words, and ranking them beside the pairs put fewer answers in
 * a top-5 chunk (see the design notes, "Chinese retrieval"). As the column holds them (`cjkOnly`), or `asWritten`
 * for a column filled before it did (chunk-v5 and older).
 */
export function cjkPairs(text: string, asWritten = false): string[] {
  const out = new Set<string>();
  const add = (run: string) => {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  };
  for (const run of text.match(CJK_RUN) ?? []) for (const reading of asWritten ? [run] : zhReadings(run)) add(reading);
  return [...out];
}

/**
 * Characters that do not start or continue a name: function characters, question words, pronouns and modals. A
 * question opening with one ("谁设计了该教堂？", "在选举中…", "能给我介绍…") does not open with its topic.
 */
const NOT_A_NAME = new Set(
  zhChars(
    '的了是在和与及或而也都就把被对为从以之于其这那个们吗呢吧啊又还将已曾谁哪什几怎如能请给我你他她它有会可要让使该此每各',
  ),
);
const HAN_WORD = /^\p{Script=Han}+$/u;
/**
 * Words of time and frequency a user opens with ("刚才手滑…", "最近升级以后网络连不上了", "有时候不得不…"): when it happened,
 * not what the question is about.
 */
const WHEN = new Set(
  zhSpellings(
    '刚才 刚刚 最近 近来 现在 目前 今天 昨天 明天 前天 昨晚 今晚 今早 早上 晚上 上午 下午 中午 半夜 周末 去年 今年 以前 之前 后来 突然 忽然 有时 有时候 偶尔 经常 平时 一直 总是 每天 每次 当时 刚开始 一开始'.split(
      ' ',
    ),
  ),
);
/**
 * A break between clauses or sentences. A question told so opens with the asker's situation, not with its topic:
 * "同事还在用老版本的 KiCad，我用新的大版本打开他的工程…，他那边还能打开吗？" (同事), "手上有个色环电阻，…" (手上),
 * "机房里那台服务器离我工位很远，…" (机房里). Over `cmrc-refusal`, `zh-manuals-2`, `-3` and `-5`, the opening word had
 * refused 16 unanswerable questions (15 of `cmrc-refusal`'s, each one clause: "杜甫的字是什么？") and 4 answerable
 * ones, all told in clauses, as was the other unanswerable one; without a topic for those: grounded +2, answerable
 * refused −4, unanswerable refused −1.
 */
const CLAUSES = /[，；。！？]|[,;!?](?=\s|[\u3400-\u9fff]|$)/u;
/** The marks a question ends with, closing quotes and brackets after them included. */
const ENDS = /[。！!？?\s"'”’」』）)]+$/u;
/**
 * What a break inside does not make a clause of: a title, a quotation or an aside in brackets ("《停止！！ 云雀》是谁的
 * 漫画作品？" is one clause), and ASCII marks inside Latin text ("Yahoo!Mail", "1,000", "libc6,libc6-dev").
 */
const ENCLOSED = /《[^》]*》|“[^”]*”|「[^」]*」|『[^』]*』|（[^）]*）|\([^)]*\)|"[^"]*"/gu;
/** Whether a question is told in more than one clause or sentence. */
const inClauses = (question: string): boolean => CLAUSES.test(question.trim().replace(ENDS, '').replace(ENCLOSED, ' '));
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : undefined;

/**
 * The topic a Chinese question opens with, which a source that can answer it must mention: a dictionary word
 * ("乌鲁木齐的面积是多少？", "贝多芬的…") or a name the dictionary lacks, which the segmenter leaves as single characters
 * ("屠|呦|呦", "周|杰|伦"; two or three of them; one joined with the word after it: "袁|隆平"). None when the
 * question opens with a function or question word, is told in more than one clause or sentence (`inClauses`), or the
 * runtime has no word segmenter.
 */
export function cjkTopic(question: string): string | undefined {
  if (!segmenter || inClauses(question)) return undefined;
  const segments = [...segmenter.segment(question.trim())];
  const at = segments.findIndex((s) => s.isWordLike);
  // The words from the first one on, up to the first mark: "艾|布|·|达…" is no three-character name.
  const words: string[] = [];
  for (const s of segments.slice(at < 0 ? segments.length : at)) {
    if (!s.isWordLike) break;
    words.push(s.segment);
  }
  const first = words[0];
  if (!first || !HAN_WORD.test(first) || [...first].some((c) => NOT_A_NAME.has(c)) || WHEN.has(first)) return undefined;
  if (first.length >= 2) return first;
  let name = first;
  for (const w of words.slice(1)) {
    if (w.length !== 1 || !HAN_WORD.test(w) || NOT_A_NAME.has(w) || name.length === 3) break;
    name += w;
  }
  const next = words[1] ?? '';
  if (name.length === 1 && next.length === 2 && HAN_WORD.test(next) && ![...next].some((c) => NOT_A_NAME.has(c)))
    name += next;
  return name.length >= 2 ? name : undefined;
}
