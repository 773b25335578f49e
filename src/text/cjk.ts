/** Han, Hiragana, Katakana, Hangul and CJK punctuation-free ideographs: scripts written without spaces. */
export const CJK_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
export const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;

export const hasCjk = (text: string): boolean => CJK_CHAR.test(text);

/** The CJK runs of a text joined by spaces: what the n-gram full-text column indexes. */
export const cjkOnly = (text: string): string => (text.match(CJK_RUN) ?? []).join(' ');
