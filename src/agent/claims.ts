import { splitClaims as splitAnswer } from '../text/index.ts';
import type { Claim } from './reasoner/types.ts';

/** An answer's claims (sentences) with the [n] markers each carries; markers are stripped from the text. */
export const splitClaims = (answer: string): Claim[] =>
  splitAnswer(answer).map((c) => ({ text: c.text, cites: c.citations }));

/** Rebuild the answer text from claims, one marker per cited number. */
export const joinClaims = (claims: readonly Claim[]): string =>
  claims.map((c) => `${c.text}${c.cites.map((n) => ` [${n}]`).join('')}`).join(' ');
