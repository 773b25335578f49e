export { type AnswerType, answerTypeOf, holdsAnswerType, holdsPath } from './answer-type.ts';
export { isBookIndexChunk } from './book-index.ts';
export { CJK_CHAR, cjkCount, cjkOnly, cjkPairs, cjkTopic, hasCjk, mostlyCjk } from './cjk.ts';
export { type Claim as AnswerClaim, isSourceLine, splitClaims } from './claims.ts';
export {
  askWeighted,
  coverage,
  hasTerm,
  keyCoverage,
  numbersIn,
  questionTerms,
  specificTerms,
  type TermCounts,
  termCounts,
  termSet,
  type WeightedTerms,
  withoutAside,
  withoutQuestionForm,
} from './coverage.ts';
export { DescribedNames, definitionsIn, folderName, type OpeningChunk } from './definitions.ts';
export { editDistance, swappedLetters, variantOf } from './edit-distance.ts';
export { folderNames } from './folders.ts';
export {
  compoundNames,
  compoundParts,
  compoundPattern,
  definedAcronyms,
  type FocusTerm,
  focusTerms,
  identifiers,
  identifierText,
  isMisspelling,
  mentionsTerm,
  namesRelease,
  releaseTerms,
  writesAsName,
} from './identifiers.ts';
export { asksLegal, isLegalChunk, isLegalSentence, licenceAside } from './legal.ts';
export { isEnglishWord, isPrefixedWord } from './lexicon.ts';
export { type NameSpan, nameSpans } from './names.ts';
export {
  entryAsked,
  entryClause,
  optionOwner,
  programName,
  programNamed,
  subjectOf,
  withoutOtherKinds,
} from './option-owner.ts';
export { escapeRegExp } from './regexp.ts';
export {
  askingPart,
  askingSentence,
  optionOfRow,
  PARAGRAPH_BREAK,
  POINTS_BACK,
  questionSentences,
  type Span,
  splitSentences,
  statesClaim,
} from './sentences.ts';
export {
  CJK_STOP_CHARS,
  EMBEDDER_CJK_STOP_CHARS,
  EMBEDDER_STOP_WORDS,
  isStopWord,
  STOP_WORDS,
} from './stopwords.ts';
export { hasSynonym, synonymWords } from './synonyms.ts';
export { isEntityTitle, isNameLike, isProperName, nameOf, qualifierOf, TitleIndex } from './titles.ts';
export { contentTokens, countTokens, isCjkToken, stem, terms, tokens } from './tokenize.ts';
export { splitUnits, UNITS } from './units.ts';
export { mainlandVariant, toSimplifiedChars, zhReadings } from './zh-fold.ts';
export { isZhNonWord, isZhWord, pairsAcrossWords } from './zh-lexicon.ts';
export { zhRegExp } from './zh-variants.ts';
