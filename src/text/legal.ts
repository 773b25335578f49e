/**
 * Terms of use: a section or file about the licence ("GNU Free Documentation License", `COPYING`), or a sentence
 * stating copyright, a licence grant or a warranty disclaimer. Every GNU manual and most READMEs hold some; they
 * answer nothing about the program (they had been cited for "How can I make sed understand +, ? and | …?"), and a
 * word they use ("PNG" among the GFDL's transparent formats) is no passage about it.
 */
const LEGAL_SECTION = new RegExp(
  String.raw`(?<![\w-])(?:licen[cs]es?|copyright|legal notices?|warrant(?:y|ies))\b|` +
    String.raw`^\s*(?:[a-z]?[\d.]+\s+)?copying(?:\s+(?:this manual|conditions))?\s*$`,
  'i',
);
/**
 * A heading naming a licence, which heads every section of its text ("GNU GENERAL PUBLIC LICENSE", "Apache License,
 * Version 2.0").
 */
const LICENCE_NAME = /(?<![\w-])licen[cs]e(?:,?\s+(?:version\s+)?v?\d+(?:\.\d+)*)?\s*$/i;
/** A licence file's own title (`LICENSE`, `COPYING.txt`); other titles may be names ("Licence to Kill"). */
const LEGAL_FILE = /^(?:licen[cs]e|copying|copyright|notice)s?(?:\.\w+)?$/i;
const LEGAL_SENTENCE =
  /\bcopyright\b|©|\bpermission is (?:hereby )?granted\b|\ball rights reserved\b|\bwithout (?:any )?warranty\b|\bmerchantability\b|\blicensed under\b|\b(?:free documentation|general public|open source) licen[cs]e\b|\binvariant sections\b|\bfront-cover texts?\b/i;
/** A question about terms of use, which licence text does answer. */
const LEGAL_QUESTION =
  /\b(?:licen[cs]e[sd]?|licensing|copyright\w*|copying|warrant(?:y|ies)|permission|(?:re)?distribut\w*|trademarks?|patents?|legal)\b/i;

/**
 * Whether a chunk is terms of use: its document is a licence file, its section or the one right above it is about
 * the licence ("GNU General Public License > Preamble"; not an option's entry, "--warranty", nor "Copying Existing
 * Permissions"), or some heading above it names a licence ("GNU GENERAL PUBLIC LICENSE > TERMS AND CONDITIONS > 0.
 * Definitions."). Not a far ancestor that only mentions one: release notes that open with a "License change" heading
 * nest every later heading under it.
 */
export const isLegalChunk = (c: { title: string; heading_path: readonly string[] }): boolean =>
  LEGAL_FILE.test(c.title.trim()) ||
  c.heading_path.slice(-2).some((h) => LEGAL_SECTION.test(h)) ||
  c.heading_path.some((h) => LICENCE_NAME.test(h));

/** Whether a sentence states copyright, a licence grant or a warranty disclaimer. */
export const isLegalSentence = (s: string): boolean => LEGAL_SENTENCE.test(s);

/** Whether a question asks about terms of use (licence, copyright, redistribution …). */
export const asksLegal = (question: string): boolean => LEGAL_QUESTION.test(question);

/**
 * Licence text the question does not ask about: no passage about anything it names ("PNG" among the GFDL's
 * transparent formats), so the focus check and promotion pass over it.
 */
export const licenceAside = (question: string): ((c: Parameters<typeof isLegalChunk>[0]) => boolean) =>
  asksLegal(question) ? () => false : isLegalChunk;
