export { CJK_CHAR, cjkOnly, hasCjk } from './cjk.ts';
export { type Span, splitSentences } from './sentences.ts';
export { isStopWord, STOP_WORDS } from './stopwords.ts';
export { contentTokens, countTokens, isCjkToken, stem, terms, tokens } from './tokenize.ts';
